import { createHash } from 'node:crypto';
import { getIntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { Product } from '@plaza/contracts';
import { serverSuite } from '../test/suite.js';
import { call } from '../../test/http.js';
import { createProduct } from '../store/catalog/testing.js';
import { gql, type GraphQLAnswer } from './testing.js';

const { srv, c } = serverSuite({ cast: true });

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const item = (p: Product, quantity = 1) => ({
  catalogReference: { appId: 'plaza-catalog', catalogItemId: p.id },
  quantity,
});

describe('POST /graphql/{apiVersion}', () => {
  it('answers an unknown version and a request without a query in the error shape', async () => {
    const unknown = await call(srv.url, 'POST', '/graphql/v9', { body: { query: '{ __typename }' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ details: { applicationError: { code: 'UNKNOWN_API_VERSION' } } });
    const empty = await call(srv.url, 'POST', '/graphql/alpha', { body: {}, auth: c.visitor });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      details: { validationError: { fieldViolations: [{ field: 'query', violatedRule: 'REQUIRED_FIELD' }] } },
    });
    const bad = await call(srv.url, 'POST', '/graphql/alpha', {
      body: { query: { text: '{ site }' } },
      auth: c.visitor,
    });
    expect(bad.status).toBe(400);
  });

  it('reads the catalog, adds to the visitor’s own cart and reads it back with the products joined', async () => {
    const mug = await createProduct(srv, c.owner, { price: { amount: '9.00' } });
    const added = await gql<{ ecomCartsCurrentAddToCart: { cart: { lineItems: { quantity: number }[] } } }>(
      srv,
      c.visitor,
      `mutation Add($input: AddToCartRequestInput!) {
        ecomCartsCurrentAddToCart(input: $input) { cart { lineItems { quantity } } }
      }`,
      { input: { lineItems: [item(mug, 2)] } },
    );
    expect(added.status).toBe(200);
    expect(added.body.errors).toBeUndefined();
    expect(added.headers.get('x-request-id')).toBeTruthy();
    expect(added.headers.get('x-plaza-consistency')).toBeTruthy();
    expect(added.body.data!.ecomCartsCurrentAddToCart.cart.lineItems).toEqual([{ quantity: 2 }]);

    const read = await gql<{
      ecomCartsCurrent: {
        cart: { lineItems: { quantity: number; product: { name: string; price: { amount: string } } }[] };
      };
    }>(srv, c.visitor, '{ ecomCartsCurrent { cart { lineItems { quantity product { name price { amount } } } } } }');
    expect(read.body.data!.ecomCartsCurrent.cart.lineItems).toEqual([
      { quantity: 2, product: { name: mug.name, price: { amount: '9.00' } } },
    ]);
    // Another visitor has a cart of their own (none yet): the same 404 REST gives.
    const other = await gql(srv, `Bearer ${await srv.visitorToken()}`, '{ ecomCartsCurrent { cart { id } } }');
    expect(other.body.errors?.[0]?.extensions).toMatchObject({ status: 404 });
    const rest = await call(srv.url, 'GET', '/ecom/v1/carts/current', { auth: `Bearer ${await srv.visitorToken()}` });
    expect(rest.status).toBe(404);
  });

  it('gives a route’s field violations and application codes in errors[].extensions, writing nothing', async () => {
    const res = await gql(
      srv,
      c.owner,
      'mutation { createCatalogProducts(input: { product: { name: "", productType: PHYSICAL, price: { amount: "-1" } } }) { product { id } } }',
    );
    expect(res.status).toBe(200);
    const error = res.body.errors![0]!;
    expect(error.path).toEqual(['createCatalogProducts']);
    expect(error.extensions).toMatchObject({ code: 'VALIDATION', status: 400 });
    const rest = await call(srv.url, 'POST', '/catalog/v1/products', {
      auth: c.owner,
      body: { product: { name: '', productType: 'PHYSICAL', price: { amount: '-1' } } },
    });
    expect(rest.status).toBe(400);
    expect(error.extensions.details).toEqual((rest.body as { details: unknown }).details);
  });

  it('creates with 201 and deletes with 204 as REST does: the answer, then true', async () => {
    const created = await gql<{ createSettingsOauthClients: { client: { id: string; name: string } } }>(
      srv,
      c.owner,
      `mutation { createSettingsOauthClients(input: { name: "Kiosk", redirectUris: ["https://kiosk.example.com/cb"] }) {
        client { id name } } }`,
    );
    expect(created.body.errors).toBeUndefined();
    const { id, name } = created.body.data!.createSettingsOauthClients.client;
    expect(name).toBe('Kiosk');
    const deleted = await gql(srv, c.owner, `mutation { deleteSettingsOauthClientsById(id: "${id}") }`);
    expect(deleted.body).toEqual({ data: { deleteSettingsOauthClientsById: true } });
    const clients = await call<{ clients: { id: string }[] }>(srv.url, 'GET', '/settings/v1/oauth-clients', {
      auth: c.owner,
    });
    expect(clients.body.clients.map((x) => x.id)).not.toContain(id);
  });

  it('lets only owners and API keys read the schema, outside development', async () => {
    const q = '{ __schema { queryType { name } } }';
    const visitor = await gql(srv, c.visitor, q);
    expect(visitor.body.errors?.[0]?.extensions.code).toBe('INTROSPECTION_NOT_ALLOWED');
    expect(visitor.body.data).toBeNull();
    const member = await gql(srv, c.memberA.auth, q);
    expect(member.body.errors?.[0]?.extensions.code).toBe('INTROSPECTION_NOT_ALLOWED');
    expect((await gql(srv, c.owner, q)).body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    expect((await gql(srv, c.apiKey, q)).body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    // The same text, asked again by a shopper after the owner: the refusal is per caller, not per cached query.
    expect((await gql(srv, c.visitor, q)).body.errors?.[0]?.extensions.code).toBe('INTROSPECTION_NOT_ALLOWED');
    // The standard introspection query (GraphiQL's, codegen's) fits the limits.
    const full = await gql(
      srv,
      c.owner,
      getIntrospectionQuery({ inputValueDeprecation: true, schemaDescription: true }),
    );
    expect(full.body.errors).toBeUndefined();
    expect((full.body.data as { __schema: { types: unknown[] } }).__schema.types.length).toBeGreaterThan(300);
  });

  it('refuses queries that nest too deep, cost too much or are too long, before running them', async () => {
    const ofTypes = (n: number) => 'ofType { '.repeat(n) + 'name' + ' }'.repeat(n);
    const nested = await gql(srv, c.owner, `{ __schema { types { fields { type { ${ofTypes(14)} } } } } }`);
    expect(nested.body.errors?.[0]?.message).toMatch(/depth/);
    const many = Array.from({ length: 60 }, (_, i) => `a${i}: catalogProducts { products { name variants { id } } }`);
    const costly = await gql(srv, c.visitor, `{ ${many.join(' ')} }`);
    expect(costly.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COSTLY' });
    expect(costly.body.data).toBeNull();
    const long = await call(srv.url, 'POST', '/graphql/alpha', {
      auth: c.visitor,
      body: { query: `{ ${'__typename '.repeat(3000)}}` },
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ details: { validationError: { fieldViolations: [{ field: 'query' }] } } });
  });

  it('refuses variables an operation can’t take every time it is asked, also when the query is compiled', async () => {
    // mercurius compiles a query the second time it sees it and skips its own variable check on that request.
    const q = 'query Page($limit: Int) { catalogProducts(limit: $limit) { products { id } } }';
    expect((await gql(srv, c.visitor, q, { limit: 2 })).body.errors).toBeUndefined();
    for (const limit of ['x', 'x', 'x']) {
      const res = await gql(srv, c.visitor, q, { limit });
      expect(res.status).toBe(200);
      expect(res.body.errors?.[0]).toMatchObject({
        message: expect.stringMatching(/"\$limit" got invalid value/),
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      });
    }
    const missing =
      'mutation Add($input: AddToCartRequestInput!) { ecomCartsCurrentAddToCart(input: $input) { cart { id } } }';
    for (let i = 0; i < 3; i++) {
      const res = await gql(srv, c.visitor, missing, {});
      expect(res.status).toBe(200);
      expect(res.body.errors?.[0]?.message).toMatch(/"\$input" of required type/);
    }
  });

  it('costs a query again when a variable includes its fields (a known cost is kept otherwise)', async () => {
    const products = Array.from(
      { length: 30 },
      (_, i) => `p${i}: catalogProducts { products { variants { id sku } } }`,
    );
    const conditional = `query Many($all: Boolean!) { ... @include(if: $all) { ${products.join(' ')} } site { site { currency } } }`;
    expect((await gql(srv, c.visitor, conditional, { all: false })).body.errors).toBeUndefined();
    const all = await gql(srv, c.visitor, conditional, { all: true });
    expect(all.body.errors?.[0]?.extensions.code).toBe('QUERY_TOO_COSTLY');
  });

  it('answers a GraphQL syntax error as a GraphQL error, with status 200', async () => {
    const res = await gql(srv, c.visitor, '{ site { ');
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    expect(res.body.errors?.[0]?.message).toMatch(/Syntax Error/);
  });
});

describe('GET /graphql/{apiVersion} with automatic persisted queries', () => {
  const query = '{ site { site { currency } } }';
  const ext = (hash: string) =>
    encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }));

  it('asks for the text of an unknown hash, keeps it once sent, then answers GETs by hash', async () => {
    const hash = sha256(query);
    const miss = await call(srv.url, 'GET', `/graphql/alpha?extensions=${ext(hash)}`, { auth: c.visitor });
    expect(miss.status).toBe(200);
    expect(miss.body).toMatchObject({ errors: [{ message: 'PersistedQueryNotFound' }] });
    const sent = await call(srv.url, 'POST', '/graphql/alpha', {
      auth: c.visitor,
      body: { query, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } },
    });
    expect(sent.body).toMatchObject({ data: { site: { site: { currency: expect.any(String) } } } });
    const hit = await call(srv.url, 'GET', `/graphql/alpha?extensions=${ext(hash)}`, { auth: c.visitor });
    expect(hit.status).toBe(200);
    expect(hit.body).toEqual(sent.body);
    expect(hit.headers.get('vary')).toMatch(/authorization/i);
  });

  it('answers a GET whose operation can’t be chosen with a GraphQL error', async () => {
    const get = (query: string, operationName?: string) =>
      call<GraphQLAnswer>(
        srv.url,
        'GET',
        `/graphql/alpha?query=${encodeURIComponent(query)}${operationName ? `&operationName=${operationName}` : ''}`,
        { auth: c.visitor },
      );
    const unknown = await get('query Q { __typename }', 'Other');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({
      data: null,
      errors: [expect.objectContaining({ message: 'Unknown operation named "Other".' })],
    });
    const unnamed = await get('query A { __typename } query B { __typename }');
    expect(unnamed.status).toBe(200);
    expect(unnamed.body.errors?.[0]?.message).toMatch(/Must provide operation name/);
    expect((await get('query A { __typename } query B { __typename }', 'B')).body).toEqual({
      data: { __typename: 'Query' },
    });
  });

  it('refuses a hash that is not the query’s, and mutations over GET', async () => {
    const wrong = await call(srv.url, 'POST', '/graphql/alpha', {
      auth: c.visitor,
      body: { query, extensions: { persistedQuery: { version: 1, sha256Hash: sha256('other') } } },
    });
    expect(wrong.status).toBe(400);
    const mutation = await call(
      srv.url,
      'GET',
      `/graphql/alpha?query=${encodeURIComponent('mutation { deleteEcomCartsCurrent }')}`,
      { auth: c.visitor },
    );
    expect(mutation.status).toBe(405);
    expect(mutation.body).toMatchObject({ details: { applicationError: { code: 'MUTATION_OVER_GET' } } });
  });
});
