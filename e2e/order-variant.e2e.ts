import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkOutFromCart, fillAddressAndShipping, fillTestCard } from './shop.js';
import { DESKTOP, MOBILE, ownerIntoDashboard, snap } from './support.js';
import { journey } from './journey.js';

// "The variant everywhere": a visitor picks a size of the Lavender Hoodie on its product page and pays; the size is
// on the thank-you page (with the delivery method and where it goes), on the dashboard's order list and order page
// (with the method next to the shipping amount), and on the packing slip the owner prints.

const j = journey({ shop: true });

/** The product page: size L, into the cart, then the cart's "Check out" to the hosted checkout, and pay. */
async function buyHoodieInL(page: Page): Promise<{ number: string; orderId: string }> {
  await page.goto(`${j.plaza.url}/products`, { waitUntil: 'networkidle' });
  await page
    .getByRole('link', { name: /Lavender Hoodie/ })
    .first()
    .click();
  await page.getByRole('heading', { name: 'Lavender Hoodie', exact: true }).waitFor();
  await page.getByRole('button', { name: 'L', exact: true }).click();
  await expect
    .poll(() => page.getByRole('button', { name: 'L', exact: true }).getAttribute('aria-pressed'))
    .toBe('true');
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect.poll(() => page.getByTestId('cart-count').first().textContent()).toBe('1');
  await checkOutFromCart(page, j.plaza.url);
  await fillAddressAndShipping(page);
  await fillTestCard(page);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/orders\/[\w-]+\?token=/);
  await page.getByRole('heading', { name: 'Thank you for your order!', exact: true }).waitFor();
  const number = /order number is (\d+)/.exec(await page.locator('body').innerText())?.[1];
  const orderId = /\/orders\/([\w-]+)\?/.exec(page.url())?.[1];
  expect(number).toMatch(/^\d+$/);
  return { number: number!, orderId: orderId! };
}

describe('the variant on every order screen', () => {
  it('the size, SKU, delivery method and ship-to reach the thank-you page, the dashboard and the packing slip', async () => {
    const buyer = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    const { number, orderId } = await buyHoodieInL(buyer);

    // The thank-you page: which size, and how and where it goes.
    const item = buyer.getByRole('listitem').filter({ hasText: 'Lavender Hoodie' });
    await item.getByText('Size: L', { exact: false }).waitFor();
    await item.getByText('SKU HOOD-LAV', { exact: true }).waitFor();
    const shipping = buyer.getByRole('region', { name: 'Shipping', exact: true });
    await expect.poll(() => shipping.getByTestId('delivery-method').textContent()).toBe('Standard');
    // The address lines come once the address formatter (a lazy chunk) has loaded.
    await expect
      .poll(async () => (await shipping.locator('address').innerText()).split('\n'))
      .toEqual(['Ann Lee', '1 Main St', 'San Francisco, CA', 'United States of America']);
    await snap(buyer, 'order-variant-thank-you-desktop');
    await buyer.setViewportSize(MOBILE);
    await snap(buyer, 'order-variant-thank-you-mobile');

    // The dashboard: the list sums the order up with its size; the order page has it per line, with the method.
    const owner = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await ownerIntoDashboard(owner, j.plaza);
    await owner.goto(`${j.plaza.url}/admin/store/orders`, { waitUntil: 'networkidle' });
    await owner.getByText('1 × Lavender Hoodie (Size: L)', { exact: true }).first().waitFor();
    await snap(owner, 'order-variant-list-desktop');
    await owner.goto(`${j.plaza.url}/admin/store/orders/${orderId}`, { waitUntil: 'networkidle' });
    await owner.getByRole('heading', { name: `Order ${number}`, exact: true }).waitFor();
    const items = owner.getByRole('list', { name: 'Items', exact: true });
    await items.getByText('1 × Lavender Hoodie', { exact: true }).waitFor();
    await items.getByText(/^Size: L · SKU HOOD-LAV$/).waitFor();
    await owner.getByText('Shipping (Standard)', { exact: true }).waitFor();
    await snap(owner, 'order-variant-dashboard-desktop');

    // The packing slip: picture, size, SKU and quantity per line; where it goes and how.
    await owner.getByRole('link', { name: 'Packing slip', exact: true }).click();
    const slip = owner.getByRole('article', { name: 'Packing slip', exact: true });
    await slip.getByText(`Order ${number}`, { exact: true }).waitFor();
    const row = slip.getByRole('row').filter({ hasText: 'Lavender Hoodie' });
    await row.getByText('Size: L', { exact: true }).waitFor();
    await row.getByRole('cell', { name: 'HOOD-LAV', exact: true }).waitFor();
    await row.getByRole('img', { name: 'A lavender hoodie', exact: true }).waitFor();
    expect(await row.getByRole('cell').nth(3).innerText()).toBe('1');
    await slip
      .getByRole('region', { name: 'Delivery method', exact: true })
      .getByText('Standard', { exact: true })
      .waitFor();
    const slipShipTo = slip.getByRole('region', { name: 'Ship to', exact: true }).locator('address');
    await expect
      .poll(async () => (await slipShipTo.innerText()).split('\n'))
      .toEqual(['Ann Lee', '1 Main St', 'San Francisco, CA', 'United States of America']);
    await snap(owner, 'order-variant-packing-slip-desktop');
    // Printed: the slip alone, without the dashboard's sidebar or the buttons.
    await owner.emulateMedia({ media: 'print' });
    expect(await owner.getByRole('navigation', { name: 'Dashboard', exact: true }).isVisible()).toBe(false);
    expect(await owner.getByRole('button', { name: 'Print', exact: true }).isVisible()).toBe(false);
    expect(await slip.isVisible()).toBe(true);
    await snap(owner, 'order-variant-packing-slip-print');
    await owner.emulateMedia({ media: 'screen' });
    await owner.setViewportSize(MOBILE);
    await row.getByText('SKU HOOD-LAV', { exact: true }).waitFor();
    await snap(owner, 'order-variant-packing-slip-mobile');
    await owner.goto(`${j.plaza.url}/admin/store/orders/${orderId}`, { waitUntil: 'networkidle' });
    await items.getByText(/^Size: L · SKU HOOD-LAV$/).waitFor();
    await snap(owner, 'order-variant-dashboard-mobile');
  });
});
