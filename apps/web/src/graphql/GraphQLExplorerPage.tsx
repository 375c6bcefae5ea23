import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import './explorer.css';
import { usePlaza } from '@plaza/react';
import { AdminGate } from '../admin/AdminGate.js';
import type { PlazaClient } from '../plaza.js';
import { graphqlFetcher } from './fetcher.js';

const START = `# Ctrl-Enter runs the query.
{
  __typename
}
`;

/** /graphql/:apiVersion: GraphiQL for the owner, in its own chunk (the editor is large; no page but this needs it). */
export default function GraphQLExplorerPage() {
  return (
    <AdminGate>
      <Explorer />
    </AdminGate>
  );
}

function Explorer() {
  const client = usePlaza<PlazaClient>();
  const { apiVersion = 'alpha' } = useParams();
  const fetcher = useMemo(() => graphqlFetcher(client, apiVersion), [client, apiVersion]);
  return (
    <div className="flex h-dvh flex-col">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-neutral-200 bg-white px-4 py-2">
        <Link to="/admin/api-keys" className="text-sm font-medium text-accent hover:underline">
          ← Dashboard
        </Link>
        <h1 className="text-base font-semibold">GraphQL explorer</h1>
        <span className="text-sm text-neutral-600">Version {apiVersion}</span>
      </header>
      <div className="plaza-graphiql min-h-0 flex-1">
        <GraphiQL fetcher={fetcher} defaultQuery={START} isHeadersEditorEnabled={false} />
      </div>
    </div>
  );
}
