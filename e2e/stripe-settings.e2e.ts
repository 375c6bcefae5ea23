import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListProductsResponse, Order, StripeSettingsResponse } from '@plaza/contracts';
import { startFakeStripe } from '../packages/server/test/fake-stripe/index.js';
import { axeViolations } from './a11y.js';
import { journey } from './journey.js';
import { apiCall } from './shop.js';
import { DESKTOP, MOBILE, ownerIntoDashboard, sidebarLink, snap } from './support.js';

// Settings → Payments in Chromium, against the loopback Stripe: the owner connects Stripe in test mode (a wrong
// secret key first, refused next to its field), sees test mode on the dashboard and on a Stripe order with a
// dispute, captures payments by hand from then on, and disconnects. Screenshots at 1280 and 390 px.

const fake = await startFakeStripe({ account: { name: 'Corner Shop Ltd' } });
const j = journey({ shop: true, env: { PLAZA_STRIPE_API_URL: fake.url } });
beforeAll(async () => {
  j.context = await j.browser.newContext({ viewport: DESKTOP });
  j.page = await j.context.newPage();
  await ownerIntoDashboard(j.page, j.plaza);
  fake.setWebhookUrl(`${j.plaza.url}/payments/v1/stripe/webhook`);
});
afterAll(() => fake.close());

const toast = (text: string) => j.page.getByRole('status').filter({ hasText: text }).waitFor();
const field = (label: string) => j.page.getByLabel(label, { exact: true });
const stripeSettings = async () =>
  (await j.owner.fetch<StripeSettingsResponse>('/ecom/v1/payments/stripe/settings')).stripe;

/** The problem said under a field: the text its aria-describedby points at as `…-error`. */
async function problemOf(label: string): Promise<string> {
  const ids = (await field(label).getAttribute('aria-describedby')) ?? '';
  const errorId = ids.split(' ').find((id) => id.endsWith('-error'));
  return errorId ? ((await j.page.locator(`[id="${errorId}"]`).textContent()) ?? '') : '';
}

/** Both widths of the screen as it is now, each from the top (sticky bars then sit where people see them). */
async function snapBoth(name: string) {
  await j.page.evaluate(() => window.scrollTo(0, 0));
  await snap(j.page, `${name}-desktop`);
  await j.page.setViewportSize(MOBILE);
  await j.page.evaluate(() => window.scrollTo(0, 0));
  await snap(j.page, `${name}-phone`);
  await j.page.setViewportSize(DESKTOP);
}

