import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverSuite } from '../test/suite.js';
import { createCollection, createProduct } from '../store/catalog/testing.js';
import { introspect, requestFor, textOf, Values, type Built, type Field, type Schema } from './fuzz-testing.js';
import { gql } from './testing.js';

/**
 * Arbitrary GraphQL requests, as several kinds of caller, never get a 5xx nor an error coded INTERNAL: every field
 * of the schema picked with arbitrary arguments and selections, arbitrary query text, variables and operation names,
 * and arbitrary GET query strings. Seeded, with a fixed number of runs, so it is repeatable and bounded in time.
 */

const { srv, c } = serverSuite({ cast: true });
const SEED = 20261201;
const CALLERS = ['none', 'visitor', 'member', 'owner'] as const;
type CallerName = (typeof CALLERS)[number];
/** Runs per root field; the owner, who reaches the most, is drawn half the time. */
const RUNS_PER_FIELD = 4;
const caller = fc.constantFrom<CallerName>('none', 'visitor', 'member', 'owner', 'owner', 'owner');

let schema: Schema;
let typed: Values;
let loose: Values;
let text: fc.Arbitrary<string>;
let auth: Record<CallerName, string | undefined>;

beforeAll(async () => {
  schema = await introspect(async (query) => {
    const res = await gql(srv, c.owner, query);
    expect(res.body.errors).toBeUndefined();
    return res.body.data!;
  });
  const collection = await createCollection(srv, c.owner);
  const product = await createProduct(srv, c.owner, { collectionIds: [collection.id] });
  const known = [product.id, product.slug, collection.id, c.ownerId, c.memberA.id, c.memberA.slug];
  text = textOf(known, true);
  typed = new Values(schema, known, false);
  loose = new Values(schema, known, true);
  // The member calling is not memberA, whose id the owner's requests carry (and who may get blocked by one).
  auth = { none: undefined, visitor: c.visitor, member: c.memberB.auth, owner: c.owner };
});

/** A request for the field, three times in four with well-typed values. */
const pick = (kind: 'query' | 'mutation', field: Field) =>
  fc.oneof(
    { weight: 3, arbitrary: requestFor(schema, typed, kind, field) },
    { weight: 1, arbitrary: requestFor(schema, loose, kind, field) },
  );

