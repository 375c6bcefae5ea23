import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse, OrderTransactions } from '@plaza/contracts';
import { loadConfig } from '../../config/index.js';
import type { Database } from '../../kernel/db.js';
import { buildServerForChild, freePort, startChildServer, type ChildServer, until } from '../../test/child-server.js';
import { freshTestDatabase } from '../../test/template-db.js';
import { call } from '../../../test/http.js';
import { createApiKey } from '../../platform/apps/api-keys.service.js';
import { ref } from '../checkout/testing.js';
import { json, startPluginApp, type PluginCall } from '../../platform/service-plugins/test-app.js';
import { WEB_CLIENT_ID } from '../../platform/oauth/web-client.js';

// Issue 20: kill -9 between a payment app's answer and our commit. The app captured (or refunded) the money, and
// Plaza died before writing it down. After the restart the PAYMENT_OPERATION job asks the app again with the same
// transaction id (the same operation there) and records the answer: the two books agree, and nothing was done twice.
// To hold the server exactly in that window, the app takes a lock on payment_operations before it answers, so our
// second transaction waits on it; the test kills the server once PostgreSQL shows that wait.

const PG = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? '');

let database: Database;
let server: ChildServer | undefined;
let app: Awaited<ReturnType<typeof startPluginApp>> | undefined;
let port: number;
let media: string;

const q = async <T>(text: string) => (await database.pool!.query(text)).rows as T[];

/** The app's books by Plaza's transaction id; idempotent, as a payment provider is. */
const books = new Map<string, string>();
function bank(c: PluginCall, res: Parameters<Parameters<NonNullable<typeof app>['answer']>[0]>[1]) {
  const r = c.request as Record<string, string | boolean>;
  const id = String(r.transactionId);
  if (c.method === 'authorizePayment') {
    books.set(id, `authorized ${String(r.amount)}`);
    return json(res, 200, { status: r.capture ? 'APPROVED' : 'AUTHORIZED', providerTransactionId: `pay_${id}` });
  }
  books.set(id, `${c.method} ${String(r.amount)}`);
  return json(res, 200, { status: 'SUCCEEDED' });
}

