import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse, ListProductsResponse } from '@plaza/contracts';
import { apiCall } from './shop.js';
import { DESKTOP, MOBILE, ownerIntoDashboard, snap, storedTokens } from './support.js';
import { journey } from './journey.js';

// Issue 22 on the order page, in Chromium: the owner records money received outside the shop (a wrong amount is
// explained next to its field; the note lands in the history), and approves or rejects orders whose payment is
// still with the bank (rejecting asks first).

let productId: (name: string) => string;
let owner: Page;
const api = <T>(path: string, auth: string, body?: unknown) => apiCall<T>(j.plaza.url, path, auth, body);

const j = journey({ shop: true });
beforeAll(async () => {
  const { products } = await api<ListProductsResponse>('/catalog/v1/products?limit=100', j.ecomKey);
  productId = (name) => products.find((p) => p.name === name)!.id;
  owner = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
  await ownerIntoDashboard(owner, j.plaza);
});

const line = (name: string) => ({
  catalogReference: { appId: 'plaza-catalog', catalogItemId: productId(name) },
  quantity: 1,
});

/** A visitor's order paid with the card the bank keeps waiting on (4000 0000 0000 3220): it waits for approval. */
async function orderWithPendingPayment(): Promise<string> {
  const visitor = await (await j.browser.newContext()).newPage();
  await visitor.goto(`${j.plaza.url}/`, { waitUntil: 'networkidle' });
  const auth = `Bearer ${(await storedTokens(visitor))!.accessToken.value}`;
  await visitor.context().close();
  const { checkout } = await api<{ checkout: { id: string } }>('/ecom/v1/checkouts', auth, {
    lineItems: [line('Canvas Tote')],
    checkoutInfo: {
      buyerInfo: { email: 'waiting@example.com' },
      shippingInfo: {
        shippingDestination: {
          address: { country: 'US', subdivision: 'US-CA', addressLine: '1 Main St', city: 'San Francisco' },
        },
      },
    },
  });
  const { paymentToken } = await api<{ paymentToken: string }>('/ecom/v1/payments/test-card/tokens', auth, {
    cardNumber: '4000000000003220',
    expiryMonth: 12,
    expiryYear: 2099,
    cvc: '123',
  });
  const placed = await api<CreateOrderResponse>(`/ecom/v1/checkouts/${checkout.id}/create-order-and-charge`, auth, {
    paymentToken,
  });
  return placed.orderId;
}

async function openOrder(orderId: string) {
  await owner.goto(`${j.plaza.url}/admin/store/orders/${orderId}`, { waitUntil: 'networkidle' });
  const { order } = await api<{ order: { number: string } }>(`/ecom/v1/orders/${orderId}`, j.ecomKey);
  await owner.getByRole('heading', { name: `Order ${order.number}`, exact: true }).waitFor();
  return order.number;
}

const toast = (text: string) => owner.getByRole('status').filter({ hasText: text }).waitFor();
const history = () => owner.locator('section', { has: owner.getByRole('heading', { name: 'History', exact: true }) });