interface Sent {
  method: 'GET' | 'POST';
  who: CallerName;
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

interface GraphQLErrorBody {
  errors?: { extensions?: { code?: string; status?: number } }[];
}

/** Sends the request; a 5xx, or an error coded INTERNAL (or with a 5xx status), is returned as a repro line. */
async function send(req: Sent): Promise<{ failure?: string; codes: string[] }> {
  const key = auth[req.who];
  const res = await fetch(`${srv.url}${req.path}`, {
    method: req.method,
    headers: {
      ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(key ? { authorization: key } : {}),
      ...req.headers,
    },
    ...(req.body !== undefined ? { body: req.body } : {}),
  });
  const answer = await res.text();
  let errors: NonNullable<GraphQLErrorBody['errors']> = [];
  try {
    errors = (JSON.parse(answer) as GraphQLErrorBody).errors ?? [];
  } catch {
    /* a 4xx in the REST error shape, or not JSON at all: only the status is judged */
  }
  const codes = res.status === 200 ? errors.map((e) => e.extensions?.code ?? 'NO_CODE') : [`HTTP_${res.status}`];
  const internal = errors.some((e) => e.extensions?.code === 'INTERNAL' || (e.extensions?.status ?? 0) >= 500);
  if (res.status < 500 && !internal) return { codes };
  const body = req.body === undefined ? '' : ` ${req.body.slice(0, 600)}`;
  return {
    codes,
    failure: `${req.who}: ${req.method} ${req.path.slice(0, 600)}${body} → ${res.status} ${answer.slice(0, 300)}`,
  };
}

const postOf = (who: CallerName, b: Built, extra: Record<string, string> = {}): Sent => ({
  method: 'POST',
  who,
  path: '/graphql/alpha',
  body: `{"query":${JSON.stringify(b.query)}${b.variables !== undefined ? `,"variables":${b.variables}` : ''}${Object.entries(
    extra,
  )
    .map(([k, v]) => `,${JSON.stringify(k)}:${v}`)
    .join('')}}`,
});

/** Properties run so far: each gets a seed of its own, or every field would draw the same few callers. */
let properties = 0;

/** Runs a property over `runs` cases and collects every failure, so one run reports every failing request. */
async function failuresOf<T>(
  arb: fc.Arbitrary<T>,
  runs: number,
  toRequest: (t: T) => Sent,
  seen?: { who: CallerName; codes: string[] }[],
) {
  const failures: string[] = [];
  let sent = 0;
  await fc
    .assert(
      fc.asyncProperty(arb, async (t) => {
        const req = toRequest(t);
        const { failure, codes } = await send(req);
        sent++;
        seen?.push({ who: req.who, codes });
        if (failure) failures.push(failure);
        return failure === undefined;
      }),
      { seed: SEED + properties++, numRuns: runs, endOnFailure: true },
    )
    .catch((e: unknown) => {
      if (!failures.length) throw e; // not a failing request: a broken generator
    });
  if (!failures.length) expect(sent).toBe(runs);
  return failures;
}

/** Bits of GraphQL (and not) for random query text. */
const TOKENS = [
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ':',
  '!',
  '$v',
  '...',
  '@include(if: $v)',
  '@skip',
  'query',
  'mutation',
  'subscription',
  'fragment F on Query',
  'on',
  '__typename',
  '__schema',
  '__type(name: "Query")',
  '"str"',
  '"""b"""',
  '1e999',
  '-0',
  '#c\n',
  ',',
  '=',
  '|',
  '&',
  'null',
  'true',
  'Int!',
  '[String]',
  'site',
  'catalogProducts',
  'ecomCartsCurrent',
  'products',
  'id',
  'limit: 1',
  'F',
  '\u0000',
  '\ud800',
];

/** Documents that parse but trip validation, limits or the executor in known ways. */
const NASTY = [
  'fragment A on Query { ...B } fragment B on Query { ...A } { ...A }',
  'fragment A on Query { a: site { site { currency } } ...A } { ...A }',
  '{ ...Missing }',
  'query Q { __typename } query Q { __typename }',
  'query A { __typename } query B { __typename }',
  'subscription { __typename }',
  '{ __typename @include(if: $undefined) }',
  'query ($a: Int = "x") { __typename }',
  'query ($a: Unknown) { __typename }',
  'query ($a: Int, $a: Int) { __typename }',
  '{ __type(name: "Query") { name fields { name } } }',
  '{ __schema { types { name } } }',
  '{ catalogProducts(limit: 1e999) { products { id } } }',
  '{ a: site { site { currency } } a: catalogProducts { products { id } } }',
  '{ ... on Mutation { __typename } }',
  'query @deprecated { __typename }',
  '{ __typename(arg: 1) }',
  '{ site { site } }',
  '{ site { site { currency { x } } } }',
  `${Array.from({ length: 40 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} }`).join(' ')} fragment F40 on Query { __typename } { ...F0 }`,
  `{ ${'site { site { currency } } '.repeat(300)}}`,
  `{ ${'a'.repeat(5000)} }`,
  '{ ecomCartsCurrent { cart { lineItems { product { collections { id } } } } } }',
  'mutation { deleteEcomCartsCurrent deleteEcomCartsCurrent }',
];

describe('arbitrary GraphQL requests', () => {
  it(
    'pick every field of the schema with arbitrary arguments and selections, never answered with a 5xx or INTERNAL',
    { timeout: 60_000 },
    async () => {
      const failures: string[] = [];
      const seen: { who: CallerName; codes: string[] }[] = [];
      const roots: [kind: 'query' | 'mutation', fields: Field[]][] = [
        ['query', schema.query],
        ['mutation', schema.mutation],
      ];
      for (const [kind, fields] of roots) {
        for (const field of fields) {
          const arb = fc.tuple(caller, pick(kind, field));
          failures.push(...(await failuresOf(arb, RUNS_PER_FIELD, ([who, b]) => postOf(who, b), seen)));
        }
      }
      expect(failures).toEqual([]);
      // The owner's requests mostly reached the routes: data, or a route's own refusal, not a refused query.
      const owner = seen.filter((s) => s.who === 'owner');
      const refused = ['GRAPHQL_VALIDATION_FAILED', 'QUERY_TOO_COSTLY', 'HTTP_400'];
      const reached = owner.filter((s) => !s.codes.some((c) => refused.includes(c)));
      expect(schema.query.length + schema.mutation.length).toBeGreaterThan(200);
      expect(reached.length / owner.length).toBeGreaterThan(0.6);
      expect(owner.filter((s) => s.codes.length === 0).length).toBeGreaterThan(40);
    },
  );

  it(
    'send arbitrary query text, variables and operation names, never answered with a 5xx or INTERNAL',
    { timeout: 60_000 },
    async () => {
      const field = fc.constantFrom(...schema.query, ...schema.mutation);
      const valid = field.chain((f) => pick(schema.query.includes(f) ? 'query' : 'mutation', f));
      const corrupted = fc
        .tuple(valid, fc.nat(), fc.constantFrom('cut', 'drop', 'insert'), fc.constantFrom(...TOKENS))
        .map(([b, at, how, token]) => {
          const i = at % (b.query.length + 1);
          const rest = how === 'cut' ? '' : b.query.slice(how === 'drop' ? i + 1 : i);
          return `${b.query.slice(0, i)}${how === 'insert' ? ` ${token} ` : ''}${rest}`;
        });
      const query = fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.array(fc.constantFrom(...TOKENS), { maxLength: 25 }).map((t) => t.join(' ')),
        corrupted,
        fc.constantFrom(...NASTY),
      );
      const variables = fc.oneof(
        fc.constant(undefined),
        fc
          .dictionary(fc.constantFrom('v', 'a', 'input', 'limit'), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
          .map((d) => JSON.stringify(d)),
        fc.jsonValue({ maxDepth: 1 }).map((v) => JSON.stringify(v)),
      );
      const operationName = fc
        .oneof(fc.constant(undefined), fc.constant('null'), fc.constantFrom('Fuzz', 'Q', 'A', 'F'), text)
        .map((n) => (n === undefined || n === 'null' ? n : JSON.stringify(n)));
      const withHash = fc.constantFrom('none', 'none', 'own', 'other');
      const arb = fc.record({ who: fc.constantFrom(...CALLERS), query, variables, operationName, withHash });
      const failures = await failuresOf(arb, 400, (r) => {
        const hash = createHash('sha256')
          .update(r.withHash === 'own' ? r.query : 'other')
          .digest('hex');
        const extra: Record<string, string> = {
          ...(r.operationName !== undefined ? { operationName: r.operationName } : {}),
          ...(r.withHash !== 'none'
            ? { extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }) }
            : {}),
        };
        return postOf(
          r.who,
          { query: r.query, ...(r.variables !== undefined ? { variables: r.variables } : {}) },
          extra,
        );
      });
      // Bodies that are not a GraphQL request at all.
      const raw = fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
      );
      failures.push(
        ...(await failuresOf(fc.tuple(fc.constantFrom(...CALLERS), raw), 100, ([who, body]) => ({
          method: 'POST',
          who,
          path: '/graphql/alpha',
          body,
        }))),
      );
      expect(failures).toEqual([]);
    },
  );

  it(
    'send arbitrary GET query strings, persisted queries included, never answered with a 5xx or INTERNAL',
    { timeout: 60_000 },
    async () => {
      // Queries the server keeps by hash: valid ones, and text that is no GraphQL.
      const kept = [
        '{ site { site { currency } } }',
        '{ __typename }',
        NASTY[0]!,
        '{ site {',
        'mutation { deleteEcomCartsCurrent }',
      ];
      for (const query of kept) {
        const sha256Hash = createHash('sha256').update(query).digest('hex');
        await send(
          postOf('visitor', { query }, { extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash } }) }),
        );
      }
      const hashes = kept.map((q) => createHash('sha256').update(q).digest('hex'));
      const field = fc.constantFrom(...schema.query);
      const valid = field.chain((f) => pick('query', f));
      const extensions = fc.oneof(
        fc
          .constantFrom(...hashes, 'f'.repeat(64), 'zz')
          .map((h) => JSON.stringify({ persistedQuery: { version: 1, sha256Hash: h } })),
        fc.constantFrom(...hashes).map((h) => JSON.stringify({ persistedQuery: { version: 2, sha256Hash: h } })),
        fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
        fc.string({ maxLength: 20 }),
      );
      const params = fc.record(
        {
          query: fc.oneof(
            valid.map((b) => b.query),
            fc.constantFrom(...NASTY),
            fc.string({ maxLength: 40 }),
          ),
          variables: fc.oneof(
            fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
            fc.string({ maxLength: 20 }),
          ),
          operationName: text,
          extensions,
        },
        { requiredKeys: [] },
      );
      const tail = fc.constantFrom(
        '',
        '',
        '&query=%7B__typename%7D',
        '&variables=%zz',
        '&x=1',
        '&extensions=',
        '&query=',
      );
      const version = fc.constantFrom('alpha', 'alpha', 'alpha', 'v1', '%00', 'alpha%2F..');
      const accept = fc.constantFrom(undefined, undefined, 'text/html', 'application/json');
      const arb = fc.record({ who: fc.constantFrom(...CALLERS), params, tail, version, accept });
      const failures = await failuresOf(arb, 400, (r) => ({
        method: 'GET',
        who: r.who,
        path: `/graphql/${r.version}?${new URLSearchParams(r.params as Record<string, string>).toString()}${r.tail}`,
        ...(r.accept ? { headers: { accept: r.accept } } : {}),
      }));
      expect(failures).toEqual([]);
    },
  );
});
