import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListProductsResponse } from '@plaza/contracts';
import { apiCall } from './shop.js';
import {
  DESKTOP,
  fillHostedLogin,
  ownerIntoDashboard,
  startPlaza,
  storedTokens,
  type RunningPlaza,
} from './support.js';
import { journey } from './journey.js';

// "Second look from outside" (points 6, 7, 9, 10), in Chromium against the built app: what a new visitor's console
// shows, the product form's problems, a webhook to the owner's own machine under `npm start`, and the checkout's
// tax ID and the order's address as their country writes them.

const j = journey({ shop: true });

/** Every failed request (4xx/5xx or no answer) and console error a page logs while `run` goes. */
function failuresOf(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  // A request cut short by the next page.goto is the test leaving, not a failure the visitor would see.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') failures.push(`failed ${new URL(r.url()).pathname}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') failures.push(`console: ${m.text()}`);
  });
  return failures;
}

async function newPage(): Promise<Page> {
  const context = await j.browser.newContext({ viewport: DESKTOP });
  return context.newPage();
}

describe('6. a new visitor’s console', () => {
  it('logs no failed request on any storefront page until something is in the cart, and the cart then follows', async () => {
    const page = await newPage();
    const failures = failuresOf(page);
    const { products } = await apiCall<ListProductsResponse>(j.plaza.url, '/catalog/v1/products?limit=100', j.ecomKey);
    const hoodie = products.find((p) => p.name === 'Lavender Hoodie')!;
    for (const path of [
      '/',
      '/products',
      `/products/${hoodie.slug}`,
      '/members',
      '/cart',
      '/account/orders',
      '/login',
    ]) {
      await page.goto(`${j.plaza.url}${path}`, { waitUntil: 'networkidle' });
    }
    // In-app navigation too (the header's links), not only fresh loads.
    await page.goto(`${j.plaza.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Shop', exact: true }).first().click();
    await page.waitForLoadState('networkidle');
    expect(failures).toEqual([]);

    // Once something is added, the cart is read on the next pages (and still nothing fails).
    await page.goto(`${j.plaza.url}/products/${hoodie.slug}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.getByRole('dialog', { name: 'Your cart', exact: true }).waitFor();
    await page.goto(`${j.plaza.url}/products`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('cart-count').first().textContent()).toBe('1');
    expect(failures).toEqual([]);
    // Signing in keeps it (the server merges the visitor's cart into the member's; the page reads it again).
    await page.getByRole('button', { name: 'Log in', exact: true }).first().click();
    await fillHostedLogin(page, j.plaza.owner.email, j.plaza.owner.password);
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
    await expect.poll(() => page.getByTestId('cart-count').first().textContent()).toBe('1');
    await page.context().close();
  });
});

describe('7. the product form says what is wrong, next to it', () => {
  it('a new form is not "unsaved"; a price of "abc" is marked on Price and on each variant cell', async () => {
    const page = await newPage();
    await ownerIntoDashboard(page, j.plaza);
    await page.goto(`${j.plaza.url}/admin/store/products/new`, { waitUntil: 'networkidle' });
    const bar = page.getByTestId('save-bar');
    await bar.getByText('Fill in the product, then add it.', { exact: true }).waitFor();
    expect(await bar.getByText('You have unsaved changes.', { exact: true }).count()).toBe(0);
    // Images: uploaded images have addresses on this site, so the hint no longer says "https:// only".
    await page.getByText(/Choose images from your media/).waitFor();

    await page.getByLabel('Name', { exact: true }).fill('Rain jacket');
    await page.getByLabel('Price', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Add an option', exact: true }).click();
    await page.getByLabel('Option 1', { exact: true }).fill('Colour');
    await page.getByLabel('Choices of Colour', { exact: true }).fill('Red, Blue');
    await bar.getByText('You have unsaved changes.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add product', exact: true }).click();

    const price = page.getByLabel('Price', { exact: true });
    await expect.poll(() => price.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Enter price as a number such as 12.50.', { exact: true }).waitFor();
    for (const colour of ['Red', 'Blue']) {
      // The grid is a table on wide screens and cards on narrow ones: the visible one counts.
      const cell = page.getByLabel(`Price of ${colour}`, { exact: true }).locator('visible=true');
      expect(await cell.inputValue()).toBe('abc');
      expect(await cell.getAttribute('aria-invalid')).toBe('true');
    }
    expect(await page.getByText('Enter a price such as 12.50.', { exact: true }).locator('visible=true').count()).toBe(
      2,
    );
    expect(page.url()).toMatch(/\/admin\/store\/products\/new$/);
    await page.context().close();
  });

  it('the storefront price filter says what it wants', async () => {
    const page = await newPage();
    await page.goto(`${j.plaza.url}/products`, { waitUntil: 'networkidle' });
    const lowest = page.getByLabel('Lowest price', { exact: true });
    await lowest.fill('abc');
    expect(await lowest.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Enter an amount such as 25.', { exact: true }).waitFor();
    await page.context().close();
  });
});

describe('10. checkout and order addresses', () => {
  it('asks a tax ID only where one is used, and prints the address as its country writes it', async () => {
    const page = await newPage();
    await page.goto(`${j.plaza.url}/`, { waitUntil: 'networkidle' });
    const tokens = await storedTokens(page);
    const visitor = `Bearer ${tokens!.accessToken.value}`;
    const { products } = await apiCall<ListProductsResponse>(j.plaza.url, '/catalog/v1/products?limit=100', j.ecomKey);
    const mug = products.find((p) => p.name === 'Blue Stoneware Mug')!;
    const { checkout } = await apiCall<{ checkout: { id: string } }>(j.plaza.url, '/ecom/v1/checkouts', visitor, {
      lineItems: [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: mug.id }, quantity: 1 }],
    });
    await page.goto(`${j.plaza.url}/checkout/${checkout.id}`, { waitUntil: 'networkidle' });
    await page.getByLabel('E-mail', { exact: true }).fill('ann@example.com');
    await page.getByLabel('First name', { exact: true }).first().fill('Ann');
    await page.getByLabel('Last name', { exact: true }).first().fill('Lee');
    await page.getByLabel('Address', { exact: true }).first().fill('350 5th Ave');
    await page.getByLabel('City', { exact: true }).first().fill('New York');
    await page.locator('#ship-country').selectOption('US');
    await page.locator('#ship-state').selectOption({ label: 'New York' });
    await page.getByLabel('Postal code', { exact: true }).first().fill('10001');
    // Kept as typed (no Save button); the cheapest delivery is picked once the address is in.
    await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
    await expect
      .poll(async () => {
        const { checkout: saved } = await apiCall<{
          checkout: { shippingInfo: { shippingDestination?: { address?: { postalCode?: string } } } };
        }>(j.plaza.url, `/ecom/v1/checkouts/${checkout.id}`, visitor);
        return saved.shippingInfo.shippingDestination?.address?.postalCode;
      })
      .toBe('10001');
    // A US buyer is not asked for a Brazilian CPF or CNPJ.
    await page.getByText('Same as the shipping address', { exact: true }).waitFor();
    expect(await page.getByText(/tax ID|CPF|CNPJ/i).count()).toBe(0);
    // A Brazilian billing address is.
    await page.getByLabel('Same as the shipping address', { exact: true }).uncheck();
    await page.locator('#bill-country').selectOption('BR');
    await page.getByLabel('Tax ID', { exact: true }).waitFor();

    // The order's page in the dashboard writes the US address the US way.
    const { paymentToken } = await apiCall<{ paymentToken: string }>(
      j.plaza.url,
      '/ecom/v1/payments/test-card/tokens',
      visitor,
      { cardNumber: '4242424242424242', expiryMonth: 12, expiryYear: 2099, cvc: '123' },
    );
    const placed = await apiCall<{ orderId: string }>(
      j.plaza.url,
      `/ecom/v1/checkouts/${checkout.id}/create-order-and-charge`,
      visitor,
      { paymentToken },
    );
    await ownerIntoDashboard(page, j.plaza);
    await page.goto(`${j.plaza.url}/admin/store/orders/${placed.orderId}`, { waitUntil: 'networkidle' });
    await page.getByText('New York, NY 10001', { exact: true }).waitFor();
    expect(await page.getByText(/US-NY/).count()).toBe(0);
    await page.context().close();
  });
});

describe('9. a webhook to the owner’s own machine under npm start', () => {
  let prod: RunningPlaza;
  beforeAll(async () => {
    prod = await startPlaza({ NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await prod?.stop();
  });

  it('is refused in words, with a link to the setting that allows it', async () => {
    const page = await newPage();
    try {
      await ownerIntoDashboard(page, prod);
    } catch (e) {
      await page.screenshot({ path: '/tmp/second-look-9.png' });
      throw new Error(
        `${String(e)}\n${(await page.textContent('body'))?.slice(0, 400)}\n${prod.output().slice(-2000)}`,
      );
    }
    await page.goto(`${prod.url}/admin/webhooks`, { waitUntil: 'networkidle' });
    const add = async () => {
      await page.getByRole('button', { name: 'Add webhook', exact: true }).first().click();
      const drawer = page.getByRole('dialog', { name: 'Add webhook', exact: true });
      await drawer
        .getByLabel('Address that receives the messages', { exact: true })
        .fill('http://127.0.0.1:4000/webhooks');
      await drawer.getByLabel('Every Members event', { exact: true }).check();
      await drawer.getByRole('button', { name: 'Add webhook', exact: true }).click();
      return drawer;
    };
    const drawer = await add();
    await drawer.getByText(/This address is on your store’s own network/).waitFor();
    await drawer.getByRole('link', { name: 'Allow your own network', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add webhook', exact: true }).waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/#own-network$/);
    await page.getByRole('button', { name: 'Allow my network…', exact: true }).click();
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    await page
      .getByTestId('private-network-state')
      .getByText(/^Allowed/)
      .waitFor();
    // Allowed, the same address is taken.
    await add();
    await page.getByRole('status').filter({ hasText: 'Webhook added' }).waitFor();
    await page.context().close();
  });
});
