import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse } from '@plaza/contracts';
import { loadConfig } from '../../config/index.js';
import type { Database } from '../../kernel/db.js';
import { createApiKey } from '../../platform/apps/api-keys.service.js';
import { WEB_CLIENT_ID } from '../../platform/oauth/web-client.js';
import { buildServerForChild, freePort, startChildServer, type ChildServer } from '../../test/child-server.js';
import { freshTestDatabase } from '../../test/template-db.js';
import { appCode, call } from '../../../test/http.js';
import { ref } from '../checkout/testing.js';
import { GOOD_CARD } from './testing.js';

// Issue 10: kill -9 of the server in the middle of 200 concurrent placements on PostgreSQL. After a restart every
// acknowledged order is there with its payment, and nothing is half-written. The server runs as a real child
// process (the built dist/cli.js, as the CLI tests do), so SIGKILL drops its open transactions mid-flight.

const PG = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? '');
const BUYERS = 200;
const SCARCE = 150; // 1 per buyer: the last 50 get OUT_OF_STOCK (after the restart, when all are placed again)
const PLENTY = 10_000; // 1-3 per buyer: a quantity above 1 in the stock sums

let database: Database;
let server: ChildServer | undefined;
let port: number;
let media: string;

const startServer = async (dbUrl: string) => {
  server = await startChildServer({ port, dbUrl, media });
};

/** Runs `fn` over `items`, `width` at a time (setup only: the placements themselves all go at once). */
async function inBatches<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) {
    out.push(...(await Promise.all(items.slice(i, i + width).map((x, j) => fn(x, i + j)))));
  }
  return out;
}

/** A query on the test database itself, past the server: what is really stored. */
const q = async <T>(text: string) => (await database.pool!.query(text)).rows as T[];

