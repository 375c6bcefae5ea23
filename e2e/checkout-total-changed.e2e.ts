import { beforeAll, describe, expect, it } from 'vitest';
import type { ListProductsResponse } from '@plaza/contracts';
import { apiCall, fillTestCard, payButton } from './shop.js';
import { DESKTOP, MOBILE, ownerIntoDashboard, snap, storedTokens } from './support.js';
import { journey } from './journey.js';

// money.shown-total in Chromium: a price raised while the buyer is on the checkout page. Pay is refused in words
// naming the old and the new total, nothing is charged, the page shows the new total, and paying again charges it.
// order.restock-default: the dashboard's cancel dialog starts as the shop's Restock action says.

let tote: { id: string; price: string };

const j = journey({ shop: true });
beforeAll(async () => {
  const { products } = await apiCall<ListProductsResponse>(j.plaza.url, '/catalog/v1/products?limit=100', j.ecomKey);
  const found = products.find((p) => p.name === 'Canvas Tote')!;
  tote = { id: found.id, price: found.price.amount };
});

describe('the total the buyer saw', () => {
  it('money.shown-total: a price raised before Pay is said in words with both totals; the new total is then paid', async () => {
    const context = await j.browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    await page.goto(`${j.plaza.url}/`, { waitUntil: 'networkidle' });
    // The visitor's tokens are stored once the page has asked for them.
    await expect.poll(() => storedTokens(page), { timeout: 15_000 }).not.toBeNull();
    const auth = `Bearer ${(await storedTokens(page))!.accessToken.value}`;
    const { checkout } = await apiCall<{ checkout: { id: string } }>(j.plaza.url, '/ecom/v1/checkouts', auth, {
      lineItems: [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: tote.id }, quantity: 1 }],
      checkoutInfo: {
        buyerInfo: { email: 'moved@example.com' },
        shippingInfo: {
          shippingDestination: {
            address: { country: 'US', subdivision: 'US-CA', addressLine: '1 Main St', city: 'San Francisco' },
            contactDetails: { firstName: 'Mo', lastName: 'Ved' },
          },
        },
      },
    });
    await page.goto(`${j.plaza.url}/checkout/${checkout.id}`, { waitUntil: 'networkidle' });
    // With the card in, Pay says the total the page shows.
    await fillTestCard(page);
    const before = (await payButton(page, /^Pay \$/).textContent())!.replace('Pay ', '');

    // The owner raises the price by 10.00 while the page is open.
    const raised = (Number(tote.price) + 10).toFixed(2);
    await j.owner.fetch(`/catalog/v1/products/${tote.id}`, {
      method: 'PATCH',
      body: { product: { price: { amount: raised } }, fieldMask: { paths: ['price'] } },
    });

    await payButton(page, /^Pay \$/).click();
    const alert = page.getByRole('form', { name: 'Payment', exact: true }).getByRole('alert');
    await alert.waitFor();
    const said = (await alert.textContent())!;
    expect(said).toMatch(new RegExp(`^The total changed from \\${before} to \\$[\\d,.]+ since it was shown\\.`));
    const after = /to (\$[\d,.]+) since/.exec(said)![1]!;
    expect(Number(after.slice(1).replace(',', '')) - Number(before.slice(1).replace(',', ''))).toBeGreaterThan(9.99);
    // The page shows the new total next to the message: Pay says it.
    await payButton(page, new RegExp(`^Pay \\${after}$`)).waitFor();
    expect(page.url()).toContain(`/checkout/${checkout.id}`);
    await snap(page, 'checkout-total-changed-390');

    await payButton(page, new RegExp(`^Pay \\${after}$`)).click();
    await page.waitForURL(/\/orders\/[\w-]+\?token=/);
    await context.close();
  });

  it('order.restock-default: the dashboard cancel dialog starts unticked under DECREASE, ticked under RESTOCK', async () => {
    const restockAction = (value: string) =>
      j.owner.fetch('/ecom/v1/checkout-settings', {
        method: 'PATCH',
        body: { checkoutSettings: { restockAction: value }, fieldMask: { paths: ['restockAction'] } },
      });
    const { order } = await apiCall<{ order: { id: string } }>(j.plaza.url, '/ecom/v1/orders', j.ecomKey, {
      order: {
        lineItems: [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: tote.id }, quantity: 1 }],
        buyerInfo: { email: 'phone@example.com' },
      },
    });
    const context = await j.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await ownerIntoDashboard(page, j.plaza);
    const restockBox = async () => {
      await page.goto(`${j.plaza.url}/admin/store/orders/${order.id}`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Cancel order', exact: true }).click();
      const box = page.getByRole('dialog').getByLabel('Put the items back in stock', { exact: true });
      await box.waitFor();
      return box;
    };
    await restockAction('DECREASE');
    expect(await (await restockBox()).isChecked()).toBe(false);
    await restockAction('RESTOCK');
    expect(await (await restockBox()).isChecked()).toBe(true);
    await context.close();
  });
});
