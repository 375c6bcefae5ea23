import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, OAuthStrategy } from '@plaza/sdk';
import { members } from '@plaza/sdk/members';
import { sidewaysOverflow } from './a11y.js';
import { apiCall, checkOutFromCart, fillTestCard, payButton, productCard, usShipping } from './shop.js';
import { DESKTOP, MOBILE, snap } from './support.js';
import { journey, logInOnAppPage } from './journey.js';

// "An order path a shop can trust", in Chromium at phone width: cart codes that never lie, and the checkout as one
// flow (docs/store/checkout.md, "The hosted checkout page"): no Save buttons, the cart's estimate carried in, the Pay
// button saying what is missing, a member's saved address offered.

const member = { email: 'saved.address@example.com', password: 'Saved-Address-2026!' };
const SAVED = { addressLine: '500 Market St', city: 'San Francisco', subdivision: 'US-CA', postalCode: '94105' };

const j = journey();
beforeAll(async () => {
  const { key } = await j.owner.fetch<{ key: string }>('/settings/v1/api-keys', {
    method: 'POST',
    body: { name: 'e2e checkout flow', scopes: ['ecom'] },
  });
  await apiCall(j.plaza.url, '/ecom/v1/coupons', key, {
    coupon: { code: 'SAVE10', name: 'Ten off', discount: { type: 'PERCENTAGE', percentage: 10, scope: 'GLOBAL' } },
  });
  await apiCall(j.plaza.url, '/ecom/v1/coupons', key, {
    coupon: {
      code: 'BIG50',
      name: 'Five off fifty',
      minimumSubtotal: { amount: '50' },
      discount: { type: 'FIXED_AMOUNT', fixedAmount: { amount: '5' }, scope: 'GLOBAL' },
    },
  });
  await usShipping(j.plaza.url, key);
  await registerMemberWithAddress();
});

/** A verified member whose profile keeps a US address (Account → Profile), made through the SDK. */
async function registerMemberWithAddress() {
  const auth = OAuthStrategy({ clientId: 'plaza-web', redirectUri: `${j.plaza.url}/auth/callback` });
  const client = createClient({ baseUrl: j.plaza.url, auth, modules: { members } });
  let state = await auth.register({ ...member, profile: { nickname: 'Sam Saved' } });
  if (state.loginState === 'EMAIL_VERIFICATION_REQUIRED') {
    const { code } = await j.mailbox.code(member.email);
    state = await auth.processVerification({ verificationCode: code });
  }
  expect(state.loginState).toBe('SUCCESS');
  const { member: me } = await client.members.getMyMember();
  await client.members.updateMember(
    me.id,
    { contact: { firstName: 'Sam', lastName: 'Saved', addresses: [{ address: { country: 'US', ...SAVED } }] } },
    ['contact.firstName', 'contact.lastName', 'contact.addresses'],
  );
}

