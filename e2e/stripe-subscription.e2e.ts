import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpWithCode } from './journey.js';
import { checkOutFromCart, fillAddressAndShipping, payButton, productCard } from './shop.js';
import { stripeShopJourney } from './stripe.js';
import { DESKTOP, MOBILE, snap } from './support.js';

// A subscription in a shop on Stripe, in Chromium: a member subscribes to the demo coffee and pays on Stripe's page;
// on My subscriptions "Change card" sends them to Stripe's page (setup mode) to save a new card, and back on the shop
// the new card is on the subscription, said in words, the address cleaned. Going back from Stripe's page changes
// nothing and marks the subscription.

const STRIPE_LINE = 'You enter the new card on Stripe’s secure page, then come back here. Test mode: use card 4242';
const PAY = /^Pay \$\d+\.\d{2}$/;

const { j, stripe } = stripeShopJourney();

/** A new member subscribes to the coffee every 2 weeks and pays on Stripe's page with its always-paying card. */
async function subscribe(page: Page, email: string) {
  await signUpWithCode(j, page, email, 'correct horse battery staple');
  await page.goto(`${j.plaza.url}/products?q=${encodeURIComponent('House Blend Coffee')}`, {
    waitUntil: 'networkidle',
  });
  await page
    .getByRole('link', { name: productCard('House Blend Coffee'), exact: true })
    .first()
    .click();
  await page.getByRole('radio', { name: /Subscribe: Every 2 weeks/ }).check();
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page.getByRole('dialog', { name: 'Your cart', exact: true }).waitFor();
  await checkOutFromCart(page, j.plaza.url);
  await fillAddressAndShipping(page, { email, firstName: 'Cora', ready: PAY });
  await payButton(page, PAY).click();
  await page.waitForURL(`${stripe.fake.url}/pay/**`);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByRole('heading', { name: 'Thank you for your order!', exact: true }).waitFor();
}

/** The member's one subscription on My subscriptions. */
const theSubscription = (page: Page) => page.getByTestId('subscription');

describe('a subscription’s card in a shop on Stripe', () => {
  it('is changed on Stripe’s page; back on the shop the new card is used, and going back changes nothing', async () => {
    const context = await j.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await subscribe(page, `stripe.sub.${Date.now()}@example.com`);

    const list = `${j.plaza.url}/account/subscriptions`;
    await page.goto(list, { waitUntil: 'networkidle' });
    await page.getByText(STRIPE_LINE, { exact: false }).waitFor();
    expect(await page.getByTestId('next-charge').textContent()).toMatch(/ on Visa ending 4242$/);
    expect(await page.getByLabel('Card number', { exact: true }).count()).toBe(0);
    await snap(page, 'stripe-subscription-card-desktop');
    await page.setViewportSize(MOBILE);
    await snap(page, 'stripe-subscription-card-mobile');
    await page.setViewportSize(DESKTOP);

    // Going back from Stripe's page: the subscription is marked, its card the same, nothing said.
    await page.getByRole('button', { name: 'Change card (Visa ending 4242)', exact: true }).click();
    await page.waitForURL(`${stripe.fake.url}/pay/**`);
    await page.getByRole('heading', { name: 'Save a card for Plaza Test Shop', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.waitForURL(/\/account\/subscriptions\?subscription=[\w-]+$/);
    await expect.poll(() => theSubscription(page).getAttribute('aria-current')).toBe('true');
    expect(await page.getByTestId('next-charge').textContent()).toMatch(/ on Visa ending 4242$/);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /new card/ })
        .count(),
    ).toBe(0);

    // Saving a Mastercard there: back on the shop it is the subscription's, said in words, the address cleaned.
    await page.getByRole('button', { name: 'Change card (Visa ending 4242)', exact: true }).click();
    await page.waitForURL(`${stripe.fake.url}/pay/**`);
    await page.getByLabel('Card number', { exact: true }).fill('5555 5555 5555 4444');
    await page.getByRole('button', { name: 'Save card', exact: true }).click();
    await page.getByText('Your new card ending 4444 will be used for the next renewals.', { exact: true }).waitFor();
    expect(page.url()).toBe(list);
    await expect.poll(() => page.getByTestId('next-charge').textContent()).toMatch(/ on Mastercard ending 4444$/);
    expect(await theSubscription(page).getAttribute('aria-current')).toBe('true');
    await snap(page, 'stripe-subscription-saved-desktop');
    await page.setViewportSize(MOBILE);
    await snap(page, 'stripe-subscription-saved-mobile');
    await page.setViewportSize(DESKTOP);

    // Back and reload find the page as it is now: the card is not saved a second time.
    await page.goBack();
    expect(page.url()).not.toContain('stripe_setup');
    await page.goto(list, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Change card (Mastercard ending 4444)', exact: true }).waitFor();
    expect(await page.getByText(/Your new card/).count()).toBe(0);
    await context.close();
  });
});

describe('a free-trial plan in a shop on Stripe', () => {
  it('is joined by saving a card on Stripe’s page: nothing charged, the plan is the member’s', async () => {
    const slug = `trial-club-${Date.now()}`;
    await j.owner.fetch('/plans/v1/plans', {
      method: 'POST',
      body: {
        plan: {
          name: 'Trial Club',
          slug,
          price: { amount: '9.00' },
          recurrence: { frequency: 'MONTH', interval: 1, freeTrialDays: 14 },
        },
      },
    });
    const context = await j.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signUpWithCode(j, page, `stripe.trial.${Date.now()}@example.com`, 'correct horse battery staple');
    await page.goto(`${j.plaza.url}/plans/${slug}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Join Trial Club', exact: true }).click();
    await page.waitForURL(/\/checkout\//);
    await page
      .getByText('Nothing is charged now. You save your card on Stripe’s secure page', { exact: false })
      .waitFor();
    await snap(page, 'stripe-trial-checkout-desktop');
    const intentsBefore = stripe.fake.store.paymentIntents.size;
    await payButton(page, /^Save card and start trial$/).click();
    await page.waitForURL(`${stripe.fake.url}/pay/**`);
    await page.getByRole('heading', { name: 'Save a card for Plaza Test Shop', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save card', exact: true }).click();
    await page.getByRole('heading', { name: 'Thank you for your order!', exact: true }).waitFor();
    // Nothing was charged: Stripe made no PaymentIntent for it.
    expect(stripe.fake.store.paymentIntents.size).toBe(intentsBefore);
    await page.goto(`${j.plaza.url}/account/plans`, { waitUntil: 'networkidle' });
    await page.getByTestId('membership').filter({ hasText: 'Trial Club' }).waitFor();
    await context.close();
  });
});
