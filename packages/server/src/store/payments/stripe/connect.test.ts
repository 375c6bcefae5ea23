import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PaymentMethodsResponse, StripeSettings } from '@plaza/contracts';
import { appCode, call, violations } from '../../../../test/http.js';
import { startTestServer } from '../../../test/harness.js';
import { callerAuth, CALLERS, cast } from '../../../test/community.js';
import { startFakeStripe } from '../../../../test/fake-stripe/index.js';
import { createProduct } from '../../catalog/testing.js';
import { orders } from '../../orders/tables.js';
import { cardToken, checkoutFor, placeAndCharge } from '../../orders/testing.js';
import { stripeAccount } from './tables.js';
import { connect, connectBody, SETTINGS, stripeSuite } from './testing.js';

const { srv, c, stripe } = stripeSuite();
const methods = async () => (await call<PaymentMethodsResponse>(srv.url, 'GET', '/ecom/v1/payments/methods')).body.card;
const put = (body: unknown) => call<{ stripe: StripeSettings }>(srv.url, 'PUT', SETTINGS, { auth: c.owner, body });

describe('connecting Stripe (Settings → Payments)', () => {
  it('starts with test cards, and says where the webhook goes', async () => {
    const res = await call<{ stripe: StripeSettings }>(srv.url, 'GET', SETTINGS, { auth: c.owner });
    expect(res.body.stripe).toMatchObject({ connected: false, canStoreKeys: true, captureMethod: 'AUTOMATIC' });
    expect(res.body.stripe.webhookUrl).toBe(`${srv.url}/payments/v1/stripe/webhook`);
    expect(await methods()).toEqual({ provider: 'TEST_CARD', testMode: true });
  });

  it('refuses keys by their shape and by mode, in words, before asking Stripe', async () => {
    const before = stripe.fake.calls.length;
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ secretKey: 'nonsense' }, 'secretKey:FORMAT', /starts with sk_test_ or sk_live_/],
      [{ mode: 'LIVE' }, 'secretKey:VALIDATION', /This is a test key: Live mode needs a live key/],
      [
        { publishableKey: 'pk_live_abc' },
        'publishableKey:VALIDATION',
        /This is a live key: Test mode needs a test key/,
      ],
      [{ webhookSecret: 'secret' }, 'webhookSecret:FORMAT', /starts with whsec_/],
    ];
    for (const [change, violation, words] of cases) {
      const res = await put(connectBody(stripe.fake, change));
      expect(res.status).toBe(400);
      expect(violations(res.body)).toEqual([violation]);
      expect(JSON.stringify(res.body)).toMatch(words);
    }
    expect(stripe.fake.calls.length).toBe(before);
  });

  it('checks the key with Stripe: a key Stripe refuses is said next to it, and nothing is kept', async () => {
    const res = await put(connectBody(stripe.fake, { secretKey: 'sk_test_unknownKey123' }));
    expect(res.status).toBe(400);
    expect(violations(res.body)).toEqual(['secretKey:VALIDATION']);
    expect(JSON.stringify(res.body)).toContain('Stripe did not accept this secret key');
    expect(await srv.database.db.select().from(stripeAccount)).toEqual([]);
  });

  it('keeps the keys sealed and shows only hints', async () => {
    const settings = await connect(srv, c.owner, stripe.fake);
    expect(settings).toMatchObject({ connected: true, mode: 'TEST', publishableKey: stripe.fake.publishableKey });
    expect(settings.secretKeyHint).toBe(`sk_test_…${stripe.fake.secretKey.slice(-4)}`);
    expect(settings.webhookSecretHint).toBe(`whsec_…${stripe.fake.webhookSecret.slice(-4)}`);
    expect(settings.accountName).toBeTruthy();
    const everything = JSON.stringify(settings);
    expect(everything).not.toContain(stripe.fake.secretKey);
    expect(everything).not.toContain(stripe.fake.webhookSecret);
    const [row] = await srv.database.db.select().from(stripeAccount).where(eq(stripeAccount.id, 'default'));
    expect(JSON.stringify(row)).not.toContain(stripe.fake.secretKey.slice(8));
    expect(JSON.stringify(row)).not.toContain(stripe.fake.webhookSecret.slice(6));
    expect(await methods()).toEqual({ provider: 'STRIPE', testMode: true });
  });

  it('lets only the owner see or change the connection', async () => {
    for (const who of CALLERS.filter((w) => w !== 'owner')) {
      const auth = callerAuth(c, who);
      for (const [method, body] of [
        ['GET'],
        ['PUT', connectBody(stripe.fake)],
        ['PATCH', { captureMethod: 'MANUAL' }],
        ['DELETE'],
      ] as const) {
        const res = await call(srv.url, method, SETTINGS, { auth, ...(body ? { body } : {}) });
        expect(res.status, `${who} ${method}`).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain('sk_test');
      }
    }
    expect((await call(srv.url, 'GET', SETTINGS)).status).toBe(401);
  });

  it('changes the capture method, and disconnects back to test cards', async () => {
    const patched = await call<{ stripe: StripeSettings }>(srv.url, 'PATCH', SETTINGS, {
      auth: c.owner,
      body: { captureMethod: 'MANUAL' },
    });
    expect(patched.body.stripe.captureMethod).toBe('MANUAL');
    const bad = await call(srv.url, 'PATCH', SETTINGS, { auth: c.owner, body: { captureMethod: 'LATER' } });
    expect(bad.status).toBe(400);
    const gone = await call<{ stripe: StripeSettings }>(srv.url, 'DELETE', SETTINGS, { auth: c.owner });
    expect(gone.body.stripe.connected).toBe(false);
    expect(await srv.database.db.select().from(stripeAccount)).toEqual([]);
    expect(await methods()).toEqual({ provider: 'TEST_CARD', testMode: true });
    const orphan = await call(srv.url, 'PATCH', SETTINGS, { auth: c.owner, body: { captureMethod: 'MANUAL' } });
    expect(orphan.status).toBe(404);
  });
});

