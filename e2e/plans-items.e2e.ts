import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, MOBILE, screenshotPath, snap } from './support.js';
import { journey, signUpWithCode } from './journey.js';

// Issue 23's plans seen from the items they name: the product and collection forms list the plans giving them
// benefits and make them members-only for chosen plans; a shopper without such a plan, sent to a members-only
// product, is offered the plans that keep items for their members, while a holder sees the product.

const j = journey({ ownerPage: true });

interface PlanBody {
  plan: { id: string; benefits: Array<{ kind: string; productIds: string[]; collectionIds: string[] }> };
}

/** A full-page shot (checking nothing overflows), and one of just the part looked at. */
async function shots(page: Page, part: Locator, name: string) {
  await snap(page, `${name}-desktop`);
  await part.screenshot({ path: screenshotPath(`${name}-part-desktop`) });
  await page.setViewportSize(MOBILE);
  await snap(page, `${name}-mobile`);
  await part.screenshot({ path: screenshotPath(`${name}-part-mobile`) });
  await page.setViewportSize(DESKTOP);
}

describe('plans on the items they name', () => {
  it('the product form lists its plans and makes it members-only; shoppers are offered a plan', async () => {
    const { products } = await j.owner.fetch<{ products: Array<{ id: string; slug: string; name: string }> }>(
      '/catalog/v1/products?text=House%20Blend%20Coffee',
    );
    const product = products[0]!;
    const club = await j.owner.fetch<PlanBody>('/plans/v1/plans', {
      method: 'POST',
      body: {
        plan: {
          name: 'Coffee club',
          price: { amount: '20' },
          recurrence: { frequency: 'MONTH', interval: 1 },
          benefits: [
            { kind: 'CREDITS', credits: 2, productIds: [product.id], collectionIds: [] },
            { kind: 'MEMBER_PRICE', percentOff: 10, productIds: [product.id], collectionIds: [] },
            { kind: 'FREE_SHIPPING', productIds: [], collectionIds: [] },
          ],
        },
      },
    });
    const inner = await j.owner.fetch<PlanBody>('/plans/v1/plans', {
      method: 'POST',
      body: { plan: { name: 'Inner circle', price: { amount: '50' } } },
    });

    const owner = j.page;
    await owner.goto(`${j.plaza.url}/admin/store/products/${product.id}`, { waitUntil: 'networkidle' });
    const section = owner.locator('section#plans');
    await section.getByRole('link', { name: 'Coffee club', exact: true }).waitFor();
    expect(await section.getByRole('listitem').first().textContent()).toBe(
      'Coffee club: 2 a month with credits, 10 % member price',
    );
    await section.getByRole('checkbox', { name: 'Inner circle', exact: true }).check();
    await section.scrollIntoViewIfNeeded();
    await shots(owner, section, 'plans-product-form');
    await section.getByRole('button', { name: 'Save members-only plans', exact: true }).click();
    await owner.getByText('Members-only plans are saved', { exact: true }).waitFor();
    await section.getByText('Inner circle: Members only', { exact: true }).waitFor();
    // Only the plan ticked changed, and it kept nothing else than the new benefit.
    const after = await j.owner.fetch<PlanBody>(`/plans/v1/plans/${inner.plan.id}`);
    expect(after.plan.benefits.map((b) => [b.kind, b.productIds])).toEqual([['MEMBER_ONLY', [product.id]]]);
    const clubAfter = await j.owner.fetch<PlanBody>(`/plans/v1/plans/${club.plan.id}`);
    expect(clubAfter.plan.benefits.map((b) => b.kind)).toEqual(['CREDITS', 'MEMBER_PRICE', 'FREE_SHIPPING']);

    // A visitor sent to the product learns nothing of it, but is offered the plan that keeps items for members.
    const shopper = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await shopper.goto(`${j.plaza.url}/products/${product.slug}`, { waitUntil: 'networkidle' });
    await shopper.getByRole('heading', { name: 'This product is not available', exact: true }).waitFor();
    const offer = shopper.getByRole('region', { name: 'Looking for something for members? Join a plan:', exact: true });
    await offer.getByRole('link', { name: 'Join Inner circle', exact: true }).waitFor();
    expect(await offer.getByTestId('plan-card').count()).toBe(1);
    await shots(shopper, shopper.locator('main'), 'plans-members-only-missing');

    // A holder of the plan sees the product.
    await signUpWithCode(j, shopper, `inner.${Date.now()}@example.com`, 'correct horse battery staple');
    const token = await shopper.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('plaza.tokens') ?? 'null') as { accessToken: { value: string } }).accessToken
          .value,
    );
    const me = await fetch(`${j.plaza.url}/members/v1/members/my`, { headers: { authorization: `Bearer ${token}` } });
    const { member } = (await me.json()) as { member: { id: string } };
    await j.owner.fetch('/plans/v1/memberships', {
      method: 'POST',
      body: { planId: inner.plan.id, memberId: member.id },
    });
    await shopper.goto(`${j.plaza.url}/products/${product.slug}`, { waitUntil: 'networkidle' });
    await shopper.getByRole('heading', { name: product.name, level: 1, exact: true }).waitFor();
    expect(await shopper.getByText('Looking for something for members? Join a plan:', { exact: true }).count()).toBe(0);

    // Unticked again: the plan's members-only benefit goes, and the product is everyone's.
    await owner.reload({ waitUntil: 'networkidle' });
    await section.getByRole('checkbox', { name: 'Inner circle', exact: true }).uncheck();
    await section.getByRole('button', { name: 'Save members-only plans', exact: true }).click();
    await expect
      .poll(async () => (await j.owner.fetch<PlanBody>(`/plans/v1/plans/${inner.plan.id}`)).plan.benefits.length)
      .toBe(0);
  });

  it('the collection form lists its plans', async () => {
    const { collection } = await j.owner.fetch<{ collection: { id: string } }>('/catalog/v1/collections', {
      method: 'POST',
      body: { collection: { name: 'Beans', visible: true } },
    });
    await j.owner.fetch('/plans/v1/plans', {
      method: 'POST',
      body: {
        plan: {
          name: 'Bean box',
          price: { amount: '30' },
          benefits: [{ kind: 'MEMBER_PRICE', percentOff: 15, productIds: [], collectionIds: [collection.id] }],
        },
      },
    });
    const owner = j.page;
    await owner.goto(`${j.plaza.url}/admin/store/collections`, { waitUntil: 'networkidle' });
    await owner.getByRole('row', { name: /Beans/ }).getByText('Beans', { exact: true }).click();
    const drawer = owner.getByRole('dialog');
    const plans = drawer.getByRole('region', { name: 'Plans', exact: true });
    await plans.getByRole('link', { name: 'Bean box', exact: true }).waitFor();
    expect(await plans.getByRole('listitem').first().textContent()).toBe('Bean box: 15 % member price');
    await plans.getByRole('checkbox', { name: 'Bean box', exact: true }).waitFor();
    await shots(owner, drawer, 'plans-collection-form');
  });
});
