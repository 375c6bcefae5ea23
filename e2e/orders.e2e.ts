import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse, ListProductsResponse } from '@plaza/contracts';
import { apiCall, fillAddressAndShipping, fillTestCard } from './shop.js';
import { DESKTOP, MOBILE, ownerIntoDashboard, snap, storedTokens } from './support.js';
import { journey } from './journey.js';

// Issue 10's journey in Chromium: a visitor buys with the test card on the hosted checkout and lands on the thank-you
// page; the owner finds the order on the dashboard and refunds part; the buyer's order page shows the refund. The
// owner also captures an order that was only authorized.

let productId: (name: string) => string;
const api = <T>(path: string, auth: string, body?: unknown) => apiCall<T>(j.plaza.url, path, auth, body);

const j = journey({ shop: true });
beforeAll(async () => {
  const { products } = await api<ListProductsResponse>('/catalog/v1/products?limit=100', j.ecomKey);
  productId = (name) => products.find((p) => p.name === name)!.id;
});

/** A visitor's own checkout of one item, opened on the hosted checkout page with address and shipping filled. */
async function checkoutPage(page: Page, name: string) {
  await page.goto(`${j.plaza.url}/`, { waitUntil: 'networkidle' });
  const tokens = await storedTokens(page);
  const { checkout } = await api<{ checkout: { id: string } }>(
    '/ecom/v1/checkouts',
    `Bearer ${tokens!.accessToken.value}`,
    {
      lineItems: [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: productId(name) }, quantity: 1 }],
    },
  );
  await page.goto(`${j.plaza.url}/checkout/${checkout.id}`, { waitUntil: 'networkidle' });
  await fillAddressAndShipping(page);
  return checkout.id;
}