describe('a server without an encryption key', () => {
  it('says keys cannot be kept, and refuses to store them', async () => {
    const bare = await startTestServer({ env: { PLAZA_ENCRYPTION_KEY: '' } });
    try {
      const { owner } = await cast(bare);
      const got = await call<{ stripe: StripeSettings }>(bare.url, 'GET', SETTINGS, { auth: owner });
      expect(got.body.stripe.canStoreKeys).toBe(false);
      const res = await call(bare.url, 'PUT', SETTINGS, { auth: owner, body: connectBody(stripe.fake) });
      expect(res.status).toBe(409);
      expect(appCode(res.body)).toBe('ENCRYPTION_KEY_MISSING');
    } finally {
      await bare.app.close();
    }
  });
});

describe('a shop on Stripe in live mode', () => {
  it('declines test cards (made through the API, say): they pay for nothing there', async () => {
    const live = await startFakeStripe({ secretKeys: ['sk_live_fakeLiveKey1'] });
    const shop = await startTestServer({ env: { PLAZA_STRIPE_API_URL: live.url } });
    try {
      const people = await cast(shop);
      const connected = await call<{ stripe: StripeSettings }>(shop.url, 'PUT', SETTINGS, {
        auth: people.owner,
        body: { ...connectBody(live), mode: 'LIVE', secretKey: 'sk_live_fakeLiveKey1', publishableKey: 'pk_live_x1' },
      });
      expect(connected.status, JSON.stringify(connected.body)).toBe(200);
      const methods = await call<PaymentMethodsResponse>(shop.url, 'GET', '/ecom/v1/payments/methods');
      expect(methods.body.card).toEqual({ provider: 'STRIPE', testMode: false });
      const product = await createProduct(shop, people.owner, { price: { amount: '9.00' } });
      const checkout = await checkoutFor(shop, people.visitor, product);
      const res = await placeAndCharge(shop, people.visitor, checkout.id, await cardToken(shop, people.visitor));
      expect(res.status).toBe(409);
      expect(appCode(res.body)).toBe('PAYMENT_DECLINED');
      expect(JSON.stringify(res.body)).toContain('test cards are declined');
      expect(await shop.database.db.select().from(orders)).toEqual([]);
    } finally {
      await shop.close();
      await live.close();
    }
  });
});
