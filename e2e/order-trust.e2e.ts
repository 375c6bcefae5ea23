import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse, ListProductsResponse } from '@plaza/contracts';
import { apiCall } from './shop.js';
import { DESKTOP, MOBILE, ownerIntoDashboard, snap, storedTokens } from './support.js';
import { journey, signUpWithCode } from './journey.js';

// An order path a shop can trust, in Chromium: the dashboard and the buyer tell the same invoice story (and the
// dashboard makes no failing request for an invoice not issued yet); a refund starts from an empty amount with its
// limit in the shop's currency; a guest's order shows under Orders once they sign up with that address.

let toteId: string;
let ebookId: string;
const api = <T>(path: string, auth: string, body?: unknown) => apiCall<T>(j.plaza.url, path, auth, body);

const j = journey({ shop: true });
beforeAll(async () => {
  const { products } = await api<ListProductsResponse>('/catalog/v1/products?limit=100', j.ecomKey);
  toteId = products.find((p) => p.name === 'Canvas Tote')!.id;
  ebookId = products.find((p) => p.name === 'Slow Mornings (e-book)')!.id;
});

/** The browser (a visitor until now) buys a tote (and more) with the test card as `email`; answers the order. */
async function buyAsGuest(page: Page, email: string, more: string[] = []): Promise<CreateOrderResponse> {
  await page.goto(`${j.plaza.url}/`, { waitUntil: 'networkidle' });
  const auth = `Bearer ${(await storedTokens(page))!.accessToken.value}`;
  const { checkout } = await api<{ checkout: { id: string } }>('/ecom/v1/checkouts', auth, {
    lineItems: [toteId, ...more].map((catalogItemId) => ({
      catalogReference: { appId: 'plaza-catalog', catalogItemId },
      quantity: 1,
    })),
    checkoutInfo: {
      buyerInfo: { email },
      shippingInfo: {
        shippingDestination: {
          address: { country: 'US', subdivision: 'US-CA', addressLine: '1 Main St', city: 'San Francisco' },
          contactDetails: { firstName: 'Gia', lastName: 'Guest' },
        },
      },
    },
  });
  const { paymentToken } = await api<{ paymentToken: string }>('/ecom/v1/payments/test-card/tokens', auth, {
    cardNumber: '4242424242424242',
    expiryMonth: 12,
    expiryYear: 2099,
    cvc: '123',
  });
  return api<CreateOrderResponse>(`/ecom/v1/checkouts/${checkout.id}/create-order-and-charge`, auth, {
    paymentToken,
  });
}

