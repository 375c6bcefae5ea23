import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ApiKeyStrategy, createClient } from '@plaza/sdk';
import { startTestServer, type TestServer } from '../../server/src/test/harness.js';
import { createPlazaQueryClient, graphqlQueries, GraphQLQueryError, PlazaProvider, useGraphQL } from '../src/index.js';

/** useGraphQL and graphqlQueries against the real server, through a real SDK client. */
let srv: TestServer;
let client: ReturnType<typeof createClient>;

beforeAll(async () => {
  srv = await startTestServer();
  client = createClient({
    baseUrl: srv.url,
    auth: ApiKeyStrategy({ apiKey: await srv.createApiKey(['site.manage']) }),
  });
}, 60_000);
afterAll(async () => {
  await srv?.close();
});

type SiteName = { site: { site: { name: string; currency: string } } };
const SITE = '{ site { site { name currency } } }';

function ShopName() {
  const { data, status, error } = useGraphQL<SiteName>(SITE);
  if (status === 'error') return <p>{(error as GraphQLQueryError).status}</p>;
  return <h1>{status === 'success' ? data.site.site.name : status}</h1>;
}

describe('useGraphQL', () => {
  it('caches a query’s data by its text and variables, and renders it', async () => {
    const queryClient = createPlazaQueryClient();
    const options = graphqlQueries.query<SiteName>(client, SITE);
    expect(options.queryKey).toEqual(['plaza', 'graphql', SITE, {}]);
    const data = await queryClient.fetchQuery(options);
    expect(data.site.site.currency).toMatch(/^[A-Z]{3}$/);
    const html = renderToString(
      <PlazaProvider client={client} queryClient={queryClient}>
        <ShopName />
      </PlazaProvider>,
    );
    expect(html).toBe(`<h1>${data.site.site.name}</h1>`);
  });

  it('makes an answer with errors the query’s error, with the status REST would give (not retried)', async () => {
    const queryClient = createPlazaQueryClient();
    const error = await queryClient
      .fetchQuery(graphqlQueries.query(client, '{ settingsApiKeys { apiKeys { id } } }'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLQueryError);
    expect((error as GraphQLQueryError).status).toBe(403);
    expect((error as GraphQLQueryError).errors[0]!.extensions).toMatchObject({ code: 'FORBIDDEN' });
  });
});
