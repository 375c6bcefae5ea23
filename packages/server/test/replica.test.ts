import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@plaza/contracts';
import { startTestServer, type TestServer } from '../src/test/harness.js';
import { hasPostgresBinaries, startPrimary, startReplica, type Cluster } from '../src/test/pg-cluster.js';
import { createProduct } from '../src/store/catalog/testing.js';
import { startReadScope } from '../src/kernel/read-scope.js';
import { appCode, call } from './http.js';

// A primary and a streaming hot standby of the test's own (initdb + pg_basebackup on loopback ports: the system
// PostgreSQL has no replication access and is not reconfigured), with a Plaza server reading from the standby.
// Runs in the PostgreSQL pass of the suite (TEST_DATABASE_URL set) where the server binaries are installed.
const enabled = hasPostgresBinaries() && !!process.env.TEST_DATABASE_URL;
const MAX_LAG_MS = 1500;
const METRICS_TOKEN = 'replica-test-metrics-token';
const CONSISTENCY = 'x-plaza-consistency';

let primary: Cluster | undefined;
let replica: Cluster | undefined;
let srv: TestServer | undefined;
let owner: string;
let visitor: string;

beforeAll(async () => {
  if (!enabled) return;
  primary = await startPrimary();
  replica = await startReplica(primary);
  srv = await startTestServer({
    databaseUrl: primary.url,
    env: {
      DATABASE_URL: primary.url,
      DATABASE_REPLICA_URLS: replica.url,
      PLAZA_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
      PLAZA_METRICS_TOKEN: METRICS_TOKEN,
    },
  });
  owner = await srv.createApiKey(['catalog']);
  visitor = `Bearer ${await srv.visitorToken()}`;
  await caughtUp();
}, 120_000);

afterAll(async () => {
  // Each step on its own: a failed one must not leave a cluster running.
  await srv?.close().catch(() => {});
  await replica?.destroy().catch(() => {});
  await primary?.destroy();
});

