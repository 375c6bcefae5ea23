import { describe, expect, it } from 'vitest';
import { checkOutFromCart, fillAddressAndShipping, fillTestCard, productCard } from './shop.js';
import { DESKTOP, MOBILE, ownerIntoDashboard, snap } from './support.js';
import { journey } from './journey.js';

// Issue 10's subscriptions in Chromium: a new member subscribes to the demo coffee every two weeks from its product
// page and pays with the test card; My subscriptions shows the next charge; the owner finds it under Subscriptions;
// the member cancels it.

const j = journey({ shop: true });

describe('subscriptions', () => {
  it('a member subscribes, sees the next charge and cancels; the owner sees it', async () => {
    const context = await j.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const email = `coffee.${Date.now()}@example.com`;
    await page.goto(`${j.plaza.url}/signup`, { waitUntil: 'networkidle' });
    await page.getByLabel('Name', { exact: true }).fill('Cora Coffee');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await page.getByLabel('Verification code', { exact: true }).fill((await j.mailbox.code(email)).code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL(`${j.plaza.url}/`);

    await page.goto(`${j.plaza.url}/products?q=${encodeURIComponent('House Blend Coffee')}`, {
      waitUntil: 'networkidle',
    });
    await page
      .getByRole('link', { name: productCard('House Blend Coffee'), exact: true })
      .first()
      .click();
    await page.getByRole('heading', { name: 'House Blend Coffee', level: 1, exact: true }).waitFor();
    await page.getByRole('radio', { name: /Subscribe: Every 2 weeks/ }).check();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.getByRole('dialog', { name: 'Your cart', exact: true }).waitFor();
    await checkOutFromCart(page, j.plaza.url);
    await fillAddressAndShipping(page);
    await fillTestCard(page);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('heading', { name: 'Thank you for your order!', exact: true }).waitFor();

    await page.goto(`${j.plaza.url}/account/subscriptions`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: /House Blend Coffee/ }).waitFor();
    const next = await page.getByTestId('next-charge').textContent();
    expect(next).toMatch(/^Next charge: .+ on Visa ending 4242$/);
    await page.getByText(/every 2 weeks/).waitFor();
    await snap(page, 'subscriptions-account-desktop');
    await page.setViewportSize(MOBILE);
    await snap(page, 'subscriptions-account-mobile');
    await page.setViewportSize(DESKTOP);

    const owner = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await ownerIntoDashboard(owner, j.plaza);
    await owner
      .getByRole('navigation', { name: 'Dashboard', exact: true })
      .getByRole('link', { name: 'Subscriptions', exact: true })
      .click();
    await owner.getByRole('heading', { name: 'Subscriptions', exact: true }).waitFor();
    // The checkout's contact e-mail (the address form's) is the subscription's.
    await owner.getByRole('button', { name: 'ann@example.com', exact: true }).locator('visible=true').click();
    const drawer = owner.getByRole('dialog', { name: 'Subscription', exact: true });
    await drawer.getByText('Visa ending 4242', { exact: true }).waitFor();
    await drawer.getByRole('link', { name: 'First order', exact: true }).waitFor();
    await snap(owner, 'subscriptions-dashboard-desktop');

    await page.getByRole('button', { name: 'Change card (Visa ending 4242)', exact: true }).click();
    await page.getByLabel('Card number', { exact: true }).fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/30');
    await page.getByLabel('Security code', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Use this card', exact: true }).click();
    await page.getByText('The card was declined.', { exact: true }).waitFor();
    await page.getByLabel('Card number', { exact: true }).fill('5555 5555 5555 4444');
    await page.getByRole('button', { name: 'Use this card', exact: true }).click();
    await expect.poll(() => page.getByTestId('next-charge').textContent()).toMatch(/on Mastercard ending 4444$/);

    await page.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
    await page
      .getByRole('dialog', { name: /^Cancel House Blend Coffee/ })
      .getByRole('button', { name: 'Cancel subscription', exact: true })
      .click();
    await page.getByText('Canceled', { exact: true }).waitFor();
    expect(await page.getByTestId('next-charge').count()).toBe(0);
    await context.close();
  });
});
