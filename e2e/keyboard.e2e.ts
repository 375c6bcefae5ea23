import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, OAuthStrategy } from '@plaza/sdk';
import type { ListProductsResponse } from '@plaza/contracts';
import { axeViolations, focusedRing, ringProblem, sidewaysOverflow, type FocusRing } from './a11y.js';
import { apiCall } from './shop.js';
import { DESKTOP, ownerIntoDashboard, screenshotPath, storedTokens } from './support.js';
import { journey, logInOnAppPage } from './journey.js';

// Keyboard and narrow screens (issue 28): a visible focus ring on every control tabbed to, no focused control under
// a sticky bar, every screen reflowing at 320 px, and axe-core on every screen for a visitor, a member and the owner,
// on a desktop and a phone.

let products: ListProductsResponse['products'];
const member = { email: 'keyboard.member@example.com', password: 'Keyboard-Member-2026!' };

const NARROW = { width: 320, height: 700 };
const PHONE = { width: 390, height: 844 };

const j = journey({ shop: true });
beforeAll(async () => {
  ({ products } = await apiCall<ListProductsResponse>(j.plaza.url, '/catalog/v1/products?limit=100', j.ecomKey));
  await registerMember();
});

/** A verified member, signed up through the SDK as a script would (the code read from the dev mailbox). */
async function registerMember() {
  const auth = OAuthStrategy({ clientId: 'plaza-web', redirectUri: `${j.plaza.url}/auth/callback` });
  createClient({ baseUrl: j.plaza.url, auth });
  let state = await auth.register({ ...member, profile: { nickname: 'Kim Keys' } });
  if (state.loginState === 'EMAIL_VERIFICATION_REQUIRED') {
    const { code } = await j.mailbox.code(member.email);
    state = await auth.processVerification({ verificationCode: code });
  }
  expect(state.loginState).toBe('SUCCESS');
}

async function signedInMember(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await j.browser.newContext({ viewport });
  const page = await context.newPage();
  await logInOnAppPage(j, page, member.email, member.password);
  await page.waitForURL(`${j.plaza.url}/`);
  return { context, page };
}

/** A visitor's page on its own checkout of two demo products. */
async function visitorCheckout(page: Page): Promise<string> {
  await page.goto(`${j.plaza.url}/`, { waitUntil: 'networkidle' });
  const tokens = await storedTokens(page);
  const ref = (p: (typeof products)[number]) => ({
    catalogReference: { appId: 'plaza-catalog', catalogItemId: p.id },
    quantity: 1,
  });
  const physical = products.filter(
    (p) => p.productType === 'PHYSICAL' && p.options.length === 0 && p.inventory.inStock,
  );
  const { checkout } = await apiCall<{ checkout: { id: string } }>(
    j.plaza.url,
    '/ecom/v1/checkouts',
    `Bearer ${tokens!.accessToken.value}`,
    { lineItems: physical.slice(0, 2).map(ref) },
  );
  return `/checkout/${checkout.id}`;
}

/** Presses Tab up to `max` times, collecting every focused control inside `within` (a CSS selector). */
async function tabThrough(page: Page, within: string, max: number): Promise<FocusRing[]> {
  const seen: FocusRing[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate((sel) => !!document.activeElement?.closest(sel), within);
    const ring = await focusedRing(page);
    if (ring && inside) seen.push(ring);
  }
  return seen;
}

