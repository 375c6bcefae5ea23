import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, ownerIntoDashboard, snap, sidebarLink } from './support.js';
import { journey, logInOnAppPage } from './journey.js';

// The shop owner's dashboard (issue 12, item 6) and the storefront's header (item 7), in Chromium: sidebar groups
// and waiting counts, the overview, the members table at 1280 px and as cards at 390 px, tab titles, settings.

let siteName: string;
const password = 'a fine long password';
const email = `grace.${Date.now()}@example.com`;

const j = journey();
beforeAll(async () => {
  // New members wait for the owner: one will be waiting when the dashboard opens.
  const { site } = await j.owner.fetch<{ site: { name: string } }>('/site/v1/site', {
    method: 'PATCH',
    body: {
      site: { signInPolicy: { ownerApprovalRequired: true } },
      fieldMask: { paths: ['signInPolicy.ownerApprovalRequired'] },
    },
  });
  siteName = site.name;
  await signUp(email, 'Grace Hopper');
  j.context = await j.browser.newContext({ viewport: DESKTOP });
  j.page = await j.context.newPage();
  await ownerIntoDashboard(j.page, j.plaza);
});

/** Signs up in a browser of its own, verifying the e-mail; the account then waits for the owner's approval. */
async function signUp(address: string, name: string) {
  const other = await j.browser.newContext({ viewport: DESKTOP });
  const p = await other.newPage();
  await p.goto(`${j.plaza.url}/signup`, { waitUntil: 'networkidle' });
  await p.getByLabel('Name', { exact: true }).fill(name);
  await p.getByLabel('Email', { exact: true }).fill(address);
  await p.getByLabel('Password', { exact: true }).fill(password);
  await p.getByRole('button', { name: 'Create account', exact: true }).click();
  const { code } = await j.mailbox.code(address);
  await p.getByLabel('Verification code', { exact: true }).fill(code);
  await p.getByRole('button', { name: 'Verify', exact: true }).click();
  await p.getByText("Waiting for the owner's approval", { exact: true }).waitFor();
  await other.close();
}

const sidebar = () => j.page.getByRole('navigation', { name: 'Dashboard', exact: true });
const nav = (name: string) => sidebarLink(j.page, name);
const scrollWidth = () => j.page.evaluate(() => document.scrollingElement!.scrollWidth);