describe('Settings → Payments', () => {
  it('connects Stripe in test mode; a wrong secret key is refused next to its field', async () => {
    await sidebarLink(j.page, 'Payments').click();
    await j.page.getByRole('heading', { name: 'Payments', exact: true }).waitFor();
    await j.page.getByText(/your shop takes test cards only: no real money moves\.$/).waitFor();
    // Until Stripe is connected the shop takes test cards: the dashboard says so everywhere.
    const banner = j.page.getByRole('complementary', { name: 'Payments mode', exact: true });
    await banner.getByText('Test mode: payments are not real money.', { exact: true }).waitFor();
    const webhookUrl = await j.page.getByTestId('stripe-webhook-url').textContent();
    expect(webhookUrl).toBe(`${j.plaza.url}/payments/v1/stripe/webhook`);
    expect(await field('Secret key').getAttribute('type')).toBe('password');
    expect(await field('Webhook signing secret').getAttribute('type')).toBe('password');
    expect(await j.page.getByRole('radio', { name: /^Test\b/ }).isChecked()).toBe(true);
    expect(await axeViolations(j.page)).toEqual([]);
    await snapBoth('stripe-settings-empty');

    await field('Secret key').fill('sk_test_notarealkey123');
    await field('Publishable key').fill(fake.publishableKey);
    await field('Webhook signing secret').fill(fake.webhookSecret);
    await j.page.getByRole('button', { name: 'Connect Stripe', exact: true }).click();
    await expect
      .poll(() => problemOf('Secret key'))
      .toBe('Stripe did not accept this secret key: copy it again from Stripe (Developers → API keys).');
    expect(await field('Secret key').getAttribute('aria-invalid')).toBe('true');
    expect(await problemOf('Publishable key')).toBe('');
    expect((await stripeSettings()).connected).toBe(false);
    await snapBoth('stripe-settings-wrong-key');

    await field('Secret key').fill(fake.secretKey);
    // Typing a new key clears the old key's problem.
    expect(await problemOf('Secret key')).toBe('');
    await j.page.getByRole('button', { name: 'Connect Stripe', exact: true }).click();
    await toast('Stripe is connected in test mode');
    await j.page.getByText('Corner Shop Ltd', { exact: true }).waitFor();
    await j.page.locator('main').getByText('Test mode', { exact: true }).waitFor();
    await j.page.getByText(`${fake.secretKey.slice(0, 8)}…${fake.secretKey.slice(-4)}`, { exact: true }).waitFor();
    await banner.getByText('Test mode: payments are not real money.', { exact: true }).waitFor();
    expect(await stripeSettings()).toMatchObject({ connected: true, mode: 'TEST', accountName: 'Corner Shop Ltd' });
    expect(await axeViolations(j.page)).toEqual([]);
    await snapBoth('stripe-settings-connected');
  });

  it('an order paid through Stripe in test mode shows "Test", Stripe and its dispute in words', async () => {
    const orderId = await payThroughStripe('4000000000000259');
    // The disputing card's charge.dispute.created reaches Plaza after the order is placed.
    await fake.settled();
    await expect
      .poll(async () => {
        const { order } = await j.owner.fetch<{ order: Order }>(`/ecom/v1/orders/${orderId}`);
        return order.activities.some((a) => a.customActivity?.type === 'PAYMENT_DISPUTE');
      })
      .toBe(true);

    await j.page.goto(`${j.plaza.url}/admin/store/orders/${orderId}`, { waitUntil: 'networkidle' });
    // Wherever the owner sees money, the dashboard says it is not real.
    await j.page
      .getByRole('complementary', { name: 'Payments mode', exact: true })
      .getByText('Test mode: payments are not real money.', { exact: true })
      .waitFor();
    const payments = j.page
      .locator('section')
      .filter({ has: j.page.getByRole('heading', { name: 'Payments', exact: true }) });
    await payments.getByText(/· Stripe$/).waitFor();
    await payments.getByText('Test: no real money moved', { exact: true }).waitFor();
    await payments.getByText(/^Disputed: fraudulent · needs your response in Stripe · \$[\d,.]+$/).waitFor();
    const history = j.page
      .locator('section')
      .filter({ has: j.page.getByRole('heading', { name: 'History', exact: true }) });
    await history
      .getByText(/^Dispute opened: respond in Stripe before the deadline · \$[\d,.]+ \(fraudulent\)$/)
      .waitFor();
    await snapBoth('stripe-order-disputed');
  });

  it('switches capture to "When I capture them"', async () => {
    await sidebarLink(j.page, 'Payments').click();
    await j.page.getByRole('radio', { name: /^When I capture them/ }).check();
    await j.page.getByRole('button', { name: 'Save how payments are captured', exact: true }).click();
    await toast('You now capture each payment yourself');
    expect((await stripeSettings()).captureMethod).toBe('MANUAL');
    expect(await j.page.getByRole('button', { name: 'Save how payments are captured', exact: true }).isDisabled()).toBe(
      true,
    );
  });

  it('disconnects Stripe after a confirmation that says what it means', async () => {
    await j.page.getByRole('button', { name: 'Disconnect Stripe', exact: true }).click();
    const dialog = j.page.getByRole('dialog', { name: 'Disconnect Stripe?', exact: true });
    await dialog.getByText(/Buyers will pay with test cards again/).waitFor();
    await dialog.getByText(/Paid orders keep their payments/).waitFor();
    await snapBoth('stripe-settings-disconnect');
    // Cancel first: nothing changes.
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect((await stripeSettings()).connected).toBe(true);

    await j.page.getByRole('button', { name: 'Disconnect Stripe', exact: true }).click();
    await dialog.getByRole('button', { name: 'Disconnect Stripe', exact: true }).click();
    await toast('Stripe is disconnected');
    await j.page.getByRole('button', { name: 'Connect Stripe', exact: true }).waitFor();
    expect((await stripeSettings()).connected).toBe(false);
    const methods = await apiCall<{ card: { provider: string } }>(j.plaza.url, '/ecom/v1/payments/methods', j.ecomKey);
    expect(methods.card.provider).toBe('TEST_CARD');
  });
});

/** A buyer's checkout paid on Stripe's (fake) page with `card`; answers the order placed for it. */
async function payThroughStripe(card: string): Promise<string> {
  const { products } = await apiCall<ListProductsResponse>(j.plaza.url, '/catalog/v1/products?limit=100', j.ecomKey);
  const product = products.find((p) => p.options.length === 0 && p.inventory.inStock && p.productType === 'PHYSICAL');
  const { checkout } = await apiCall<{ checkout: { id: string } }>(j.plaza.url, '/ecom/v1/checkouts', j.ecomKey, {
    lineItems: [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: product!.id }, quantity: 1 }],
    checkoutInfo: {
      buyerInfo: { email: 'dee@example.com' },
      shippingInfo: {
        shippingDestination: {
          address: { country: 'US', subdivision: 'US-CA', addressLine: '1 Main St', city: 'San Francisco' },
          contactDetails: { firstName: 'Dee', lastName: 'Spute' },
        },
      },
    },
  });
  const session = await apiCall<{ sessionId: string }>(
    j.plaza.url,
    `/ecom/v1/checkouts/${checkout.id}/stripe-session`,
    j.ecomKey,
    {},
  );
  await fake.pay(session.sessionId, { card, email: 'dee@example.com' });
  const { orderId } = await apiCall<{ orderId: string }>(
    j.plaza.url,
    `/ecom/v1/checkouts/${checkout.id}/stripe-session/complete`,
    j.ecomKey,
    { sessionId: session.sessionId },
  );
  return orderId;
}