describe('order page: payments recorded by hand and approval', () => {
  it('records part of a phone order’s payment; a wrong amount is explained next to the field', async () => {
    const { order } = await api<{ order: { id: string; number: string; priceSummary: { total: { amount: string } } } }>(
      '/ecom/v1/orders',
      j.ecomKey,
      { order: { lineItems: [line('Canvas Tote')], buyerInfo: { email: 'phone@example.com' } } },
    );
    await openOrder(order.id);
    await owner.getByText('Not paid yet', { exact: true }).first().waitFor();
    await owner.getByRole('button', { name: 'Record a payment', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: `Record a payment for order ${order.number}`, exact: true });
    const amount = dialog.getByLabel('Amount received', { exact: true });

    await dialog.getByRole('button', { name: 'Record payment', exact: true }).click();
    await dialog.getByText('Enter the amount you received.', { exact: true }).waitFor();
    await amount.fill('1.005');
    await dialog.getByRole('button', { name: 'Record payment', exact: true }).click();
    await dialog.getByText('Use at most 2 decimal places, such as 20.00.', { exact: true }).waitFor();
    const tooMuch = (Number(order.priceSummary.total.amount) + 1).toFixed(2);
    await amount.fill(tooMuch);
    await dialog.getByRole('button', { name: 'Record payment', exact: true }).click();
    const dueWords = `At most $${order.priceSummary.total.amount} is still due.`;
    await dialog.getByText(dueWords, { exact: true }).waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await owner.setViewportSize(MOBILE);
    await snap(owner, 'order-manual-payment-problem-phone');
    await owner.setViewportSize(DESKTOP);

    await amount.fill('5.00');
    await dialog.getByLabel('Note (optional)', { exact: true }).fill('Cash at the market stall');
    await dialog.getByRole('button', { name: 'Record payment', exact: true }).click();
    await toast('Payment recorded');
    await owner.getByText('Partly paid', { exact: true }).first().waitFor();
    await owner.getByText('Recorded payment', { exact: true }).waitFor();
    await history().getByText('Comment: Cash at the market stall', { exact: true }).waitFor();
    await history().getByText('Paid in part', { exact: true }).first().waitFor();
    await snap(owner, 'order-manual-payment-desktop');

    // What the server kept: one MANUAL payment of 5.00, nothing from the refused tries.
    const { orderTransactions } = await api<{
      orderTransactions: { payments: Array<{ method: string; amount: { amount: string } }> };
    }>(`/ecom/v1/orders/${order.id}/transactions`, j.ecomKey);
    expect(orderTransactions.payments.map((p) => [p.method, p.amount.amount])).toEqual([['MANUAL', '5.00']]);
  });

  it('says so when the order was paid meanwhile, and records nothing twice', async () => {
    const { order } = await api<{ order: { id: string; number: string } }>('/ecom/v1/orders', j.ecomKey, {
      order: { lineItems: [line('Canvas Tote')], buyerInfo: { email: 'twice@example.com' } },
    });
    await openOrder(order.id);
    await owner.getByRole('button', { name: 'Record a payment', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: `Record a payment for order ${order.number}`, exact: true });
    await dialog.getByLabel('Amount received', { exact: true }).fill('5.00');
    // Someone else marks the whole order paid while the dialog is open.
    await api(`/ecom/v1/payments-collector/orders/${order.id}/mark-as-paid`, j.ecomKey, {});
    await dialog.getByRole('button', { name: 'Record payment', exact: true }).click();
    await toast('Not recorded: The order is already paid');
    await dialog.waitFor({ state: 'hidden' });
    await owner.getByText('Paid', { exact: true }).first().waitFor();
    const { orderTransactions } = await api<{ orderTransactions: { payments: Array<{ method: string }> } }>(
      `/ecom/v1/orders/${order.id}/transactions`,
      j.ecomKey,
    );
    expect(orderTransactions.payments.map((p) => p.method)).toEqual(['OFFLINE']);
  });

  it('approves an order whose payment is still with the bank', async () => {
    const orderId = await orderWithPendingPayment();
    const number = await openOrder(orderId);
    await owner.getByText('Payment in progress', { exact: true }).first().waitFor();
    await owner
      .getByText('Waiting for your approval. The payment is still with the customer’s bank.', { exact: true })
      .waitFor();
    await owner.setViewportSize(MOBILE);
    await snap(owner, 'order-approval-phone');
    await owner.setViewportSize(DESKTOP);
    await owner.getByRole('button', { name: 'Approve order', exact: true }).click();
    await toast(`Order ${number} is approved`);
    await owner.getByText(/^Confirmed · /).waitFor();
    expect(await owner.getByRole('button', { name: 'Approve order', exact: true }).count()).toBe(0);
    const { order } = await api<{ order: { status: string } }>(`/ecom/v1/orders/${orderId}`, j.ecomKey);
    expect(order.status).toBe('APPROVED');
  });

  it('rejects an order only after the owner confirms', async () => {
    const orderId = await orderWithPendingPayment();
    const number = await openOrder(orderId);
    await owner.getByRole('button', { name: 'Reject order', exact: true }).click();
    const confirm = owner.getByRole('dialog', { name: `Reject order ${number}?`, exact: true });
    await confirm
      .getByText('The customer’s order is declined and cannot be approved later.', { exact: true })
      .waitFor();
    await snap(owner, 'order-reject-confirm-desktop');
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    const kept = await api<{ order: { status: string } }>(`/ecom/v1/orders/${orderId}`, j.ecomKey);
    expect(kept.order.status).toBe('INITIALIZED');

    await owner.getByRole('button', { name: 'Reject order', exact: true }).click();
    await confirm.getByRole('button', { name: 'Reject order', exact: true }).click();
    await toast(`Order ${number} is rejected`);
    await owner.getByText(/^Declined by the shop · /).waitFor();
    await history().getByText('Declined', { exact: true }).first().waitFor();
    expect(await owner.getByRole('button', { name: 'Reject order', exact: true }).count()).toBe(0);
    const { order } = await api<{ order: { status: string } }>(`/ecom/v1/orders/${orderId}`, j.ecomKey);
    expect(order.status).toBe('REJECTED');
  });
});