/** Every console error, every answer of 400 or more and every request that fails, from now on. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  // A request the browser drops because the page moved on (net::ERR_ABORTED) is not a failure.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed ${r.url()}`);
  });
  return problems;
}

describe('an order path a shop can trust', () => {
  it('the dashboard and the buyer show one invoice status; the dashboard asks nothing that fails', async () => {
    const buyer = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    const placed = await buyAsGuest(buyer, 'invoice.buyer@example.com');
    const number = placed.order.number;
    const buyerPage = `${j.plaza.url}/orders/${placed.orderId}?token=${placed.thankYouToken}`;
    await buyer.goto(buyerPage, { waitUntil: 'networkidle' });
    await buyer.getByRole('button', { name: 'Download receipt', exact: true }).waitFor();
    expect(await buyer.getByTestId('invoice-status').count()).toBe(0);

    const owner = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await ownerIntoDashboard(owner, j.plaza);
    const problems = watchProblems(owner);
    await owner.goto(`${j.plaza.url}/admin/store/orders/${placed.orderId}`, { waitUntil: 'networkidle' });
    await owner.getByRole('heading', { name: `Order ${number}`, exact: true }).waitFor();
    const state = owner.getByTestId('invoice-state');
    await expect.poll(() => state.innerText()).toBe('No invoice yet');
    await owner.getByRole('button', { name: 'Download receipt', exact: true }).waitFor();
    expect(problems).toEqual([]);

    await owner.getByRole('button', { name: 'Issue invoice', exact: true }).click();
    await owner
      .getByRole('status')
      .filter({ hasText: `Invoice INV-${number} issued` })
      .waitFor();
    await expect.poll(() => state.innerText()).toMatch(new RegExp(`^INV-${number}\\s+Paid$`));
    await owner.getByTestId('invoice-state').scrollIntoViewIfNeeded();
    await snap(owner, 'order-trust-invoice-desktop');
    expect(problems).toEqual([]);

    await buyer.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => buyer.getByTestId('invoice-status').innerText()).toBe(`Invoice INV-${number} · Paid`);
    const [download] = await Promise.all([
      buyer.waitForEvent('download'),
      buyer.getByRole('button', { name: 'Download invoice', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`INV-${number}.pdf`);
    await snap(buyer, 'order-trust-buyer-invoice-desktop');
    await buyer.setViewportSize(MOBILE);
    await snap(buyer, 'order-trust-buyer-invoice-mobile');
  });

  it('a refund starts empty, shows its limit with the currency, and tells the buyer and the history', async () => {
    const guest = await (await j.browser.newContext()).newPage();
    const placed = await buyAsGuest(guest, 'refund.buyer@example.com');
    const max = placed.order.priceSummary.total.formattedAmount;
    const owner = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await ownerIntoDashboard(owner, j.plaza);
    await owner.goto(`${j.plaza.url}/admin/store/orders/${placed.orderId}`, { waitUntil: 'networkidle' });
    await owner.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: `Refund order ${placed.order.number}`, exact: true });
    const amount = dialog.getByLabel('Amount to refund', { exact: true });
    await amount.waitFor();
    expect(await amount.inputValue()).toBe('');
    await dialog.getByText(`Up to ${max}.`, { exact: true }).waitFor();
    expect(max).toMatch(/^\$\d+\.\d{2}$/);
    await snap(owner, 'order-trust-refund-desktop');

    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.getByText('Enter the amount to refund.', { exact: true }).waitFor();
    await amount.fill('5.00');
    await dialog.getByLabel('Reason (optional)', { exact: true }).fill('Strap was frayed');
    await dialog.getByLabel('Put the items back in stock', { exact: true }).check();
    await owner.setViewportSize(MOBILE);
    await snap(owner, 'order-trust-refund-mobile');
    await owner.setViewportSize({ width: 320, height: 640 });
    await snap(owner, 'order-trust-refund-320');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await owner.getByRole('status').filter({ hasText: 'Refunded $5.00' }).waitFor();
    await owner.getByText('Refunded $5.00: Strap was frayed · items back in stock', { exact: true }).waitFor();
    const mail = await j.mailbox.latest('refund.buyer@example.com', 'ORDER_REFUNDED');
    expect(mail.text).toContain('We refunded $5.00');
    expect(mail.text).toContain('Reason: Strap was frayed');
  });

  it('a guest buys, signs up with that address, verifies it and finds the order under Orders', async () => {
    const email = `gia.${Date.now()}@example.com`;
    const page = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    const placed = await buyAsGuest(page, email, [ebookId]);

    await signUpWithCode(j, page, email, 'a guest no longer');

    await page.getByRole('button', { name: /^Your account/ }).click();
    for (const label of ['Orders', 'Subscriptions', 'Downloads']) {
      await page.getByRole('link', { name: label, exact: true }).waitFor();
    }
    await snap(page, 'order-trust-account-menu-desktop');
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.waitForURL(`${j.plaza.url}/account/orders`);
    await page.getByRole('link', { name: new RegExp(`^Order ${placed.order.number}\\b`), exact: true }).waitFor();
    await snap(page, 'order-trust-my-orders-desktop');

    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Open menu', exact: true }).click();
    const menu = page.locator('#mobile-nav');
    for (const label of ['Orders', 'Subscriptions', 'Downloads']) {
      await menu.getByRole('link', { name: label, exact: true }).waitFor();
    }
    await snap(page, 'order-trust-account-menu-mobile');
    await menu.getByRole('link', { name: 'Downloads', exact: true }).click();
    await page.getByRole('heading', { name: 'My downloads', exact: true }).waitFor();
    await page.getByRole('link', { name: `Order ${placed.order.number}`, exact: true }).waitFor();
    // The demo e-book has no file attached: the page says so rather than failing.
    await page.getByRole('button', { name: 'Download Slow Mornings (e-book)', exact: true }).click();
    await page.getByText(/^This file is not available yet/).waitFor();
    await snap(page, 'order-trust-downloads-mobile');
    await page.setViewportSize({ width: 320, height: 640 });
    await snap(page, 'order-trust-downloads-320');
    await page.goto(`${j.plaza.url}/orders/${placed.orderId}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Download receipt', exact: true }).waitFor();
    await snap(page, 'order-trust-order-320');
  });
});