describe('dashboard', () => {
  it('groups the sidebar and shows what waits, there and on the overview', async () => {
    for (const group of ['Store', 'Content', 'Community', 'Settings', 'Developers']) {
      expect(await sidebar().getByRole('group', { name: group, exact: true }).isVisible()).toBe(true);
    }
    await sidebar()
      .getByRole('group', { name: 'Content', exact: true })
      .getByRole('link', { name: 'Media', exact: true })
      .waitFor();
    await expect.poll(() => sidebar().getByTestId('waiting-approvals').textContent()).toContain('1');
    await expect.poll(() => j.page.getByTestId('overview-approvals').innerText()).toMatch(/^1\s+account to approve/);
    await expect.poll(() => j.page.getByTestId('overview-reports').innerText()).toContain('No open reports');
    await j.page.getByText('Newest members', { exact: true }).waitFor();
    await j.page.getByRole('listitem').filter({ hasText: email }).first().waitFor();
    expect(await j.page.title()).toBe(`Overview · Dashboard · ${siteName}`);
    await snap(j.page, 'dashboard-overview-desktop');
  });

  it('fits the members table in 1280 px, with totals and Approve only for the waiting member', async () => {
    await nav('Members').click();
    await j.page.getByRole('heading', { name: 'Members', exact: true }).waitFor();
    await j.page.getByTestId('table-total').waitFor();
    expect(await j.page.title()).toBe(`Members · Dashboard · ${siteName}`);
    // The owner, the demo store's members and the one who signed up.
    expect(await j.page.getByTestId('table-total').textContent()).toMatch(/^\d+ members$/);
    expect(await scrollWidth()).toBeLessThanOrEqual(1280);
    expect(await j.page.locator('th[aria-sort="descending"]').textContent()).toContain('Joined');
    // Approve appears on the pending member only (the owner is approved already).
    const approve = j.page.getByRole('button', { name: /^Approve / }).locator('visible=true');
    expect(await approve.count()).toBe(1);
    expect(await j.page.getByTestId('table-cards').isVisible()).toBe(false);
    await snap(j.page, 'dashboard-members-desktop');
  });

  it('turns the table into cards on a phone, with the sidebar behind a menu', async () => {
    await j.page.setViewportSize(MOBILE);
    expect(await j.page.getByTestId('table-cards').isVisible()).toBe(true);
    expect(await j.page.locator('table').isVisible()).toBe(false);
    expect(await scrollWidth()).toBeLessThanOrEqual(MOBILE.width);
    expect(await sidebar().isVisible()).toBe(false);
    await snap(j.page, 'dashboard-members-mobile');
    await j.page.getByRole('button', { name: 'Open menu', exact: true }).click();
    await sidebar().getByRole('link', { name: 'Members', exact: true }).waitFor();
    await snap(j.page, 'dashboard-menu-mobile');
    await j.page.getByRole('button', { name: 'Close menu', exact: true }).click();
    await j.page.setViewportSize(DESKTOP);
  });

  it('approves the waiting member from the table; the counts follow', async () => {
    await j.page
      .getByRole('button', { name: /^Approve / })
      .locator('visible=true')
      .click();
    await j.page.getByRole('status').filter({ hasText: 'is approved' }).waitFor();
    await expect.poll(() => sidebar().getByTestId('waiting-approvals').count()).toBe(0);
    await expect
      .poll(() =>
        j.page
          .getByRole('button', { name: /^Approve / })
          .locator('visible=true')
          .count(),
      )
      .toBe(0);
  });

  it('saves general settings with a searchable currency picker, Undo only while something changed', async () => {
    await nav('General').click();
    await j.page.getByRole('heading', { name: 'General', exact: true }).waitFor();
    expect(await j.page.getByRole('button', { name: 'Undo changes', exact: true }).count()).toBe(0);
    await j.page.getByRole('combobox', { name: 'Currency', exact: true }).click();
    await j.page.getByRole('combobox', { name: 'Currency', exact: true }).fill('euro');
    await j.page.getByRole('option', { name: /Euro/ }).first().click();
    await j.page.getByRole('button', { name: 'Undo changes', exact: true }).waitFor();
    await snap(j.page, 'dashboard-settings-desktop');
    await j.page.getByRole('button', { name: 'Save settings', exact: true }).click();
    await j.page.getByRole('status').filter({ hasText: 'Settings saved' }).waitFor();
    await expect.poll(() => j.page.getByRole('button', { name: 'Undo changes', exact: true }).count()).toBe(0);
    expect((await j.owner.fetch<{ site: { currency: string } }>('/site/v1/site')).site.currency).toBe('EUR');
  });

  it('lays out every dashboard screen at 1280 and 390 px without sideways scrolling', async () => {
    const screens = [
      ['Overview', 'overview'],
      ['Approvals', 'approvals'],
      ['Reports', 'reports'],
      ['Reviews', 'reviews'],
      ['Review requests', 'review-requests'],
      ['General', 'settings-general'],
      ['Sign-in', 'settings-sign-in'],
      ['Community', 'settings-community'],
      ['Single sign-on', 'sso'],
      ['API keys', 'api-keys'],
      ['OAuth clients', 'oauth-clients'],
      ['Mailbox', 'mailbox'],
    ] as const;
    for (const [label, name] of screens) {
      await j.page.setViewportSize(DESKTOP);
      await nav(label).click();
      await j.page.getByRole('heading', { level: 1 }).waitFor();
      await j.page.waitForLoadState('networkidle');
      expect(await j.page.title()).toMatch(new RegExp(` · Dashboard · `));
      await snap(j.page, `dashboard-${name}-desktop`);
      await j.page.setViewportSize(MOBILE);
      await snap(j.page, `dashboard-${name}-mobile`);
    }
    await j.page.setViewportSize(DESKTOP);
  });
});

describe('storefront', () => {
  it("shows the member's name in the header, not their e-mail; no API docs in the footer", async () => {
    const memberContext = await j.browser.newContext({ viewport: DESKTOP });
    const member = await memberContext.newPage();
    await logInOnAppPage(j, member, email, password);
    await member.waitForURL(`${j.plaza.url}/`);
    await expect.poll(() => member.getByTestId('member-name').first().textContent()).toMatch(/^Grace/);
    expect(await member.getByTestId('member-name').first().textContent()).not.toContain('@');
    // The address is there for screen readers only.
    const address = member.locator('header').getByTestId('member-email').first();
    expect(await address.evaluate((e) => e.closest('.sr-only') !== null)).toBe(true);
    expect(await member.locator('footer').getByText('API docs', { exact: true }).count()).toBe(0);
    expect(await member.getByRole('heading', { level: 1 }).textContent()).toContain(siteName);
    await snap(member, 'storefront-home-member-desktop');
    await member.setViewportSize(MOBILE);
    await snap(member, 'storefront-home-member-mobile');
    await memberContext.close();
  });
});
