import { describe, expect, it } from 'vitest';
import { fillTestCard, payButton } from './shop.js';
import { DESKTOP, MOBILE, sidebarLink, snap } from './support.js';
import { journey, signUpWithCode } from './journey.js';

// Issue 23's paid plans in Chromium: the owner creates a plan on the dashboard's form; a visitor finds it on /plans,
// opens it and is asked to sign in or sign up right there before joining; a hidden plan opens by its link only.

const j = journey({ ownerPage: true });

describe('paid plans', () => {
  it('the owner creates a plan in the dashboard; a shopper sees it on /plans', async () => {
    const owner = j.page;
    await sidebarLink(owner, 'Plans').click();
    await owner.getByRole('heading', { name: 'Plans', exact: true }).waitFor();
    // The demo store has plans of its own already.
    await owner.getByRole('row', { name: /Coffee Club/ }).waitFor();
    await owner.getByRole('link', { name: 'Create plan', exact: true }).first().click();
    await owner.getByRole('heading', { name: 'Create a plan', exact: true }).waitFor();

    // Save with nothing typed: the problems stand next to their fields.
    await owner.getByRole('button', { name: 'Create plan', exact: true }).click();
    await owner.getByText('Name the plan, such as “Coffee club”.', { exact: true }).waitFor();

    await owner.getByLabel('Name', { exact: true }).fill('Tea club');
    await owner.getByLabel('Description', { exact: true }).fill('Fresh coffee every month, and more.');
    await owner.getByLabel('Price', { exact: true }).fill('20');
    await owner.getByRole('button', { name: '+ Free delivery', exact: true }).click();
    await owner.getByRole('button', { name: '+ Member price', exact: true }).click();
    await snap(owner, 'plans-admin-form-desktop');
    await owner.setViewportSize(MOBILE);
    await snap(owner, 'plans-admin-form-mobile');
    await owner.setViewportSize(DESKTOP);
    await owner.getByRole('button', { name: 'Create plan', exact: true }).click();
    await owner.getByRole('heading', { name: 'Tea club', level: 1, exact: true }).waitFor();
    await owner.getByText('Free delivery', { exact: true }).waitFor();
    await owner.getByText('10 % off every order', { exact: true }).waitFor();
    await owner.getByText('No buyers yet', { exact: true }).waitFor();
    // The stats have come.
    await owner.locator('dl[aria-busy]').waitFor({ state: 'detached' });
    await snap(owner, 'plans-admin-plan-desktop');
    await owner.setViewportSize(MOBILE);
    await snap(owner, 'plans-admin-plan-mobile');
    await owner.setViewportSize(DESKTOP);

    await owner.getByRole('link', { name: '← All plans', exact: true }).click();
    const row = owner.getByRole('row', { name: /Tea club/ });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/20(\.00)? \/ month/);
    await snap(owner, 'plans-admin-list-desktop');

    const shopper = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await shopper.goto(`${j.plaza.url}/`, { waitUntil: 'networkidle' });
    await shopper
      .getByRole('navigation', { name: 'Main', exact: true })
      .getByRole('link', { name: 'Plans', exact: true })
      .click();
    await shopper.getByRole('heading', { name: 'Plans', level: 1, exact: true }).waitFor();
    const card = shopper.getByTestId('plan-card').filter({ hasText: 'Tea club' });
    await card.waitFor();
    expect(await card.getByTestId('plan-price').textContent()).toMatch(/20(\.00)? \/ month$/);
    await card.getByText('Free delivery', { exact: true }).waitFor();
    await snap(shopper, 'plans-storefront-desktop');
    await shopper.setViewportSize(MOBILE);
    await snap(shopper, 'plans-storefront-mobile');
    await shopper.setViewportSize(DESKTOP);

    await card.getByRole('link', { name: 'Join Tea club', exact: true }).click();
    await shopper.getByRole('heading', { name: 'Tea club', level: 1, exact: true }).waitFor();
    await shopper.getByRole('button', { name: 'Join Tea club', exact: true }).click();
    // A visitor signs up (or in) right on the plan's page.
    await shopper.getByRole('heading', { name: 'Create your account to join', exact: true }).waitFor();
    await snap(shopper, 'plans-join-signin-desktop');
    await shopper.setViewportSize(MOBILE);
    await snap(shopper, 'plans-join-signin-mobile');
    await shopper.setViewportSize(DESKTOP);
    // Signed up there, the visitor lands on the checkout of the plan alone.
    const email = `joiner.${Date.now()}@example.com`;
    await shopper.getByLabel('Email', { exact: true }).fill(email);
    await shopper.getByLabel('Password', { exact: true }).fill('correct horse battery staple');
    await shopper.getByRole('button', { name: 'Create account', exact: true }).click();
    await shopper.getByLabel('Verification code', { exact: true }).fill((await j.mailbox.code(email)).code);
    await shopper.getByRole('button', { name: 'Verify', exact: true }).click();
    await shopper.waitForURL(/\/checkout\//);
    await shopper
      .getByRole('complementary', { name: 'Order summary', exact: true })
      .getByText('Tea club', { exact: true })
      .waitFor();
  });

  it('a hidden plan opens by its link only; a member with no plan sees where to find them', async () => {
    const { plan } = await j.owner.fetch<{ plan: { slug: string } }>('/plans/v1/plans', {
      method: 'POST',
      body: { plan: { name: 'Friends of the shop', price: { amount: '50' }, visibility: 'HIDDEN' } },
    });
    const page = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await page.goto(`${j.plaza.url}/plans`, { waitUntil: 'networkidle' });
    await page.getByTestId('plan-card').first().waitFor();
    expect(await page.getByText('Friends of the shop', { exact: true }).count()).toBe(0);
    await page.goto(`${j.plaza.url}/plans/${plan.slug}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Friends of the shop', level: 1, exact: true }).waitFor();
    expect(await page.getByTestId('plan-price').textContent()).toMatch(/50(\.00)? once$/);
    await snap(page, 'plans-hidden-plan-desktop');
    await page.setViewportSize(MOBILE);
    await snap(page, 'plans-hidden-plan-mobile');
    await page.setViewportSize(DESKTOP);

    await signUpWithCode(j, page, `plans.${Date.now()}@example.com`, 'correct horse battery staple');
    await page.goto(`${j.plaza.url}/account/plans`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'My plans', exact: true }).waitFor();
    await page.getByText(/^You have no plan yet\./).waitFor();
    await snap(page, 'plans-account-empty-desktop');

    // The member's drawer on the dashboard lists their plans and offers to grant one.
    const { member } = await j.owner.fetch<{ member: { id: string } }>('/members/v1/members/my');
    await j.page.goto(`${j.plaza.url}/admin/members?member=${member.id}`, { waitUntil: 'networkidle' });
    const drawer = j.page.getByRole('dialog');
    await drawer.getByRole('heading', { name: 'Plans', exact: true }).waitFor();
    await drawer.getByText('No plans.', { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Grant plan', exact: true }).click();
    await drawer.getByLabel('Plan to give', { exact: true }).waitFor();
    await drawer.getByRole('heading', { name: 'Plans', exact: true }).scrollIntoViewIfNeeded();
    await snap(j.page, 'plans-admin-member-drawer-desktop');
  });

  it('a member joins a plan and pays; My plans shows its credits; they cancel; the owner grants and revokes', async () => {
    const { products } = await j.owner.fetch<{ products: Array<{ id: string }> }>(
      '/catalog/v1/products?text=House%20Blend%20Coffee',
    );
    await j.owner.fetch('/plans/v1/plans', {
      method: 'POST',
      body: {
        plan: {
          name: 'Bean box',
          price: { amount: '30' },
          validity: { unit: 'YEAR', count: 1 },
          benefits: [
            { kind: 'CREDITS', credits: 4, productIds: [products[0]!.id], collectionIds: [] },
            { kind: 'FREE_SHIPPING', productIds: [], collectionIds: [] },
          ],
        },
      },
    });
    const page = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    const email = `bean.${Date.now()}@example.com`;
    await signUpWithCode(j, page, email, 'correct horse battery staple');
    await page.goto(`${j.plaza.url}/plans/bean-box`, { waitUntil: 'networkidle' });
    await page.getByText('4 × House Blend Coffee in all', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Join Bean box', exact: true }).click();
    await page.waitForURL(/\/checkout\//);
    await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    // A plan is not shipped (rule digital.only): no address and no delivery are asked for.
    await page.getByRole('heading', { name: 'Billing', exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Shipping address', exact: true }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Delivery', exact: true }).count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Add a billing address', exact: true }).waitFor();
    const summary = page.getByRole('complementary', { name: 'Order summary', exact: true });
    expect(await summary.getByText('Shipping', { exact: true }).count()).toBe(0);
    await snap(page, 'plans-checkout-desktop');
    await page.setViewportSize(MOBILE);
    await snap(page, 'plans-checkout-mobile');
    await page.setViewportSize(DESKTOP);
    await fillTestCard(page);
    await payButton(page, /^Pay /).click();
    await page.getByRole('heading', { name: 'Thank you for your order!', exact: true }).waitFor();

    await page.goto(`${j.plaza.url}/account/plans`, { waitUntil: 'networkidle' });
    const item = page.getByTestId('membership').filter({ hasText: 'Bean box' });
    await item.getByText(/^Active until /).waitFor();
    await item.getByText('4 of 4 × House Blend Coffee left', { exact: true }).waitFor();
    await item.getByText('Credits used', { exact: true }).click();
    await item.getByText('No credits used yet.', { exact: true }).waitFor();
    await snap(page, 'plans-account-desktop');
    await page.setViewportSize(MOBILE);
    await snap(page, 'plans-account-mobile');
    await page.setViewportSize(DESKTOP);
    await item.getByRole('button', { name: 'Cancel plan', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel Bean box?', exact: true });
    await confirm.getByText(/^Your benefits last until /).waitFor();
    await snap(page, 'plans-account-cancel-desktop');
    await confirm.getByRole('button', { name: 'Cancel plan', exact: true }).click();
    await item.getByText(/^Canceled — ends on /).waitFor();

    const { memberships } = await j.owner.fetch<{ memberships: Array<{ memberId: string; planName: string }> }>(
      '/plans/v1/memberships',
    );
    const memberId = memberships.find((m) => m.planName === 'Bean box')!.memberId;
    await j.page.goto(`${j.plaza.url}/admin/members?member=${memberId}`, { waitUntil: 'networkidle' });
    const drawer = j.page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Bean box', exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Grant plan', exact: true }).click();
    await drawer.getByLabel('Plan to give', { exact: true }).selectOption({ label: 'Friends of the shop' });
    await drawer.getByRole('button', { name: 'Grant plan', exact: true }).click();
    await drawer.getByRole('link', { name: 'Friends of the shop', exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Revoke Friends of the shop', exact: true }).click();
    await j.page.getByRole('button', { name: 'Revoke plan', exact: true }).click();
    await drawer.getByText(/^Ended by the shop/).waitFor();
    await snap(j.page, 'plans-admin-member-plans-desktop');

    // The plan's page counts the buyer.
    await j.page.goto(`${j.plaza.url}/admin/store/plans`, { waitUntil: 'networkidle' });
    await j.page
      .getByRole('row', { name: /Bean box/ })
      .getByText('Bean box', { exact: true })
      .click();
    await j.page.getByRole('heading', { name: 'Bean box', level: 1, exact: true }).waitFor();
    await j.page.getByRole('table').getByRole('button', { name: email, exact: true }).waitFor();
    await j.page.locator('dl[aria-busy]').waitFor({ state: 'detached' });
    await snap(j.page, 'plans-admin-plan-buyers-desktop');
  });
});