describe('orders', () => {
  it('a visitor pays with the test card; a declined card says why; the owner refunds part; the buyer sees it', async () => {
    const buyer = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await checkoutPage(buyer, 'Canvas Tote');
    await buyer.getByLabel('Card number', { exact: true }).fill('4000 0000 0000 0002');
    await buyer.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/30');
    await buyer.getByLabel('Security code', { exact: true }).fill('123');
    await buyer.getByRole('button', { name: /^Pay / }).click();
    await buyer.getByRole('alert').filter({ hasText: 'declined' }).waitFor();
    await buyer.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
    await buyer.getByRole('button', { name: /^Pay / }).click();
    await buyer.waitForURL(/\/orders\/[\w-]+\?token=/);
    await buyer.getByRole('heading', { name: 'Thank you for your order!', exact: true }).waitFor();
    await expect.poll(() => buyer.getByTestId('payment-status').textContent()).toBe('Paid');
    const number = /order number is (\d+)/.exec((await buyer.locator('main, body').first().innerText()) ?? '')?.[1];
    expect(number).toMatch(/^\d+$/);
    await snap(buyer, 'orders-thank-you-desktop');
    const [download] = await Promise.all([
      buyer.waitForEvent('download'),
      buyer.getByRole('button', { name: 'Download receipt', exact: true }).click(),
    ]);
    // No invoice was issued: the buyer gets the order's receipt (docs/decisions.md, "One invoice status").
    expect(download.suggestedFilename()).toBe(`Receipt-${number}.pdf`);

    const owner = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await ownerIntoDashboard(owner, j.plaza);
    await owner
      .getByRole('navigation', { name: 'Dashboard', exact: true })
      .getByRole('link', { name: 'Orders', exact: true })
      .click();
    await owner.getByLabel('Search', { exact: true }).fill(number!);
    await owner
      .getByRole('button', { name: `Order ${number}`, exact: true })
      .locator('visible=true')
      .click();
    await owner.getByRole('heading', { name: `Order ${number}`, exact: true }).waitFor();
    await owner.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: `Refund order ${number}`, exact: true });
    await dialog.getByLabel('Amount to refund', { exact: true }).fill('5.00');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await owner.getByRole('status').filter({ hasText: 'Refunded $5.00' }).waitFor();
    await owner.getByText('Partly refunded', { exact: true }).first().waitFor();
    await owner.getByRole('button', { name: 'Mark as shipped', exact: true }).click();
    const ship = owner.getByRole('dialog', { name: `Ship order ${number}`, exact: true });
    await ship.getByLabel('Carrier', { exact: true }).fill('UPS');
    await ship.getByLabel('Tracking number', { exact: true }).fill('1Z999AA1');
    await ship.getByRole('button', { name: 'Mark as shipped', exact: true }).click();
    await owner.getByRole('status').filter({ hasText: 'is marked as shipped' }).waitFor();
    await snap(owner, 'orders-detail-desktop');
    await owner.setViewportSize(MOBILE);
    await snap(owner, 'orders-detail-mobile');

    await buyer.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => buyer.getByTestId('payment-status').textContent()).toBe('Partly refunded');
    await buyer.getByTestId('refunded').filter({ hasText: '$5.00 was refunded to you' }).waitFor();
    await buyer.getByText('Shipped', { exact: true }).waitFor();
    await buyer
      .getByRole('region', { name: 'Tracking', exact: true })
      .getByText('On its way: UPS 1Z999AA1', { exact: true })
      .waitFor();
  });

  it('the owner captures an order that was only authorized', async () => {
    const visitor = await (await j.browser.newContext()).newPage();
    await visitor.goto(`${j.plaza.url}/`, { waitUntil: 'networkidle' });
    const auth = `Bearer ${(await storedTokens(visitor))!.accessToken.value}`;
    const { checkout } = await api<{ checkout: { id: string } }>('/ecom/v1/checkouts', auth, {
      lineItems: [
        { catalogReference: { appId: 'plaza-catalog', catalogItemId: productId('Canvas Tote') }, quantity: 1 },
      ],
      // Something that ships is placed only with a saved address (the Standard option is then selected).
      checkoutInfo: {
        buyerInfo: { email: 'later@example.com' },
        shippingInfo: {
          shippingDestination: {
            address: { country: 'US', subdivision: 'US-CA', addressLine: '1 Main St', city: 'San Francisco' },
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
    const placed = await api<CreateOrderResponse>(`/ecom/v1/checkouts/${checkout.id}/create-order-and-charge`, auth, {
      paymentToken,
      delayCapture: true,
    });
    const owner = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await ownerIntoDashboard(owner, j.plaza);
    await owner.goto(`${j.plaza.url}/admin/store/orders/${placed.orderId}`, { waitUntil: 'networkidle' });
    await owner.getByText('To capture', { exact: true }).first().waitFor();
    await owner.getByRole('button', { name: 'Capture payment', exact: true }).click();
    await owner.getByRole('status').filter({ hasText: 'Payment taken' }).waitFor();
    await owner.getByText('Paid', { exact: true }).first().waitFor();
  });

  it('the owner corrects a phone order’s customer details and edits a comment', async () => {
    const { order } = await api<{ order: { id: string; number: string } }>('/ecom/v1/orders', j.ecomKey, {
      order: {
        lineItems: [
          { catalogReference: { appId: 'plaza-catalog', catalogItemId: productId('Canvas Tote') }, quantity: 1 },
        ],
        buyerInfo: { email: 'phone@example.com' },
      },
    });
    const owner = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await ownerIntoDashboard(owner, j.plaza);
    await owner.goto(`${j.plaza.url}/admin/store/orders/${order.id}`, { waitUntil: 'networkidle' });
    await owner.getByRole('heading', { name: `Order ${order.number}`, exact: true }).waitFor();
    await owner.getByRole('button', { name: 'Edit customer details', exact: true }).click();
    const drawer = owner.getByRole('dialog', { name: `Order ${order.number}: customer`, exact: true });
    await drawer.getByLabel('E-mail', { exact: true }).fill('right@example.com');
    await drawer.getByLabel('First name', { exact: true }).fill('Dora');
    await drawer.getByLabel('Last name', { exact: true }).fill('Quill');
    await drawer.getByLabel('Tags', { exact: true }).fill('phone, gift');
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await owner.getByRole('status').filter({ hasText: 'Customer details saved' }).waitFor();
    await owner.getByText('right@example.com', { exact: true }).first().waitFor();
    await owner.getByText('Dora Quill', { exact: true }).waitFor();
    await owner.getByText('E-mail changed', { exact: true }).waitFor();
    await owner.getByLabel('Add a comment', { exact: true }).fill('Asked for gift wrap');
    await owner.getByRole('button', { name: 'Add comment', exact: true }).click();
    await owner.getByText('Comment: Asked for gift wrap', { exact: true }).waitFor();
    await owner.getByRole('button', { name: 'Edit', exact: true }).click();
    await owner.getByLabel('Comment', { exact: true }).fill('Asked for gift wrap, red ribbon');
    await owner.getByRole('button', { name: 'Save', exact: true }).click();
    await owner.getByText('Comment: Asked for gift wrap, red ribbon', { exact: true }).waitFor();
    await snap(owner, 'orders-customer-desktop');
    await owner.getByRole('button', { name: 'Delete', exact: true }).click();
    await owner
      .getByRole('dialog', { name: 'Delete this comment?', exact: true })
      .getByRole('button', { name: 'Delete comment', exact: true })
      .click();
    await owner.getByRole('status').filter({ hasText: 'Comment deleted' }).waitFor();
    await expect
      .poll(() => owner.getByText('Comment: Asked for gift wrap, red ribbon', { exact: true }).count())
      .toBe(0);
  });

  it('the owner edits a phone order’s items and sees the new totals before saving', async () => {
    const { order } = await api<{ order: { id: string; number: string } }>('/ecom/v1/orders', j.ecomKey, {
      order: {
        lineItems: [
          { catalogReference: { appId: 'plaza-catalog', catalogItemId: productId('Canvas Tote') }, quantity: 1 },
        ],
        buyerInfo: { email: 'edit@example.com' },
      },
    });
    const owner = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await ownerIntoDashboard(owner, j.plaza);
    await owner.goto(`${j.plaza.url}/admin/store/orders/${order.id}`, { waitUntil: 'networkidle' });
    await owner.getByRole('button', { name: 'Edit items', exact: true }).click();
    const drawer = owner.getByRole('dialog', { name: `Order ${order.number}: edit items`, exact: true });
    await drawer.getByText('Change something above to see the new totals.', { exact: true }).waitFor();
    await drawer.getByLabel('How many', { exact: true }).first().fill('2');
    await drawer.getByRole('button', { name: 'Add a custom item', exact: true }).click();
    await drawer.getByLabel('Item', { exact: true }).fill('Gift wrap');
    await drawer.getByLabel('Price each', { exact: true }).nth(1).fill('2.50');
    await drawer.getByLabel('Why (kept in the order’s history)', { exact: true }).fill('Asked on the phone');
    const preview = drawer.getByTestId('draft-preview');
    await expect.poll(() => preview.innerText()).toMatch(/Still to pay:\s*\$\d+\.\d{2}/);
    expect(await preview.innerText()).toContain('After the changes');
    await preview.scrollIntoViewIfNeeded();
    await snap(owner, 'orders-edit-items-desktop');
    await drawer.getByRole('button', { name: 'Save changes', exact: true }).click();
    await owner
      .getByRole('status')
      .filter({ hasText: `Order ${order.number} is updated` })
      .waitFor();
    await owner.getByText('Items changed: Asked on the phone', { exact: true }).waitFor();
    await owner.getByText('Added 1 × Gift wrap at $2.50', { exact: true }).waitFor();
    await owner.getByText('Canvas Tote: quantity 1 → 2', { exact: true }).waitFor();
    await owner.getByText(/^2 × Canvas Tote$/).waitFor();
  });

  it('the owner marks selected orders paid with progress and exports the list as CSV', async () => {
    const made: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { order } = await api<{ order: { number: string } }>('/ecom/v1/orders', j.ecomKey, {
        order: {
          lineItems: [
            { catalogReference: { appId: 'plaza-catalog', catalogItemId: productId('Canvas Tote') }, quantity: 1 },
          ],
          buyerInfo: { email: `bulk${i}@example.com` },
        },
      });
      made.push(order.number);
    }
    const owner = await (await j.browser.newContext({ viewport: DESKTOP, acceptDownloads: true })).newPage();
    await ownerIntoDashboard(owner, j.plaza);
    await owner.goto(`${j.plaza.url}/admin/store/orders`, { waitUntil: 'networkidle' });
    await owner.getByRole('button', { name: 'Unpaid', exact: true }).click();
    await owner.getByRole('button', { name: 'Save this view', exact: true }).click();
    const naming = owner.getByRole('dialog', { name: 'Save this view', exact: true });
    await naming.getByLabel('Name', { exact: true }).fill('To collect');
    await naming.getByRole('button', { name: 'Save view', exact: true }).click();
    await owner.getByRole('status').filter({ hasText: 'View “To collect” saved' }).waitFor();
    await owner
      .getByRole('group', { name: 'Saved views', exact: true })
      .getByRole('button', { name: 'To collect', exact: true })
      .waitFor();
    for (const n of made) await owner.getByLabel(`Select Order ${n}`, { exact: true }).locator('visible=true').check();
    await owner.getByText('2 orders selected', { exact: true }).waitFor();
    await owner.getByRole('button', { name: 'Mark as paid', exact: true }).click();
    await owner.getByRole('status').filter({ hasText: '2 marked as paid' }).waitFor();
    await owner.getByRole('button', { name: 'Paid', exact: true }).click();
    for (const n of made)
      await owner
        .getByRole('button', { name: `Order ${n}`, exact: true })
        .locator('visible=true')
        .waitFor();
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('button', { name: 'Export CSV', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
    for (const n of made) expect(csv).toContain(`${n},`);
    expect(csv).not.toContain('NOT_PAID');
  });

  it('the owner sends a payment link; the buyer pays it on the hosted page', async () => {
    const { order } = await api<{ order: { id: string; number: string } }>('/ecom/v1/orders', j.ecomKey, {
      order: {
        lineItems: [
          { catalogReference: { appId: 'plaza-catalog', catalogItemId: productId('Canvas Tote') }, quantity: 1 },
        ],
        buyerInfo: { email: 'link@example.com' },
      },
    });
    const owner = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await ownerIntoDashboard(owner, j.plaza);
    await owner.goto(`${j.plaza.url}/admin/store/orders/${order.id}`, { waitUntil: 'networkidle' });
    await owner.getByRole('button', { name: 'Request payment', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: `Request a payment for order ${order.number}`, exact: true });
    await dialog.getByLabel('Amount', { exact: true }).fill('5.00');
    await dialog.getByRole('button', { name: 'Send payment link', exact: true }).click();
    await owner.getByRole('status').filter({ hasText: 'Payment link sent to link@example.com' }).waitFor();
    await owner.getByText('Waiting', { exact: true }).waitFor();

    const { paymentRequests } = await api<{ paymentRequests: Array<{ url: string }> }>(
      `/ecom/v1/payment-requests?orderId=${order.id}`,
      j.ecomKey,
    );
    const link = new URL(paymentRequests[0]!.url);
    const buyer = await (await j.browser.newContext({ viewport: MOBILE })).newPage();
    await buyer.goto(`${j.plaza.url}${link.pathname}${link.search}`, { waitUntil: 'networkidle' });
    await expect.poll(() => buyer.getByTestId('amount').textContent()).toBe('$5.00');
    await fillTestCard(buyer);
    await snap(buyer, 'orders-pay-link-mobile');
    await buyer.getByRole('button', { name: 'Pay $5.00', exact: true }).click();
    await buyer.getByText(/^Paid — thank you!/).waitFor();

    await owner.reload({ waitUntil: 'networkidle' });
    await owner.getByText('Paid', { exact: true }).first().waitFor();
    await owner.getByText('Paid in part', { exact: true }).waitFor();
  });

  it('a buyer downloads a digital product from the order page; the owner sees which file it delivers', async () => {
    const { key } = await j.owner.fetch<{ key: string }>('/settings/v1/api-keys', {
      method: 'POST',
      body: { name: 'e2e downloads', scopes: ['media', 'catalog'] },
    });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const { uploadUrl } = await api<{ uploadUrl: string }>('/media/v1/files/generate-upload-url', key, {
      mimeType: 'image/png',
      fileName: 'Recipes.png',
      private: true,
    });
    const put = await fetch(uploadUrl, { method: 'PUT', body: png, headers: { 'content-type': 'image/png' } });
    const { file } = (await put.json()) as { file: { id: string } };
    await expect
      .poll(async () => {
        const r = await api<{ file: { operationStatus: string } }>(
          `/media/v1/files/get-file-by-id?fileId=${file.id}`,
          key,
        );
        return r.file.operationStatus;
      })
      .toBe('READY');
    const { product } = await api<{ product: { id: string } }>('/catalog/v1/products', key, {
      product: {
        name: 'Recipe e-book',
        productType: 'DIGITAL',
        price: { amount: '9.00' },
        digitalFile: { fileId: file.id },
      },
    });

    const page = await (await j.browser.newContext({ viewport: DESKTOP, acceptDownloads: true })).newPage();
    await page.goto(`${j.plaza.url}/`, { waitUntil: 'networkidle' });
    const visitor = `Bearer ${(await storedTokens(page))!.accessToken.value}`;
    const { checkout } = await api<{ checkout: { id: string } }>('/ecom/v1/checkouts', visitor, {
      lineItems: [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: product.id }, quantity: 1 }],
      checkoutInfo: { buyerInfo: { email: 'reader@example.com' } },
    });
    const { paymentToken } = await api<{ paymentToken: string }>('/ecom/v1/payments/test-card/tokens', visitor, {
      cardNumber: '4242424242424242',
      expiryMonth: 12,
      expiryYear: 2099,
      cvc: '123',
    });
    const placed = await api<CreateOrderResponse>(
      `/ecom/v1/checkouts/${checkout.id}/create-order-and-charge`,
      visitor,
      { paymentToken },
    );
    await page.goto(`${j.plaza.url}/orders/${placed.orderId}?token=${placed.thankYouToken}`, {
      waitUntil: 'networkidle',
    });
    // Nothing to ship: the order says how it is delivered instead of "Not shipped yet".
    await expect.poll(() => page.getByText('By download', { exact: true }).count()).toBe(1);
    // ...and its totals have no shipping line (nothing travels, nothing was charged for it).
    expect(await page.getByTestId('total-subtotal').count()).toBe(1);
    expect(await page.getByTestId('total-shipping').count()).toBe(0);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Recipe e-book', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Recipes.png');
    await snap(page, 'orders-downloads-desktop');

    const admin = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await ownerIntoDashboard(admin, j.plaza);
    await admin.goto(`${j.plaza.url}/admin/store/products/${product.id}`, { waitUntil: 'networkidle' });
    await admin.getByRole('heading', { name: 'File to deliver', exact: true }).waitFor();
    await expect.poll(() => admin.getByTestId('digital-file').innerText()).toBe('Recipes.png');
  });
});