describe.skipIf(!PG)('kill -9 during 200 concurrent placements (PostgreSQL)', () => {
  beforeAll(async () => {
    await buildServerForChild();
    database = await freshTestDatabase(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PLAZA_WEB_DIST: '' }));
    port = await freePort();
    media = mkdtempSync(path.join(tmpdir(), 'plaza-crash-'));
  }, 120_000);
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await database?.close(); // drops the test database
    rmSync(media, { recursive: true, force: true });
  });

  it('order.once-per-checkout: every acknowledged order survives with its payment; nothing is half-written', async () => {
    const dbUrl = (database.pool!.options as { connectionString: string }).connectionString;
    await startServer(dbUrl);
    const url = `http://127.0.0.1:${port}`;
    const key = (await createApiKey(database, { name: 'crash test', scopes: ['*'] })).key;
    const ok = <T>(res: { status: number; body: T }) => {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };

    // Setup: two tracked products, one worldwide shipping option, 200 visitors each with a checkout ready to place.
    const product = async (quantity: number) =>
      ok(
        await call<{ product: { id: string } }>(url, 'POST', '/catalog/v1/products', {
          auth: key,
          body: {
            product: {
              name: `Crash ${quantity}`,
              productType: 'PHYSICAL',
              price: { amount: '5.00' },
              inventory: { trackQuantity: true, quantity },
            },
          },
        }),
      ).product.id;
    const scarce = await product(SCARCE);
    const plenty = await product(PLENTY);
    const region = ok(
      await call<{ shippingRegion: { id: string } }>(url, 'POST', '/ecom/v1/shipping-regions', {
        auth: key,
        body: { shippingRegion: { name: 'World', destinationScope: 'WORLDWIDE' } },
      }),
    ).shippingRegion.id;
    const shipping = ok(
      await call<{ shippingOption: { id: string } }>(url, 'POST', '/ecom/v1/shipping-options', {
        auth: key,
        body: { shippingOption: { shippingRegionId: region, title: 'Post', rates: [{ price: { amount: '4.00' } }] } },
      }),
    ).shippingOption.id;
    const address = { country: 'FR', city: 'Paris', postalCode: '75001', addressLine: '1 rue de Rivoli' };

    // One test-card token for all: it is signed by the shop, not bound to a shopper, and saves 200 calls.
    const card = ok(
      await call<{ paymentToken: string }>(url, 'POST', '/ecom/v1/payments/test-card/tokens', {
        auth: key,
        body: { cardNumber: GOOD_CARD, expiryMonth: 12, expiryYear: 2099, cvc: '123' },
      }),
    ).paymentToken;
    const buyers = await inBatches([...Array(BUYERS).keys()], 25, async (i) => {
      const token = ok(
        await call<{ access_token: string }>(url, 'POST', '/oauth2/token', {
          body: { grantType: 'anonymous', clientId: WEB_CLIENT_ID },
        }),
      ).access_token;
      const auth = `Bearer ${token}`;
      const checkout = ok(
        await call<{ checkout: { id: string; shippingInfo: { selectedCarrierServiceOption?: { code: string } } } }>(
          url,
          'POST',
          '/ecom/v1/checkouts',
          {
            auth,
            body: {
              channelType: 'WEB',
              lineItems: [
                { catalogReference: ref(scarce), quantity: 1 },
                { catalogReference: ref(plenty), quantity: 1 + (i % 3) },
              ],
              checkoutInfo: {
                buyerInfo: { email: `buyer${i}@example.com` },
                shippingInfo: {
                  shippingDestination: { address, contactDetails: { firstName: 'Ana' } },
                  selectedCarrierServiceOption: { code: shipping },
                },
              },
            },
          },
        ),
      ).checkout;
      expect(checkout.shippingInfo.selectedCarrierServiceOption?.code).toBe(shipping);
      return { auth, checkoutId: checkout.id };
    });
    const placeIt = (b: (typeof buyers)[number]) =>
      call<CreateOrderResponse>(url, 'POST', `/ecom/v1/checkouts/${b.checkoutId}/create-order-and-charge`, {
        auth: b.auth,
        body: { paymentToken: card },
      });

    // All 200 at once; SIGKILL once a random 30-80 of them were acknowledged. The rest lose their connection.
    const killAt = 30 + Math.floor(Math.random() * 51);
    const acked = new Map<string, string>(); // checkoutId → orderId
    const refused = new Set<string>(); // answered 409 OUT_OF_STOCK before the kill
    let lost = 0;
    const started = Date.now();
    await Promise.all(
      buyers.map(async (b) => {
        let res;
        try {
          res = await placeIt(b);
        } catch {
          lost++; // connection reset or refused: the server died with this request in flight
          return;
        }
        if (res.status === 200) {
          acked.set(b.checkoutId, res.body.orderId);
          if (acked.size === killAt) server!.child.kill('SIGKILL');
          expect(res.body.paymentResult?.status).toBe('APPROVED');
        } else {
          refused.add(b.checkoutId);
          expect(appCode(res.body), JSON.stringify(res.body)).toBe('OUT_OF_STOCK');
        }
      }),
    );
    expect(await server!.exited).toBe('SIGKILL');
    expect(acked.size).toBeGreaterThanOrEqual(killAt);
    expect(lost, 'the kill came before every placement was answered').toBeGreaterThan(BUYERS - SCARCE);
    const placing = Date.now() - started;

    await startServer(dbUrl);

    /** The database's invariants, whatever subset of the placements committed. */
    const checkInvariants = async () => {
      const orders = await q<{ id: string; checkout_id: string; stock_taken: boolean; lines: unknown }>(
        `select id, checkout_id, stock_taken, snapshot->'lineItems' as lines from orders`,
      );
      // No charge without an order, and exactly one card payment (approved, the order's total) per order.
      expect(
        await q(`select id from order_payments p where not exists (select 1 from orders o where o.id = p.order_id)`),
      ).toEqual([]);
      expect(
        await q(`select o.id, count(p.id)::int as n from orders o left join order_payments p
                   on p.order_id = o.id and p.method = 'CREDIT_CARD' and p.status = 'APPROVED'
                   and p.amount_minor = o.total_minor group by o.id having count(p.id) <> 1`),
      ).toEqual([]);
      // A checkout is completed exactly when it has its one order (none was marked completed elsewhere here).
      expect(await q(`select checkout_id from orders group by checkout_id having count(*) > 1`)).toEqual([]);
      expect(
        await q(`select c.id from checkouts c left join orders o on o.checkout_id = c.id
                   where c.completed <> (o.id is not null)`),
      ).toEqual([]);
      // One confirmation mail and one ecom.order.created event per order: written in the order's transaction.
      const [counts] = await q<{ mails: number; events: number }>(
        `select (select count(*)::int from mail_messages where template = 'ORDER_PLACED') as mails,
                (select count(*)::int from domain_events where event_type = 'ecom.order.created') as events`,
      );
      expect(counts).toEqual({ mails: orders.length, events: orders.length });
      // No order without its stock taken: what the orders hold plus what is left is what there was.
      const held = new Map<string, number>();
      for (const o of orders) {
        expect(o.stock_taken).toBe(true);
        const lines = (typeof o.lines === 'string' ? JSON.parse(o.lines) : o.lines) as Array<{
          quantity: number;
          catalogReference: { catalogItemId: string };
        }>;
        for (const l of lines) {
          const id = l.catalogReference.catalogItemId;
          held.set(id, (held.get(id) ?? 0) + l.quantity);
        }
      }
      const stock = await q<{ id: string; quantity: number }>(
        `select id, quantity from catalog_products where id in ('${scarce}', '${plenty}')`,
      );
      const left = new Map(stock.map((s) => [s.id, Number(s.quantity)]));
      expect((held.get(scarce) ?? 0) + left.get(scarce)!).toBe(SCARCE);
      expect((held.get(plenty) ?? 0) + left.get(plenty)!).toBe(PLENTY);
      return new Map(orders.map((o) => [o.checkout_id, o.id]));
    };

    // Every acknowledged order is there; none refused before the kill is.
    const afterCrash = await checkInvariants();
    for (const [checkoutId, orderId] of acked) expect(afterCrash.get(checkoutId)).toBe(orderId);
    for (const checkoutId of refused) expect(afterCrash.has(checkoutId)).toBe(false);
    const unanswered = afterCrash.size - acked.size; // committed, but the answer died with the server
    console.info(
      `killed after ${acked.size} acknowledged in ${placing} ms: ${lost} lost, ${unanswered} of them committed`,
    );

    // The shoppers who lost their answer try again, all at once: a committed one gets its order back, the others
    // are placed once, until the scarce stock runs out.
    const again = buyers.filter((b) => !acked.has(b.checkoutId) && !refused.has(b.checkoutId));
    const retried = await Promise.all(again.map(async (b) => ({ b, res: await placeIt(b) })));
    for (const { b, res } of retried) {
      if (res.status === 200) {
        const before = afterCrash.get(b.checkoutId);
        if (before) expect(res.body.orderId).toBe(before);
      } else {
        expect(appCode(res.body), JSON.stringify(res.body)).toBe('OUT_OF_STOCK');
        expect(afterCrash.has(b.checkoutId)).toBe(false);
      }
    }
    const final = await checkInvariants();
    for (const { b, res } of retried) if (res.status === 200) expect(final.get(b.checkoutId)).toBe(res.body.orderId);
    // Every unit of the scarce product sold, exactly once.
    expect(final.size).toBe(SCARCE);
  }, 120_000);
});