/** Waits until the standby has replayed everything the primary has written so far. */
async function caughtUp(): Promise<void> {
  const [{ lsn }] = (await primary!.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')) as [
    { lsn: string },
  ];
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await replica!.query<{ ok: boolean }>(`SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS ok`);
    if (row?.ok) return;
    if (Date.now() > deadline) throw new Error(`the replica did not replay up to ${lsn} within 10 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const productName = async (id: string, auth: string, token?: string) => {
  const res = await call<{ product: Product }>(srv!.url, 'GET', `/catalog/v1/products/${id}`, {
    auth,
    ...(token ? { headers: { [CONSISTENCY]: token } } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.product.name;
};

async function rename(id: string, name: string): Promise<string> {
  const res = await call(srv!.url, 'PATCH', `/catalog/v1/products/${id}`, {
    auth: owner,
    body: { product: { name }, fieldMask: { paths: ['name'] } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.headers.get(CONSISTENCY)!;
}

async function metric(name: string): Promise<number | undefined> {
  const res = await call<string>(srv!.url, 'GET', '/metrics', { auth: `Bearer ${METRICS_TOKEN}` });
  expect(res.status).toBe(200);
  expect(res.body).not.toContain(String(replica!.port)); // labels name the replica's place, never its address
  const line = res.body.split('\n').find((l) => l.startsWith(`${name}{replica="0"}`));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe.skipIf(!enabled)('read replicas', () => {
  it('hand out tokens with the WAL position and report the replica up and caught up', async () => {
    const product = await createProduct(srv!, owner);
    await caughtUp();
    expect(await productName(product.id, visitor)).toBe(product.name);
    expect(await metric('plaza_db_replica_up')).toBe(1);
    expect(await metric('plaza_db_replica_lag_seconds')).toBeLessThan(1);
    const token = await rename(product.id, `${product.name} again`);
    expect(token).toMatch(/^[0-9a-z]+\.[0-9A-F]+\/[0-9A-F]+$/);
    expect(Math.abs(parseInt(token, 36) - Date.now())).toBeLessThan(5000); // the caches still read the ms part
  });

  it('show a writer their change at once while replay is paused; others read the older replica; then catch up', async () => {
    const product = await createProduct(srv!, owner);
    await caughtUp();
    await replica!.query('SELECT pg_wal_replay_pause()');
    try {
      const token = await rename(product.id, 'Renamed while paused');
      // The writer echoes the token: the replica has not replayed it, so the primary answers.
      for (let i = 0; i < 5; i++) expect(await productName(product.id, owner, token)).toBe('Renamed while paused');
      // Another caller (no token) is served by the replica, which still has the old name: reads really go there.
      expect(await productName(product.id, visitor)).toBe(product.name);
      expect(await productName(product.id, owner)).toBe(product.name);
    } finally {
      await replica!.query('SELECT pg_wal_replay_resume()');
    }
    await expect
      .poll(() => productName(product.id, visitor), { timeout: MAX_LAG_MS, interval: 50 })
      .toBe('Renamed while paused');
  });

  it('skip a replica lagging past PLAZA_REPLICA_MAX_LAG_MS even for callers without a token', async () => {
    const product = await createProduct(srv!, owner);
    await caughtUp();
    await replica!.query('SELECT pg_wal_replay_pause()');
    try {
      await rename(product.id, 'Renamed, replica far behind');
      expect(await productName(product.id, visitor)).toBe(product.name);
      await new Promise((r) => setTimeout(r, MAX_LAG_MS + 400));
      expect(await productName(product.id, visitor)).toBe('Renamed, replica far behind');
      expect(await metric('plaza_db_replica_lag_seconds')).toBeGreaterThan(MAX_LAG_MS / 1000);
    } finally {
      await replica!.query('SELECT pg_wal_replay_resume()');
    }
    await caughtUp();
    await expect
      .poll(() => metric('plaza_db_replica_lag_seconds'), { timeout: 3000, interval: 100 })
      .toBeLessThan(MAX_LAG_MS / 1000);
  });

  it('send the rest of a GET to the primary once it writes or opens a transaction', async () => {
    const pool = srv!.database.pool!;
    await pool.query('CREATE TABLE replica_probe (n int)');
    await pool.query('INSERT INTO replica_probe VALUES (1)');
    await caughtUp();
    await replica!.query('SELECT pg_wal_replay_pause()');
    try {
      await pool.query('UPDATE replica_probe SET n = 2');
      const read = async () => (await pool.query<{ n: number }>('SELECT n FROM replica_probe')).rows[0]!.n;
      // As app.ts does for a GET: a scope opened before the first await, allowed once the caller is known.
      // In a callback of its own, so the scope stays inside it as a request's stays inside the request.
      const asGet = (work: () => Promise<void>) =>
        Promise.resolve().then(async () => {
          const scope = startReadScope({})!;
          scope.primaryOnly = false;
          await work();
        });
      await asGet(async () => {
        expect(await read()).toBe(1); // the replica
        await pool.query('UPDATE replica_probe SET n = 3');
        expect(await read()).toBe(3); // its own write, from the primary
      });
      await asGet(async () => {
        expect(await read()).toBe(1);
        const client = await pool.connect(); // a transaction
        client.release();
        expect(await read()).toBe(3);
      });
      expect(await read()).toBe(3); // no scope (jobs, CLI): the primary
    } finally {
      await replica!.query('SELECT pg_wal_replay_resume()');
    }
  });

  it('serve every read and write from the primary once the replica is down', async () => {
    const product = await createProduct(srv!, owner);
    await caughtUp();
    expect(await productName(product.id, visitor)).toBe(product.name);
    await replica!.stop();
    for (let i = 0; i < 5; i++) {
      const token = await rename(product.id, `Replica down ${i}`);
      expect(await productName(product.id, visitor)).toBe(`Replica down ${i}`);
      expect(await productName(product.id, owner, token)).toBe(`Replica down ${i}`);
    }
    const list = await call<{ products: Product[] }>(srv!.url, 'GET', '/catalog/v1/products', { auth: visitor });
    expect(list.status).toBe(200);
    expect(await metric('plaza_db_replica_up')).toBe(0);
    expect((await call(srv!.url, 'GET', '/ready')).status).toBe(200); // readiness is about the primary
  });
});

describe.skipIf(!enabled)('/ready when the database goes away', () => {
  it('is 503 naming the database while it is down, /health 500, and both recover when it is back', async () => {
    const product = await createProduct(srv!, owner);
    await primary!.stop();
    try {
      const ready = await call<{ details: { applicationError: { data: { notReady: Record<string, string> } } } }>(
        srv!.url,
        'GET',
        '/ready',
      );
      expect(ready.status).toBe(503);
      expect(appCode(ready.body)).toBe('NOT_READY');
      expect(ready.body.details.applicationError.data.notReady).toEqual({ database: 'does not answer' });
      const health = await call(srv!.url, 'GET', '/health');
      expect(health.status).toBe(500);
      expect(appCode(health.body)).toBe('DATABASE_UNAVAILABLE');
    } finally {
      await primary!.start();
    }
    await expect.poll(async () => (await call(srv!.url, 'GET', '/ready')).status, { timeout: 10_000 }).toBe(200);
    expect((await call(srv!.url, 'GET', '/health')).status).toBe(200);
    await rename(product.id, 'After the outage');
    expect(await productName(product.id, visitor)).toBe('After the outage');
  });
});
