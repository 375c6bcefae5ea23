import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, checkOutFromCart, fillAddressAndShipping, payButton, productCard } from './shop.js';
import { stripeShopJourney } from './stripe.js';
import { DESKTOP, MOBILE, snap } from './support.js';

// Issue 26 in Chromium: a shop that connected Stripe takes cards on Stripe's hosted page (a loopback fake that speaks
// Stripe's API, serves its page and signs its webhooks). The buyer pays there and lands on the thank-you page with
// exactly one order, whether the buyer's return or Stripe's webhook reaches the shop first; one who goes back from
// Stripe's page finds the checkout as it was; one who comes back without paying is told so, in words.

const STRIPE_LINE = 'You pay on Stripe’s secure page; you come back here when it is done.';
const PAY = /^Pay \$\d+\.\d{2}$/;

const { j, stripe } = stripeShopJourney();

/** The orders of one buyer, as the owner's API key finds them. */
async function ordersOf(email: string) {
  const { orders } = await apiCall<{ orders: Array<{ id: string; number: string; paymentStatus: string }> }>(
    j.plaza.url,
    '/ecom/v1/orders/search',
    j.ecomKey,
    { search: { filter: { buyerEmail: email } } },
  );
  return orders;
}

/** A new shopper's page with one mug in the cart, through the hosted checkout up to Stripe's "Pay" button. */
async function readyToPay(viewport: typeof DESKTOP, email: string) {
  const context = await j.browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${j.plaza.url}/products?q=Blue%20Stoneware%20Mug`, { waitUntil: 'networkidle' });
  await page
    .getByRole('link', { name: productCard('Blue Stoneware Mug'), exact: true })
    .first()
    .click();
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page.getByRole('dialog', { name: 'Your cart', exact: true }).waitFor();
  await checkOutFromCart(page, j.plaza.url);
  // No card fields: the button pays as soon as the address and delivery are in.
  await fillAddressAndShipping(page, { email, ready: PAY });
  expect(await page.getByLabel('Card number', { exact: true }).count()).toBe(0);
  const checkoutUrl = page.url();
  return { context, page, checkoutUrl };
}

/** From the checkout's Pay button to Stripe's page, which charges what the button said; answers the session id. */
async function toStripe(page: Page): Promise<string> {
  const amount = (await payButton(page, PAY).innerText()).replace(/^Pay /, '');
  await payButton(page, PAY).click();
  await page.waitForURL(`${stripe.fake.url}/pay/**`);
  await page.getByRole('heading', { name: 'Pay Plaza Test Shop', exact: true }).waitFor();
  expect(await page.locator('#total').innerText()).toBe(amount);
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

/** Pays on Stripe's page with its always-succeeding test card and waits for the thank-you page's order number. */
async function payOnStripe(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/orders\/[\w-]+\?token=/);
  await page.getByRole('heading', { name: 'Thank you for your order!', exact: true }).waitFor();
  const number = /order number is (\d+)/.exec(await page.locator('body').innerText())?.[1];
  expect(number).toMatch(/^\d+$/);
  return number!;
}

