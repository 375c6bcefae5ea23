import { describe, expect, it } from 'vitest';
import { fillAddressAndShipping, fillTestCard, payButton } from './shop.js';
import { DESKTOP, MOBILE, snap } from './support.js';
import { journey, signUpWithCode } from './journey.js';

// Issue 23's plan credits at the hosted checkout: a member who holds a plan with credits for a product is offered
// "Use my <plan> (N left)" there; ticking it has the plan pay that line, and the order is placed for the rest.

const j = journey({ shop: true });

describe('plan credits at checkout', () => {
  it('a member pays a line with their plan’s credits', async () => {
    const { products } = await j.owner.fetch<{ products: Array<{ id: string; slug: string }> }>(
      '/catalog/v1/products?text=House%20Blend%20Coffee',
    );
    const { plan } = await j.owner.fetch<{ plan: { id: string } }>('/plans/v1/plans', {
      method: 'POST',
      body: {
        plan: {
          name: 'Coffee club',
          price: { amount: '0' },
          benefits: [{ kind: 'CREDITS', credits: 4, productIds: [products[0]!.id], collectionIds: [] }],
        },
      },
    });
    const page = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    const email = `credits.${Date.now()}@example.com`;
    await signUpWithCode(j, page, email, 'correct horse battery staple');
    const { member } = await page.evaluate(async () => {
      const tokens = JSON.parse(localStorage.getItem('plaza.tokens') ?? 'null') as { accessToken: { value: string } };
      const res = await fetch('/members/v1/members/my', {
        headers: { authorization: `Bearer ${tokens.accessToken.value}` },
      });
      return (await res.json()) as { member: { id: string } };
    });
    await j.owner.fetch('/plans/v1/memberships', { method: 'POST', body: { planId: plan.id, memberId: member.id } });

    await page.goto(`${j.plaza.url}/products/${products[0]!.slug}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.getByRole('dialog', { name: 'Your cart', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Check out', exact: true }).click();
    await page.waitForURL(/\/checkout\//);
    const use = page.getByRole('checkbox', { name: /^Use my Coffee club \(4 left\)/ });
    await use.waitFor();
    await snap(page, 'plans-checkout-credits-desktop');
    await use.check();
    await page.getByTestId('total-membership').waitFor();
    await expect.poll(() => use.isChecked()).toBe(true);
    await snap(page, 'plans-checkout-credits-used-desktop');
    await page.setViewportSize(MOBILE);
    await snap(page, 'plans-checkout-credits-used-mobile');
    await page.setViewportSize(DESKTOP);
    await fillAddressAndShipping(page, { email, ready: /./ });
    if (await page.getByLabel('Card number', { exact: true }).isVisible()) await fillTestCard(page);
    await payButton(page, /^(Pay |Place order)/).click();
    await page.getByRole('heading', { name: 'Thank you for your order!', exact: true }).waitFor();

    await page.goto(`${j.plaza.url}/account/plans`, { waitUntil: 'networkidle' });
    const item = page.getByTestId('membership').filter({ hasText: 'Coffee club' });
    await item.getByText('3 of 4 × House Blend Coffee left', { exact: true }).waitFor();
    await item.getByText('Credits used', { exact: true }).click();
    await item.getByText('House Blend Coffee', { exact: true }).waitFor();
    await snap(page, 'plans-account-credit-used-desktop');
  });
});
