import { eq } from 'drizzle-orm';
import { beforeAll, afterAll, expect } from 'vitest';
import type { CreateOrderResponse, Product, StripeSessionResponse, StripeSettings } from '@plaza/contracts';
import type { TestServer } from '../../../test/harness.js';
import { serverSuite, type SuiteOptions } from '../../../test/suite.js';
import { call } from '../../../../test/http.js';
import { startFakeStripe, type FakeStripe } from '../../../../test/fake-stripe/index.js';
import { orders } from '../../orders/tables.js';
import { checkoutFor } from '../../orders/testing.js';

/**
 * A test file's server pointed at its own loopback Stripe (the fake starts first: the server's configuration names
 * it), with Stripe's webhooks delivered to the server.
 */
export function stripeSuite<K extends string = never>(opts: SuiteOptions<K> = {}) {
  const env: Record<string, string> = { ...opts.env };
  const holder = { fake: undefined as unknown as FakeStripe };
  beforeAll(async () => {
    holder.fake = await startFakeStripe();
    env.PLAZA_STRIPE_API_URL = holder.fake.url;
  });
  const suite = serverSuite({ cast: true, ...opts, env });
  beforeAll(() => holder.fake.setWebhookUrl(`${suite.srv.url}/payments/v1/stripe/webhook`));
  afterAll(() => holder.fake?.close());
  return { ...suite, stripe: holder };
}

export const SETTINGS = '/ecom/v1/payments/stripe/settings';

export function connectBody(fake: FakeStripe, extra: Record<string, unknown> = {}) {
  return {
    mode: 'TEST',
    secretKey: fake.secretKey,
    publishableKey: fake.publishableKey,
    webhookSecret: fake.webhookSecret,
    ...extra,
  };
}

export async function connect(srv: TestServer, owner: string, fake: FakeStripe, extra: Record<string, unknown> = {}) {
  const res = await call<{ stripe: StripeSettings }>(srv.url, 'PUT', SETTINGS, {
    auth: owner,
    body: connectBody(fake, extra),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.stripe;
}

/** A shopper's checkout of `product`, and a Stripe session for it. */
export async function stripeCheckout(srv: TestServer, auth: string, product: Product, quantity = 1) {
  const checkout = await checkoutFor(srv, auth, product, quantity);
  const res = await call<StripeSessionResponse>(srv.url, 'POST', `/ecom/v1/checkouts/${checkout.id}/stripe-session`, {
    auth,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { checkout, session: res.body };
}

export const complete = (srv: TestServer, auth: string, checkoutId: string, sessionId: string) =>
  call<CreateOrderResponse>(srv.url, 'POST', `/ecom/v1/checkouts/${checkoutId}/stripe-session/complete`, {
    auth,
    body: { sessionId },
  });

export async function ordersOf(srv: TestServer, checkoutId: string) {
  return srv.database.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
}

/** Waits until `check` holds (webhooks are delivered in the background), or fails with its last answer. */
export async function eventually<T>(check: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
