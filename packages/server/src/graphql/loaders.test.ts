import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@plaza/contracts';
import { SQL_COUNT_HEADER } from '../kernel/sql-count.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { cast, type Cast } from '../test/community.js';
import { call } from '../../test/http.js';
import { createCollection, createProduct } from '../store/catalog/testing.js';
import { cardToken, checkoutFor, placeAndCharge } from '../store/orders/testing.js';
import type { GraphQLAnswer } from './testing.js';

/**
 * No N+1: a page of 50 orders with their items' products and their payments, and 20 products with their variants
 * and collections, each take a bounded number of SQL statements (the issue's budget is 8), however many rows.
 */
let srv: TestServer;
let c: Cast;
let products: Product[];

beforeAll(async () => {
  process.env.PLAZA_SQL_COUNT = '1';
  srv = await startTestServer();
  c = await cast(srv);
  const collections = [await createCollection(srv, c.owner), await createCollection(srv, c.owner)];
  products = [];
  for (let i = 0; i < 20; i++) {
    const sized = i % 3 === 0;
    products.push(
      await createProduct(srv, c.owner, {
        price: { amount: `${5 + i}.00` },
        collectionIds: [collections[i % 2]!.id],
        ...(sized
          ? {
              options: [{ name: 'Size', choices: ['S', 'M'] }],
              variants: [{ choices: { Size: 'S' } }, { choices: { Size: 'M' } }],
            }
          : {}),
      }),
    );
  }
  const plain = products.filter((_, i) => i % 3 !== 0);
  for (let batch = 0; batch < 10; batch++) {
    await Promise.all(
      Array.from({ length: 5 }, async (_, k) => {
        const n = batch * 5 + k;
        const buyer = `Bearer ${await srv.visitorToken()}`;
        const checkout = await checkoutFor(srv, buyer, plain[n % plain.length]!, 1 + (n % 2));
        const placed = await placeAndCharge(srv, buyer, checkout.id, await cardToken(srv, buyer));
        expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      }),
    );
  }
}, 240_000);
afterAll(async () => {
  delete process.env.PLAZA_SQL_COUNT;
  await srv?.close();
});

async function counted<T>(auth: string, query: string) {
  const res = await fetch(`${srv.url}/graphql/alpha`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: auth },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as GraphQLAnswer<T>;
  expect(body.errors).toBeUndefined();
  return { body, statements: Number(res.headers.get(SQL_COUNT_HEADER)) };
}

const ORDERS = `{ ecomOrdersSearch(input: { search: { cursorPaging: { limit: 50 } } }) {
  orders { number lineItems { quantity product { name variants { id } } }
    transactions { payments { amount { amount } } } }
} }`;

describe('GraphQL reads a page of related records in a bounded number of statements', () => {
  it('50 orders with their items, products and payments: at most 8 statements', async () => {
    await counted(c.owner, ORDERS); // the node's caches (site, caller) as a running shop has them
    type Orders = {
      ecomOrdersSearch: {
        orders: { lineItems: { product: { name: string } | null }[]; transactions: { payments: unknown[] } }[];
      };
    };
    const { body, statements } = await counted<Orders>(c.owner, ORDERS);
    const orders = body.data!.ecomOrdersSearch.orders;
    expect(orders).toHaveLength(50);
    expect(orders.every((o) => o.lineItems.every((l) => l.product !== null))).toBe(true);
    expect(orders.every((o) => o.transactions.payments.length === 1)).toBe(true);
    console.log(`SQL statements for 50 orders with products and payments: ${statements}`);
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(8);
  });

  it('20 products with their variants and collections: at most 8 statements', async () => {
    const query = '{ catalogProducts(limit: 20) { products { name variants { id } collections { name } } } }';
    await counted(c.owner, query);
    type Products = { catalogProducts: { products: { variants: unknown[]; collections: { name: string }[] }[] } };
    const { body, statements } = await counted<Products>(c.owner, query);
    const list = body.data!.catalogProducts.products;
    expect(list).toHaveLength(20);
    expect(list.every((p) => p.collections.length === 1)).toBe(true);
    expect(list.filter((p) => p.variants.length === 2)).toHaveLength(7);
    console.log(`SQL statements for 20 products with variants and collections: ${statements}`);
    expect(statements).toBeLessThanOrEqual(8);
  });

  it('answers the same orders as REST, field for field', async () => {
    const rest = await call<{ orders: { number: string; lineItems: { quantity: number }[] }[] }>(
      srv.url,
      'POST',
      '/ecom/v1/orders/search',
      { auth: c.owner, body: { search: { cursorPaging: { limit: 50 } } } },
    );
    const { body } = await counted<{ ecomOrdersSearch: { orders: { number: string }[] } }>(c.owner, ORDERS);
    expect(body.data!.ecomOrdersSearch.orders.map((o) => o.number)).toEqual(rest.body.orders.map((o) => o.number));
    expect(products).toHaveLength(20);
  });
});
