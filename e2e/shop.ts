import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Shared steps of the shop journeys (store.e2e.ts, orders.e2e.ts). */

/** One API call with an Authorization header; throws with the answer on a non-2xx. */
export async function apiCall<T>(
  baseUrl: string,
  path: string,
  auth: string,
  body?: unknown,
  method = body ? 'POST' : 'GET',
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A product card's link: it reads the picture's description, the product's name, then its price. */
export const productCard = (name: string) => new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`);

/** A US shipping region with one "Standard" option at 5.00 (the checkout needs a way to ship). */
export async function usShipping(baseUrl: string, ecomKey: string): Promise<void> {
  const { shippingRegion } = await apiCall<{ shippingRegion: { id: string } }>(
    baseUrl,
    '/ecom/v1/shipping-regions',
    ecomKey,
    {
      shippingRegion: {
        name: 'United States',
        destinationScope: 'SPECIFIC_DESTINATIONS',
        destinations: [{ country: 'US' }],
      },
    },
  );
  await apiCall(baseUrl, '/ecom/v1/shipping-options', ecomKey, {
    shippingOption: { shippingRegionId: shippingRegion.id, title: 'Standard', rates: [{ price: { amount: '5.00' } }] },
  });
}

/**
 * The hosted checkout's contact, US address and the Standard shipping option. Nothing to press: each part is kept as
 * it is filled in, and the cheapest delivery is picked once the address is in; the Pay button then says `ready` (by
 * default: it only asks for the card, or places an order that needs none).
 */
export async function fillAddressAndShipping(
  page: Page,
  opts: { email?: string; firstName?: string; ready?: RegExp } = {},
) {
  await page.getByLabel('E-mail', { exact: true }).fill(opts.email ?? 'ann@example.com');
  await page
    .getByLabel('First name', { exact: true })
    .first()
    .fill(opts.firstName ?? 'Ann');
  await page.getByLabel('Last name', { exact: true }).first().fill('Lee');
  await page.getByLabel('Address', { exact: true }).first().fill('1 Main St');
  await page.getByLabel('City', { exact: true }).first().fill('San Francisco');
  await page.locator('#ship-country').selectOption('US');
  await page.locator('#ship-state').selectOption({ label: 'California' });
  await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
  await payButton(page, opts.ready ?? /^(Enter the card number|Place order)$/).waitFor();
}

/**
 * The checkout's Pay button (the payment form's submit button, not the "Before you pay" list under it) by what it says:
 * what is still missing, or "Pay $34.70". Callers anchor their RegExp.
 */
export const payButton = (page: Page, says: RegExp) =>
  page.getByRole('form', { name: 'Payment', exact: true }).locator('button[type="submit"]').filter({ hasText: says });

/** The test card (it always pays) into the checkout's payment form. */
export async function fillTestCard(page: Page) {
  await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/30');
  await page.getByLabel('Security code', { exact: true }).fill('123');
}

/** From the cart page to the hosted checkout through its "Check out" button. */
export async function checkOutFromCart(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/cart`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Check out', exact: true }).click();
  await page.waitForURL(/\/checkout\//);
}