describe('focus you can see', () => {
  it('draws a ring with 3:1 contrast on every control of the checkout', async () => {
    const context = await j.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${j.plaza.url}${await visitorCheckout(page)}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    const rings = await tabThrough(page, 'main', 60);
    await page.screenshot({ path: screenshotPath('keyboard-checkout-focus') });
    // Fields, selects and buttons of the contact, address and payment sections.
    expect(rings.filter((r) => /^(input|select|textarea)/.test(r.what)).length).toBeGreaterThan(5);
    expect(rings.map(ringProblem).filter(Boolean)).toEqual([]);
    await context.close();
  });

  it('keeps every field of the product page clear of the save bar, with a ring, on a desktop and a phone', async () => {
    for (const viewport of [{ width: 1280, height: 720 }, PHONE]) {
      const context = await j.browser.newContext({ viewport });
      const page = await context.newPage();
      await ownerIntoDashboard(page, j.plaza);
      const product = products.find((p) => p.options.length > 0) ?? products[0]!;
      await page.goto(`${j.plaza.url}/admin/store/products/${product.id}`, { waitUntil: 'networkidle' });
      await page.getByLabel('Tax group', { exact: true }).waitFor();
      await page.getByRole('heading', { level: 1 }).click();
      const bar = page.getByTestId('save-bar');
      const covered: string[] = [];
      const rings = [];
      for (let i = 0; i < 150; i++) {
        await page.keyboard.press('Tab');
        const ring = await focusedRing(page);
        if (!ring || !(await page.evaluate(() => !!document.activeElement?.closest('form')))) continue;
        rings.push(ring);
        if (await page.evaluate(() => !!document.activeElement?.closest('[data-testid="save-bar"]'))) break;
        const b = (await bar.boundingBox())!;
        if (ring.box.bottom > b.y && ring.box.top < b.y + b.height) covered.push(ring.what);
      }
      expect(rings.some((r) => r.what.includes('Tax group'))).toBe(true);
      expect(covered).toEqual([]);
      expect(rings.map(ringProblem).filter(Boolean)).toEqual([]);
      await context.close();
    }
  });
});

/** Visits each path at 320 px and on a desktop: no sideways scrolling at 320, and no axe finding at either. */
async function sweep(page: Page, paths: string[]) {
  const problems: string[] = [];
  for (const path of paths) {
    for (const viewport of [NARROW, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`${j.plaza.url}${path}`, { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor();
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) problems.push(`${path} at ${viewport.width} px: ${overflow} px wider than the screen`);
      for (const v of await axeViolations(page)) {
        problems.push(`${path} at ${viewport.width} px: ${v.id} (${v.impact}) ${v.help} — ${v.targets.join(', ')}`);
      }
    }
  }
  return problems;
}

describe('every screen at 320 px and with axe', () => {
  it('storefront and sign-in pages for a visitor', { timeout: 240_000 }, async () => {
    const context = await j.browser.newContext();
    const page = await context.newPage();
    const product = products.find((p) => p.options.length > 0) ?? products[0]!;
    const checkout = await visitorCheckout(page);
    const paths = ['/', '/products', `/products/${product.slug}`, '/cart', checkout, '/members', '/login'];
    paths.push('/signup', '/forgot-password', '/no/such/page');
    expect(await sweep(page, paths)).toEqual([]);
    await context.close();
  });

  it('account pages for a member', { timeout: 240_000 }, async () => {
    const { context, page } = await signedInMember();
    const paths = ['/account/profile', '/account/security', '/account/orders', '/account/subscriptions'];
    paths.push('/account/downloads');
    expect(await sweep(page, paths)).toEqual([]);
    await context.close();
  });

  it('every dashboard screen for the owner', { timeout: 600_000 }, async () => {
    const context = await j.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await ownerIntoDashboard(page, j.plaza);
    const screens = ['', 'settings', 'settings/sign-in', 'settings/community', 'settings/checkout', 'settings/tips'];
    screens.push('settings/payments');
    screens.push('mailbox', 'store/orders', 'store/products', `store/products/${products[0]!.id}`);
    screens.push('store/collections', 'store/back-in-stock', 'store/abandoned-checkouts', 'store/subscriptions');
    screens.push('media', 'store/shipping', 'store/carriers', 'store/fees', 'store/coupons', 'store/discounts');
    screens.push('store/gift-cards', 'store/tax', 'store/buy-links', 'members', 'reports', 'approvals', 'reviews');
    screens.push('review-requests', 'api-keys', 'oauth-clients', 'webhooks', 'service-plugins', 'sso', 'nothing-here');
    expect(
      await sweep(
        page,
        screens.map((s) => `/admin${s ? `/${s}` : ''}`),
      ),
    ).toEqual([]);
    await context.close();
  });
});
