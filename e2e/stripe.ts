import { afterAll, beforeAll, expect } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../packages/server/test/fake-stripe/index.js';
import { journey, type Journey } from './journey.js';

/**
 * A shop journey whose Plaza talks to its own loopback Stripe (the fake speaks Stripe's API, serves its page and signs
 * its webhooks), with Stripe connected in test mode through the API, as the dashboard's form does, and Stripe told
 * where to send its events. `stripe.fake` is set once the journey has started.
 */
export function stripeShopJourney(): { j: Journey; stripe: { fake: FakeStripe } } {
  const env: Record<string, string> = {};
  const stripe = { fake: undefined as unknown as FakeStripe };
  // Registered before journey()'s own beforeAll, which runs after it: Plaza starts pointed at the fake.
  beforeAll(async () => {
    stripe.fake = await startFakeStripe({ account: { name: 'Plaza Test Shop' } });
    env.PLAZA_STRIPE_API_URL = stripe.fake.url;
  });
  afterAll(async () => stripe.fake?.close());
  const j = journey({ env, shop: true });
  beforeAll(async () => {
    const { fake } = stripe;
    const connected = await j.owner.fetch<{ stripe: { connected: boolean; webhookUrl: string } }>(
      '/ecom/v1/payments/stripe/settings',
      {
        method: 'PUT',
        body: {
          mode: 'TEST',
          secretKey: fake.secretKey,
          publishableKey: fake.publishableKey,
          webhookSecret: fake.webhookSecret,
        },
      },
    );
    expect(connected.stripe.connected).toBe(true);
    fake.setWebhookUrl(connected.stripe.webhookUrl);
  });
  return { j, stripe };
}
