import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fillAddressAndShipping, fillTestCard, payButton } from './shop.js';
import { DESKTOP, MOBILE, snap } from './support.js';
import { journey, logInOnAppPage, signUpWithCode } from './journey.js';

// Issue 23's whole journey in Chromium, on the demo store's Coffee Club (monthly, two bags of House Blend a month,
// 10 % off the kitchen, free delivery): a new member buys the plan, pays two bags with its credits and sees them go
// down, cancels, keeps the member price until the paid month ends, and loses it once the node's clock (moved by the
// owner, PLAZA_CLOCK_CONTROL) passes that end.

const j = journey({ shop: true, env: { PLAZA_CLOCK_CONTROL: 'on' } });
const PASSWORD = 'correct horse battery staple';

async function addToCart(page: Page, slug: string, quantity = 1) {
  await page.goto(`${j.plaza.url}/products/${slug}`, { waitUntil: 'networkidle' });
  for (let i = 0; i < quantity; i++) {
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart', exact: true });
    await drawer.waitFor();
    if (i < quantity - 1) await page.keyboard.press('Escape');
    await drawer.waitFor({ state: i < quantity - 1 ? 'hidden' : 'visible' });
  }
}

async function checkOut(page: Page) {
  await page.getByRole('button', { name: 'Check out', exact: true }).click();
  await page.waitForURL(/\/checkout\//);
  await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
}

const myClub = (page: Page) => page.getByTestId('membership').filter({ hasText: 'Coffee Club' });

describe('a paid plan, from joining to its end', () => {
  it('buy the plan, pay two bags with credits, cancel, keep it to the month’s end, then lose it', async () => {
    const page = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    const email = `club.${Date.now()}@example.com`;
    await signUpWithCode(j, page, email, PASSWORD);

    // Join from the Plans page; the plan is its own checkout, paid with the test card (it renews monthly on it).
    await page.goto(`${j.plaza.url}/plans`, { waitUntil: 'networkidle' });
    const card = page.getByTestId('plan-card').filter({ hasText: 'Coffee Club' });
    await card.getByText('2 × House Blend Coffee a month', { exact: true }).waitFor();
    await card.getByRole('link', { name: 'Join Coffee Club', exact: true }).click();
    await page.getByRole('button', { name: 'Join Coffee Club', exact: true }).click();
    await page.waitForURL(/\/checkout\//);
    await fillTestCard(page);
    await payButton(page, /^Pay /).click();
    await page.getByRole('heading', { name: 'Thank you for your order!', exact: true }).waitFor();

    await page.goto(`${j.plaza.url}/account/plans`, { waitUntil: 'networkidle' });
    await myClub(page)
      .getByText(/^Active — renews on /)
      .waitFor();
    await myClub(page).getByText('2 of 2 × House Blend Coffee left', { exact: true }).waitFor();

    // Two bags paid with the plan: nothing left to pay for them, delivery free.
    await addToCart(page, 'house-blend-coffee', 2);
    await checkOut(page);
    const use = page.getByRole('checkbox', { name: /^Use my Coffee Club \(2 left\)/ });
    await use.check();
    await page.getByTestId('total-membership').waitFor();
    await fillAddressAndShipping(page, { email, ready: /./ });
    await expect.poll(() => page.getByTestId('total-shipping').textContent()).toMatch(/\$0(\.00)?$/);
    await snap(page, 'plans-journey-checkout-credits-desktop');
    if (await page.getByLabel('Card number', { exact: true }).isVisible()) await fillTestCard(page);
    await payButton(page, /^(Pay |Place order)/).click();
    await page.getByRole('heading', { name: 'Thank you for your order!', exact: true }).waitFor();

    await page.goto(`${j.plaza.url}/account/plans`, { waitUntil: 'networkidle' });
    await myClub(page).getByText('0 of 2 × House Blend Coffee left', { exact: true }).waitFor();
    await myClub(page).getByText('Credits used', { exact: true }).click();
    await myClub(page).getByText('2 × House Blend Coffee', { exact: true }).waitFor();
    await snap(page, 'plans-journey-credits-used-desktop');
    await page.setViewportSize(MOBILE);
    await snap(page, 'plans-journey-credits-used-mobile');
    await page.setViewportSize(DESKTOP);

    // Cancel: no more renewals, the benefits stay until the month paid for ends.
    await myClub(page).getByRole('button', { name: 'Cancel plan', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Cancel Coffee Club?', exact: true })
      .getByRole('button', { name: 'Cancel plan', exact: true })
      .click();
    await myClub(page)
      .getByText(/^Canceled — ends on /)
      .waitFor();

    await addToCart(page, 'espresso-cup-set');
    await checkOut(page);
    const memberPrice = page.getByText('· Coffee Club', { exact: true });
    await memberPrice.waitFor();
    const checkoutUrl = page.url();
    await snap(page, 'plans-journey-member-price-desktop');

    // A month and a bit later (the owner moves this demo node's clock), the plan has ended and so has its price.
    await j.owner.fetch('/dev/v1/clock', { method: 'POST', body: { advanceBy: { days: 32 } } });
    // A month on, the browser's sign-in has aged with the clock: sign in again.
    await logInOnAppPage(j, page, email, PASSWORD);
    await page.waitForURL(`${j.plaza.url}/`);
    await page.goto(`${j.plaza.url}/account/plans`, { waitUntil: 'networkidle' });
    await myClub(page)
      .getByText(/^Ended/)
      .waitFor();
    await snap(page, 'plans-journey-ended-desktop');

    // The same checkout, priced again: no member price, no plan to pay with.
    await page.goto(checkoutUrl, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    await page.getByTestId('total-total').waitFor();
    expect(await memberPrice.count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: /^Use my Coffee Club/ }).count()).toBe(0);
  });
});