describe.skipIf(!PG)('kill -9 between the payment app’s answer and our commit (PostgreSQL)', () => {
  beforeAll(async () => {
    await buildServerForChild();
    database = await freshTestDatabase(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PLAZA_WEB_DIST: '' }));
    port = await freePort();
    media = mkdtempSync(path.join(tmpdir(), 'plaza-outbox-crash-'));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    server?.child.kill('SIGKILL');
    await server?.exited;
    await database?.close(); // drops the test database
    rmSync(media, { recursive: true, force: true });
  });

  it('payment.outbox-agrees: a capture and a refund the app carried out are recorded after the restart', async () => {
    const dbUrl = (database.pool!.options as { connectionString: string }).connectionString;
    const url = `http://127.0.0.1:${port}`;
    server = await startChildServer({ port, dbUrl, media });
    const key = (await createApiKey(database, { name: 'outbox crash test', scopes: ['*'] })).key;
    const ok = async <T>(p: Promise<{ status: number; body: T }>) => {
      const res = await p;
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return res.body;
    };
    const owner = (method: string, route: string, body?: unknown) =>
      ok(call<Record<string, never>>(url, method, route, { auth: key, ...(body ? { body } : {}) }));

    // A payment app on loopback (allowed by the owner, as production requires), and a buyer's delayed-capture order.
    // (The setting is the owner's, behind a signed-in owner's session: set in the database here.)
    await q(`insert into webhook_settings (id, allow_private_targets) values (1, true)`);
    app = await startPluginApp(url);
    app.answer(bank);
    await owner('POST', '/service-plugins/v1/implementations', {
      implementation: { type: 'PAYMENT_PROVIDER', name: 'Acme', url: app.url, timeoutMs: 5_000 },
    });
    const product = await ok(
      call<{ product: { id: string } }>(url, 'POST', '/catalog/v1/products', {
        auth: key,
        body: { product: { name: 'Poster', productType: 'DIGITAL', price: { amount: '20.00' } } },
      }),
    );
    const visitor = `Bearer ${
      (
        await ok(
          call<{ access_token: string }>(url, 'POST', '/oauth2/token', {
            body: { grantType: 'anonymous', clientId: WEB_CLIENT_ID },
          }),
        )
      ).access_token
    }`;
    const { checkout } = await ok(
      call<{ checkout: { id: string } }>(url, 'POST', '/ecom/v1/checkouts', {
        auth: visitor,
        body: {
          channelType: 'WEB',
          lineItems: [{ catalogReference: ref(product.product.id), quantity: 1 }],
          checkoutInfo: { buyerInfo: { email: 'crash@example.com' } },
        },
      }),
    );
    const placed = await ok(
      call<CreateOrderResponse>(url, 'POST', `/ecom/v1/checkouts/${checkout.id}/create-order-and-charge`, {
        auth: visitor,
        body: { paymentToken: 'hold-token', delayCapture: true },
      }),
    );
    const { orderId } = placed;
    const transactions = async () =>
      (
        await ok(
          call<{ orderTransactions: OrderTransactions }>(url, 'GET', `/ecom/v1/orders/${orderId}/transactions`, {
            auth: key,
          }),
        )
      ).orderTransactions;
    const paymentId = (await transactions()).payments[0]!.id;

    /** Sends `action`, lets the app carry it out, and kills Plaza while it waits to record the answer. */
    async function killAfterTheAppSaidYes(action: string, body: unknown, method: string) {
      let blocker: PoolClient | undefined;
      app!.answer(async (c, res) => {
        if (c.method === method) {
          blocker = await database.pool!.connect();
          await blocker.query('BEGIN');
          await blocker.query('LOCK TABLE payment_operations IN ACCESS EXCLUSIVE MODE');
        }
        return bank(c, res);
      });
      const inFlight = call(url, 'POST', `/ecom/v1/payments-collector/orders/${orderId}/${action}`, {
        auth: key,
        body,
      }).then(
        (res) => `answered ${res.status}`,
        () => 'lost',
      );
      await until('our commit to wait on the lock', async () => {
        const [row] = await q<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%payment_operations%'`,
        );
        return row!.n > 0;
      });
      server!.child.kill('SIGKILL');
      expect(await server!.exited).toBe('SIGKILL');
      expect(await inFlight).toBe('lost');
      await blocker!.query('ROLLBACK');
      blocker!.release();
      app!.answer(bank);
      const [op] = await q<{ id: string; status: string }>(
        `select id, status from payment_operations where payment_id = '${paymentId}' and kind = '${method === 'capturePayment' ? 'CAPTURE' : 'REFUND'}'`,
      );
      // The window itself: the app did it, our books do not say so yet.
      expect(op!.status).toBe('PENDING');
      expect(books.get(op!.id)).toBe(`${method} ${method === 'capturePayment' ? '20.00' : '5.00'}`);
      // Restart; the operation's job is due (its first look is a minute after the request: let that minute pass).
      server = await startChildServer({ port, dbUrl, media });
      await q(`update jobs set run_at = now() where kind = 'PAYMENT_OPERATION' and status = 'QUEUED'`);
      await until('the job to record the answer', async () => {
        const [now] = await q<{ status: string }>(`select status from payment_operations where id = '${op!.id}'`);
        return now!.status === 'SUCCEEDED';
      });
      // Asked twice under one transaction id: one operation at the app.
      expect(app!.received.filter((c) => c.method === method && c.request.transactionId === op!.id)).toHaveLength(2);
      return op!.id;
    }

    const captureId = await killAfterTheAppSaidYes(
      'capture-authorized-payments',
      { payments: [{ paymentId }] },
      'capturePayment',
    );
    let payment = (await transactions()).payments[0]!;
    expect(payment.regularPaymentDetails?.status).toBe('APPROVED');
    expect(payment.regularPaymentDetails?.authorizationDetails?.captures).toEqual([
      expect.objectContaining({
        id: captureId,
        status: 'SUCCEEDED',
        amount: expect.objectContaining({ amount: '20.00' }),
      }),
    ]);
    const [order] = await q<{ payment_status: string }>(`select payment_status from orders where id = '${orderId}'`);
    expect(order!.payment_status).toBe('PAID');

    await killAfterTheAppSaidYes(
      'trigger-refund',
      { payments: [{ paymentId, amount: { amount: '5.00' } }], details: { reason: 'Late' } },
      'refundPayment',
    );
    const after = await transactions();
    payment = after.payments[0]!;
    expect(payment.refundedAmount.amount).toBe('5.00');
    expect(after.refunds).toEqual([expect.objectContaining({ status: 'SUCCEEDED', reason: 'Late' })]);
    const [logged] = await q<{ n: number }>(
      `select count(*)::int as n from orders, jsonb_array_elements(activities) a
        where orders.id = '${orderId}' and a->>'type' = 'ORDER_REFUNDED'`,
    );
    expect(logged!.n).toBe(1);
    const [mails] = await q<{ n: number }>(
      `select count(*)::int as n from mail_messages where template = 'ORDER_REFUNDED' and "to" = 'crash@example.com'`,
    );
    expect(mails!.n).toBe(1);
  }, 180_000);
});
