import { createHash } from 'node:crypto';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { GraphQLError, getNullableType, GraphQLList, Kind, visit, getComplexity } from './graphql-js.js';
import type { ComplexityEstimator } from 'graphql-query-complexity';
import type { Caller } from '../kernel/caller.js';

/** The most a query may cost: a root field (one REST call) costs 10, a field 1, a list's fields count 10 times. */
export const MAX_COST = 5_000;
/** How deep a selection may nest: GraphiQL's own introspection query needs 15; the catalog's deepest shapes, 10. */
export const MAX_DEPTH = 16;
/** The longest query text accepted, in characters, and the most tokens the parser reads. */
export const MAX_QUERY_LENGTH = 20_000;
export const MAX_TOKENS = 4_000;

/**
 * Schema questions (`__schema`, `__type` and what they select) cost nothing: they read the schema in memory, never a
 * route, and only owners and API keys may ask them. GraphiQL's introspection query would otherwise cost ~20,000.
 */
const estimator: ComplexityEstimator = ({ type, field, childComplexity }) => {
  if (type.name.startsWith('__') || field.name.startsWith('__')) return 0;
  return 1 + (getNullableType(field.type) instanceof GraphQLList ? childComplexity * 10 : childComplexity);
};

const costs = new WeakMap<DocumentNode, number>();

/**
 * The query's cost, remembered per parsed document (mercurius keeps the parsed documents of recent queries) unless it
 * depends on the variables, which it does only through a `@skip` or `@include` whose condition is a variable.
 */
function costOf(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined): number {
  const known = costs.get(document);
  if (known !== undefined) return known;
  const cost =
    getComplexity({ schema, query: document, variables: variables ?? {}, estimators: [estimator] }) +
    rootFields(document) * 9;
  if (!conditionalOnVariables(document)) costs.set(document, cost);
  return cost;
}

function conditionalOnVariables(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Directive(node) {
      const conditional = node.name.value === 'skip' || node.name.value === 'include';
      if (conditional && node.arguments?.some((a) => a.value.kind === Kind.VARIABLE)) found = true;
    },
  });
  return found;
}

function rootFields(document: DocumentNode): number {
  let n = 0;
  for (const d of document.definitions) {
    if (d.kind === Kind.OPERATION_DEFINITION) n += d.selectionSet.selections.length;
  }
  return n;
}

const introspects = new WeakMap<DocumentNode, boolean>();

/** True when the document asks for `__schema` or `__type` (the whole schema, or a type's fields). */
function asksForSchema(document: DocumentNode): boolean {
  let found = introspects.get(document);
  if (found !== undefined) return found;
  found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') found = true;
    },
  });
  introspects.set(document, found);
  return found;
}

/** Owners and API keys may read the schema; so may anyone in development (GraphiQL, codegen). */
const mayIntrospect = (caller: Caller, development: boolean) =>
  development || caller.type === 'APP' || (caller.type === 'MEMBER' && caller.role === 'OWNER');

/** The errors a query is refused with before it runs: cost over the limit, introspection by a shopper. */
export function refusals(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  who: { caller: Caller; development: boolean },
): GraphQLError[] {
  if (asksForSchema(document) && !mayIntrospect(who.caller, who.development)) {
    return [
      new GraphQLError('Introspection is only for the site’s owners and API keys', {
        extensions: { code: 'INTROSPECTION_NOT_ALLOWED' },
      }),
    ];
  }
  let cost: number;
  try {
    cost = costOf(schema, document, variables);
  } catch (e) {
    // The cost reads the variables, so variables the operation can't take are refused here (mercurius does not check
    // them itself on the request that compiles a query).
    if (e instanceof GraphQLError) return [e];
    throw e;
  }
  if (cost > MAX_COST) {
    return [
      new GraphQLError(`The query costs ${cost}, more than the limit of ${MAX_COST}: ask for fewer fields or items`, {
        extensions: { code: 'QUERY_TOO_COSTLY', cost, maxCost: MAX_COST },
      }),
    ];
  }
  return [];
}

/**
 * Automatic persisted queries: a client sends a query's SHA-256 instead of its text; a miss asks it to send the text
 * once, which is then kept (per node, the most recent 2,000).
 */
export class PersistedQueries {
  private readonly byHash = new Map<string, string>();

  get(hash: string): string | undefined {
    return this.byHash.get(hash);
  }

  /** Keeps `query` under `hash`; false when the hash is not the query's. */
  save(hash: string, query: string): boolean {
    if (createHash('sha256').update(query).digest('hex') !== hash.toLowerCase()) return false;
    this.byHash.delete(hash);
    this.byHash.set(hash, query);
    if (this.byHash.size > 2_000) this.byHash.delete(this.byHash.keys().next().value!);
    return true;
  }
}