describe('paying with Stripe on the hosted checkout', () => {
  it('pays on Stripe’s page and lands on the thank-you page with exactly one order', async () => {
    const email = 'stripe.paid@example.com';
    const { context, page } = await readyToPay(DESKTOP, email);
    const payment = page.getByRole('form', { name: 'Payment', exact: true });
    await payment.getByText(STRIPE_LINE, { exact: true }).waitFor();
    await payment.getByText('Test mode: use card 4242 4242 4242 4242', { exact: true }).waitFor();
    await snap(page, 'stripe-checkout-payment-desktop');
    await page.setViewportSize(MOBILE);
    await snap(page, 'stripe-checkout-payment-mobile');
    await page.setViewportSize(DESKTOP);

    const sessionId = await toStripe(page);
    expect(sessionId).toMatch(/^cs_test_/);
    const number = await payOnStripe(page);
    // Stripe's events reached the shop too (200): the order was placed once however they raced.
    await stripe.fake.settled();
    const delivered = stripe.fake.deliveries.filter((d) => d.type === 'checkout.session.completed');
    expect(delivered.map((d) => d.status)).toEqual([200]);
    const orders = await ordersOf(email);
    expect(orders.map((o) => [o.number, o.paymentStatus])).toEqual([[number, 'PAID']]);
    // The return page was replaced by the thank-you page: Back does not place or confirm anything again.
    await page.goBack();
    expect(page.url()).not.toContain('/paid');
    expect(await ordersOf(email)).toHaveLength(1);
    await context.close();
  });

  it('going back from Stripe’s page shows the checkout as it was, and no order', async () => {
    const email = 'stripe.back@example.com';
    const { context, page, checkoutUrl } = await readyToPay(DESKTOP, email);
    await toStripe(page);
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.waitForURL(checkoutUrl);
    await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(email);
    expect(await page.getByLabel('Address', { exact: true }).first().inputValue()).toBe('1 Main St');
    await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
    await payButton(page, PAY).waitFor();
    expect(await ordersOf(email)).toEqual([]);
    // The return address without a payment to confirm leads back to the checkout too.
    await page.goto(`${checkoutUrl}/paid`, { waitUntil: 'networkidle' });
    await page.waitForURL(checkoutUrl);
    await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    await context.close();
  });

  it('coming back without paying: confirming, then not heard from Stripe; paying later still places one order', async () => {
    const email = 'stripe.later@example.com';
    const { context, page, checkoutUrl } = await readyToPay(MOBILE, email);
    const sessionId = await toStripe(page);
    const stripePage = page.url();
    await page.goto(`${checkoutUrl}/paid?session_id=${sessionId}`);
    await page.getByRole('status').getByText('Confirming your payment…', { exact: true }).waitFor();
    await snap(page, 'stripe-return-confirming-mobile');
    await page.setViewportSize(DESKTOP);
    await snap(page, 'stripe-return-confirming-desktop');
    // About 15 s of asking again, then words and a way on.
    await page
      .getByRole('heading', { name: 'We haven’t heard from Stripe yet…', exact: true })
      .waitFor({ timeout: 25_000 });
    await snap(page, 'stripe-return-not-heard-desktop');
    await page.setViewportSize(MOBILE);
    await snap(page, 'stripe-return-not-heard-mobile');
    expect(await ordersOf(email)).toEqual([]);
    await page.getByRole('link', { name: 'Back to checkout', exact: true }).click();
    await page.waitForURL(checkoutUrl);
    await payButton(page, PAY).waitFor();

    // The same session is still open on Stripe's page; paying it now places the order.
    await page.goto(stripePage);
    const number = await payOnStripe(page);
    await stripe.fake.settled();
    expect((await ordersOf(email)).map((o) => o.number)).toEqual([number]);
    await context.close();
  });

  it('a checkout changed while paying: the money goes back, in words, and paying again places one order', async () => {
    const email = 'stripe.changed@example.com';
    const { context, page, checkoutUrl } = await readyToPay(DESKTOP, email);
    await toStripe(page);
    // Meanwhile, in another tab, the buyer changes the checkout the session was made for.
    const other = await context.newPage();
    await other.goto(checkoutUrl, { waitUntil: 'networkidle' });
    const saved = other.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes('/ecom/v1/checkouts/') && r.ok(),
    );
    await other.getByLabel('Last name', { exact: true }).first().fill('Leigh');
    await saved;
    await other.close();

    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/paid\?session_id=/);
    await page.getByRole('heading', { name: 'Your order could not be placed', exact: true }).waitFor();
    await page.getByText(/Your payment was given back, so nothing is charged/).waitFor();
    expect(await page.getByRole('button', { name: 'Try again', exact: true }).count()).toBe(0);
    await snap(page, 'stripe-return-money-back-desktop');
    await page.setViewportSize(MOBILE);
    await snap(page, 'stripe-return-money-back-mobile');
    expect(await ordersOf(email)).toEqual([]);

    await page.getByRole('link', { name: 'Back to checkout', exact: true }).click();
    await page.waitForURL(checkoutUrl);
    expect(await page.getByLabel('Last name', { exact: true }).first().inputValue()).toBe('Leigh');
    await toStripe(page);
    const number = await payOnStripe(page);
    await stripe.fake.settled();
    expect((await ordersOf(email)).map((o) => o.number)).toEqual([number]);
    await context.close();
  });

  it('without Stripe’s webhook, the buyer’s return alone places the one order', async () => {
    const email = 'stripe.nowebhook@example.com';
    stripe.fake.webhooks.deliver = false;
    try {
      const { context, page } = await readyToPay(DESKTOP, email);
      const deliveredBefore = stripe.fake.deliveries.length;
      await toStripe(page);
      const number = await payOnStripe(page);
      await stripe.fake.settled();
      expect(stripe.fake.deliveries.length).toBe(deliveredBefore);
      expect((await ordersOf(email)).map((o) => o.number)).toEqual([number]);
      await context.close();
    } finally {
      stripe.fake.webhooks.deliver = true;
    }
  });
});
