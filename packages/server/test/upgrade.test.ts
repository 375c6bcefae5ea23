import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member, Order, Product } from '@plaza/contracts';
import { loadConfig } from '../src/config/index.js';
import { openDatabase, type Database } from '../src/kernel/db.js';
import { createApiKey } from '../src/platform/apps/api-keys.service.js';
import { WEB_CLIENT_ID } from '../src/platform/oauth/web-client.js';
import { startServer, type RunningServer } from '../src/server.js';
import { call } from './http.js';

// A shop's database as the first commit that took orders wrote it (scripts/make-upgrade-fixture.mjs), migrated by
// today's server start, read back whole through today's HTTP API. A migration that loses or breaks old rows fails
// here. PGlite by default; a fresh PostgreSQL database when TEST_DATABASE_URL is set.

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/upgrade-545c149.sql.gz');

/** What the fixture holds, read with SQL from the old schema before anything migrates it. */
interface OldShop {
  orders: { id: string; number: string; total: string; email: string }[];
  products: { id: string; name: string }[];
  members: { id: string; email: string }[];
  /** The migrations the old commit had applied. */
  migrations: number;
}

const OLD_SHOP_SQL = {
  orders: `SELECT id, number::text AS number, to_char(total_minor / 100.0, 'FM999999990.00') AS total,
             buyer_email AS email FROM orders ORDER BY number`,
  products: `SELECT id, name FROM catalog_products ORDER BY id`,
  members: `SELECT id, login_email AS email FROM members ORDER BY id`,
  migrations: `SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
};

let tmp: string;
let dropDatabase: (() => Promise<void>) | undefined;
let server: RunningServer | undefined;
let base: string;
let auth: string;
let old: OldShop;

/** Loads the fixture into a new database and reads it; returns the env that points the server at it. */
async function loadFixture(): Promise<Record<string, string>> {
  const dump = zlib.gunzipSync(fs.readFileSync(FIXTURE)).toString('utf8');
  const url = process.env.TEST_DATABASE_URL;
  let env: Record<string, string>;
  let database: Database;
  if (url) {
    const name = `plaza_upgrade_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`).finally(() => admin.end());
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => c.end());
    };
    const dbUrl = Object.assign(new URL(url), { pathname: `/${name}` }).href;
    database = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 1 });
    env = { DATABASE_URL: dbUrl };
  } else {
    const dataDir = path.join(tmp, 'data');
    database = await openDatabase({ kind: 'pglite', dataDir });
    env = { PLAZA_DATA_DIR: dataDir };
  }
  try {
    // One multi-statement script, as psql would run it: the simple query protocol of either driver.
    await (database.pglite ? database.pglite.exec(dump) : database.pool!.query(dump));
    const rows = async <T>(q: string) =>
      database.pglite ? (await database.pglite.query<T>(q)).rows : ((await database.pool!.query(q)).rows as T[]);
    old = {
      orders: await rows(OLD_SHOP_SQL.orders),
      products: await rows(OLD_SHOP_SQL.products),
      members: await rows(OLD_SHOP_SQL.members),
      migrations: (await rows<{ n: number }>(OLD_SHOP_SQL.migrations))[0]!.n,
    };
  } finally {
    await database.close();
  }
  return env;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'plaza-upgrade-'));
  const env = await loadFixture();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    PLAZA_WEB_DIST: '',
    PLAZA_MEDIA_DIR: path.join(tmp, 'media'),
    PLAZA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...env,
  });
  // The real start: migrate the old schema to today's, seed what is missing, serve.
  server = await startServer(config);
  const address = server.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  config.publicUrl = base;
  auth = (await createApiKey(server.app.database, { name: 'upgrade test', scopes: ['*'] })).key;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await dropDatabase?.();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Every page of a cursor-paged list. */
async function everyPage<T>(fetchPage: (cursor?: string) => Promise<{ items: T[]; next?: string }>): Promise<T[]> {
  const all: T[] = [];
  for (let cursor: string | undefined, pages = 0; pages < 100; pages++) {
    const page = await fetchPage(cursor);
    all.push(...page.items);
    if (!page.next) return all;
    cursor = page.next;
  }
  throw new Error('more than 100 pages');
}

describe('upgrading a shop written by commit 545c149 (the first that took orders)', () => {
  it('holds a real shop: orders, products and members, and fewer migrations than today', () => {
    expect(old.orders.length).toBeGreaterThanOrEqual(5);
    expect(old.products.length).toBeGreaterThanOrEqual(5);
    expect(old.members.length).toBeGreaterThanOrEqual(40);
    const today = fs.readdirSync(path.join(path.dirname(FIXTURE), '../../drizzle')).filter((f) => f.endsWith('.sql'));
    expect(old.migrations).toBeLessThan(today.length);
  });

  it('reads every order through the API, with its number, total and buyer', async () => {
    const orders = await everyPage<Order>(async (cursor) => {
      const res = await call<{ orders: Order[]; metadata: { cursor?: string } }>(
        base,
        'POST',
        '/ecom/v1/orders/search',
        {
          auth,
          body: { search: { sort: { fieldName: 'number', order: 'ASC' }, cursorPaging: { limit: 2, cursor } } },
        },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { items: res.body.orders, next: res.body.metadata.cursor };
    });
    const seen = orders.map((o) => ({
      id: o.id,
      number: String(o.number),
      total: o.priceSummary.total.amount,
      email: o.buyerInfo?.email,
    }));
    expect(seen).toEqual(old.orders);
    for (const { id, number } of old.orders) {
      const one = await call<{ order: Order }>(base, 'GET', `/ecom/v1/orders/${id}`, { auth });
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      expect(one.body.order).toMatchObject({ number: expect.anything(), paymentStatus: 'PAID' });
      expect(String(one.body.order.number)).toBe(number);
    }
  });

  it('reads every product through the API', async () => {
    const products = await everyPage<Product>(async (cursor) => {
      // A cursor carries the filters: it is sent alone.
      const q = new URLSearchParams(cursor ? { limit: '4', cursor } : { includeHidden: 'true', limit: '4' });
      const res = await call<{ products: Product[]; pagingMetadata: { cursors: { next?: string } } }>(
        base,
        'GET',
        `/catalog/v1/products?${q}`,
        { auth },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { items: res.body.products, next: res.body.pagingMetadata.cursors.next };
    });
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(products.map((p) => ({ id: p.id, name: p.name })).sort(byId)).toEqual([...old.products].sort(byId));
  });

  it('reads every member through the API, with their login e-mail', async () => {
    const members: Member[] = [];
    for (let offset = 0; ; offset += 25) {
      const res = await call<{ members: Member[]; metadata: { total: number } }>(
        base,
        'POST',
        '/members/v1/members/query',
        { auth, body: { fieldsets: ['FULL'], query: { paging: { limit: 25, offset } } } },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      members.push(...res.body.members);
      if (offset + 25 >= res.body.metadata.total) break;
    }
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(members.map((m) => ({ id: m.id, email: m.loginEmail ?? null })).sort(byId)).toEqual(
      [...old.members].sort(byId),
    );
  });

  it('takes a new order on the upgraded data, numbered after the old ones', async () => {
    const region = await call<{ shippingRegion: { id: string } }>(base, 'POST', '/ecom/v1/shipping-regions', {
      auth,
      body: {
        shippingRegion: {
          name: 'Upgrade post',
          destinationScope: 'SPECIFIC_DESTINATIONS',
          destinations: [{ country: 'IS' }],
        },
      },
    });
    expect(region.status, JSON.stringify(region.body)).toBe(200);
    const option = await call(base, 'POST', '/ecom/v1/shipping-options', {
      auth,
      body: {
        shippingOption: {
          shippingRegionId: region.body.shippingRegion.id,
          title: 'Post',
          rates: [{ price: { amount: '0' } }],
        },
      },
    });
    expect(option.status, JSON.stringify(option.body)).toBe(200);

    const token = await call<{ access_token: string }>(base, 'POST', '/oauth2/token', {
      body: { grantType: 'anonymous', clientId: WEB_CLIENT_ID },
    });
    const visitor = `Bearer ${token.body.access_token}`;
    const mug = await orderedProduct();
    const checkout = await call<{ checkout: { id: string } }>(base, 'POST', '/ecom/v1/checkouts', {
      auth: visitor,
      body: {
        lineItems: [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: mug }, quantity: 1 }],
        checkoutInfo: {
          buyerInfo: { email: 'after-upgrade@example.com' },
          shippingInfo: {
            shippingDestination: {
              address: { country: 'IS', addressLine: 'Laugavegur 1', city: 'Reykjavík', postalCode: '101' },
            },
          },
        },
        channelType: 'WEB',
      },
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const card = await call<{ paymentToken: string }>(base, 'POST', '/ecom/v1/payments/test-card/tokens', {
      auth: visitor,
      body: { cardNumber: '4242424242424242', expiryMonth: 12, expiryYear: 2099, cvc: '123' },
    });
    const placed = await call<{ order: Order }>(
      base,
      'POST',
      `/ecom/v1/checkouts/${checkout.body.checkout.id}/create-order-and-charge`,
      { auth: visitor, body: { paymentToken: card.body.paymentToken } },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.order).toMatchObject({ paymentStatus: 'PAID' });
    expect(Number(placed.body.order.number)).toBe(Number(old.orders.at(-1)!.number) + 1);
  });
});

/** A product an old order bought: the new order goes through stock the old ones already took from. */
async function orderedProduct(): Promise<string> {
  const res = await call<{ order: Order }>(base, 'GET', `/ecom/v1/orders/${old.orders[0]!.id}`, { auth });
  return res.body.order.lineItems[0]!.catalogReference!.catalogItemId;
}