async function addToCart(page: Page, name: string) {
  await page.goto(`${j.plaza.url}/products?q=${encodeURIComponent(name)}`, { waitUntil: 'networkidle' });
  await page
    .getByRole('link', { name: productCard(name), exact: true })
    .first()
    .click();
  await page.getByRole('heading', { name, level: 1, exact: true }).waitFor();
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page.getByRole('dialog', { name: 'Your cart', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Close the cart', exact: true }).click();
}

describe('the order path at phone width', () => {
  it('cart codes, the estimate carried into the checkout, Pay saying what is missing, the thank-you page', async () => {
    const context = await j.browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    await addToCart(page, 'Blue Stoneware Mug');
    await page.goto(`${j.plaza.url}/cart`, { waitUntil: 'networkidle' });

    // A code that does not exist is said next to the code field and never shown as applied.
    const code = page.getByLabel('Discount code', { exact: true });
    await code.fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByRole('alert').getByText('There is no code WELCOME10.', { exact: true }).waitFor();
    expect(await page.getByText(/applied/).count()).toBe(0);
    // One that needs more in the cart says how much.
    await code.fill('BIG50');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByRole('alert').getByText('The coupon needs a subtotal of $50.00.', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Check out', exact: true }).isEnabled()).toBe(true);
    await code.fill('SAVE10');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByText(/^Code SAVE10 applied: −\$1\.80$/).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.getByLabel('Country', { exact: true }).selectOption('US');
    await page.getByLabel('State / province', { exact: true }).selectOption({ label: 'California' });
    await page.getByLabel('Postal code', { exact: true }).fill('94105');
    await page.getByRole('button', { name: 'Estimate', exact: true }).click();
    await page.getByRole('radio', { name: /Standard/ }).waitFor();
    await snap(page, 'checkout-flow-cart-mobile');

    await page.getByRole('button', { name: 'Check out', exact: true }).click();
    await page.waitForURL(/\/checkout\//);
    await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    // The estimate's country, state and postal code are in; so is the delivery it priced.
    expect(await page.locator('#ship-country').inputValue()).toBe('US');
    expect(await page.locator('#ship-state').inputValue()).toBe('US-CA');
    expect(await page.getByLabel('Postal code', { exact: true }).first().inputValue()).toBe('94105');
    await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
    await page.getByText(/^Code SAVE10 applied/).waitFor();

    // Pay says what is missing, first things first, and lists the rest with a way to each field.
    await payButton(page, /^Enter your e-mail$/).waitFor();
    expect(await payButton(page, /^Enter your e-mail$/).isDisabled()).toBe(true);
    const list = page.locator('#still-needed');
    await list.getByRole('button', { name: 'Add a shipping address', exact: true }).waitFor();
    await snap(page, 'checkout-flow-missing-mobile');
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.setViewportSize(MOBILE);
    await list.getByRole('button', { name: 'Add a shipping address', exact: true }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('ship-address');

    await page.getByLabel('E-mail', { exact: true }).fill('ann@example.com');
    await page.getByLabel('First name', { exact: true }).first().fill('Ann');
    await payButton(page, /^Add a shipping address$/).waitFor();
    await page.getByLabel('Address', { exact: true }).first().fill('1 Main St');
    await page.getByLabel('City', { exact: true }).first().fill('San Francisco');
    await payButton(page, /^Enter the card number$/).waitFor();
    expect(await list.count()).toBe(0);
    await fillTestCard(page);
    // 18.00 − 10% = 16.20, shipping 5.00: 21.20.
    await payButton(page, /^Pay \$21\.20$/).waitFor();
    await snap(page, 'checkout-flow-ready-mobile');
    await page.setViewportSize(DESKTOP);
    await snap(page, 'checkout-flow-ready-desktop');
    await page.setViewportSize(MOBILE);

    await payButton(page, /^Pay \$21\.20$/).click();
    await page.waitForURL(/\/orders\/[\w-]+\?token=/);
    await page.getByRole('heading', { name: 'Thank you for your order!', exact: true }).waitFor();
    await page
      .getByText(/1 Main St/)
      .first()
      .waitFor();
    await snap(page, 'checkout-flow-thank-you-mobile');
    await context.close();
  });

  it('a member is offered their saved address, filled in for them', async () => {
    const context = await j.browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    await logInOnAppPage(j, page, member.email, member.password);
    await page.waitForURL(`${j.plaza.url}/`);
    await addToCart(page, 'Canvas Tote');
    await checkOutFromCart(page, j.plaza.url);

    const saved = page.getByLabel('Saved addresses', { exact: true });
    await expect
      .poll(() =>
        saved
          .locator('option:checked')
          .textContent()
          .catch(() => ''),
      )
      .toBe('500 Market St, San Francisco, 94105, US');
    await expect.poll(() => page.getByLabel('Address', { exact: true }).first().inputValue()).toBe('500 Market St');
    expect(await page.getByLabel('First name', { exact: true }).first().inputValue()).toBe('Sam');
    // The member's e-mail came with the sign-in; the address is kept: only the card is left.
    await payButton(page, /^Enter the card number$/).waitFor();
    await snap(page, 'checkout-flow-saved-address-mobile');
    await fillTestCard(page);
    await payButton(page, /^Pay /).click();
    await page.getByRole('heading', { name: 'Thank you for your order!', exact: true }).waitFor();
    await context.close();
  });
});
