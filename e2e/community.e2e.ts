import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, ownerIntoDashboard, snap, storedTokens } from './support.js';
import { journey } from './journey.js';

// The members and reviews journey of issue 4, in Chromium against the built server (with its demo community):
// a member writes a review → the owner replies and approves it → a visitor sees it with the reply and the new
// average → the owner blocks the member, whose next call fails.

const j = journey();

const email = `grace.${Date.now()}@example.com`;
const nickname = 'Grace Hopper';
const title = 'Debugged my whole order';
const body = 'Found exactly what I needed. <b>Not bold</b> — the page shows this as text.';
const reply = 'Thanks Grace, glad it worked out!';

interface Summary {
  averageRating: number;
  totalReviews: number;
}
const summary = async () =>
  (await j.owner.fetch<{ summary: Summary }>('/reviews/v1/rating-summary?namespace=site&entityId=store')).summary;
const widget = (page: Page) => page.getByTestId('reviews-widget');

describe('community journey', () => {
  let member: BrowserContext;
  let memberPage: Page;
  let admin: BrowserContext;
  let adminPage: Page;
  let before: Summary;

  beforeAll(async () => {
    member = await j.browser.newContext({ viewport: DESKTOP });
    memberPage = await member.newPage();
    admin = await j.browser.newContext({ viewport: DESKTOP });
    adminPage = await admin.newPage();
    before = await summary();
  });
  afterAll(async () => {
    await member?.close();
    await admin?.close();
  });

  it('1. a new member writes a review of the store; it waits for approval', async () => {
    await memberPage.goto(`${j.plaza.url}/signup`, { waitUntil: 'networkidle' });
    await memberPage.getByLabel('Name', { exact: true }).fill(nickname);
    await memberPage.getByLabel('Email', { exact: true }).fill(email);
    await memberPage.getByLabel('Password', { exact: true }).fill('correct horse battery staple');
    await memberPage.getByRole('button', { name: 'Create account', exact: true }).click();
    await memberPage.getByLabel('Verification code', { exact: true }).fill((await j.mailbox.code(email)).code);
    await memberPage.getByRole('button', { name: 'Verify', exact: true }).click();
    await memberPage.waitForURL(`${j.plaza.url}/`);

    const reviews = widget(memberPage);
    await reviews.getByRole('button', { name: 'Write a review', exact: true }).click();
    await reviews.getByRole('radio', { name: /^2 stars/ }).check({ force: true });
    await reviews.getByLabel('Title (optional)', { exact: true }).fill(title);
    await reviews.getByLabel('Your review (optional)', { exact: true }).fill(body);
    await reviews.getByRole('button', { name: 'Post review', exact: true }).click();
    await reviews.getByText('Waiting for approval', { exact: true }).waitFor();
    await reviews.getByText(title, { exact: true }).waitFor();
    await snap(memberPage, 'community-review-pending-desktop');
    // Not public yet: the summary is unchanged.
    expect(await summary()).toEqual(before);
  });

  it('2. the owner replies to it and approves it in the moderation queue', async () => {
    await ownerIntoDashboard(adminPage, j.plaza);
    // The sidebar counts the reviews waiting (the demo's and this one); the link then reads "Reviews, 2 waiting".
    await adminPage.getByTestId('waiting-reviews').waitFor();
    await adminPage
      .getByRole('navigation', { name: 'Dashboard', exact: true })
      .getByRole('link', { name: /^Reviews($|\s*,)/ })
      .click();
    const card = adminPage
      .getByRole('list', { name: 'Reviews', exact: true })
      .getByRole('listitem')
      .filter({ hasText: title });
    await card.waitFor();
    // The markup the member typed is shown as text, never as HTML.
    expect(await card.locator('b').count()).toBe(0);
    await card.getByText('<b>Not bold</b>', { exact: false }).waitFor();
    await snap(adminPage, 'community-moderation-desktop');

    await card.getByRole('button', { name: 'Reply', exact: true }).click();
    await card.getByLabel('Your public reply', { exact: true }).fill(reply);
    await card.getByRole('button', { name: 'Save reply', exact: true }).click();
    await adminPage.getByRole('status').filter({ hasText: 'Reply saved' }).waitFor();
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(async () => (await summary()).totalReviews, { timeout: 10_000 }).toBe(before.totalReviews + 1);
  });

  it('3. a visitor sees the review with the reply and the new average', async () => {
    const visitor = await j.browser.newContext({ viewport: MOBILE });
    const page = await visitor.newPage();
    await page.goto(`${j.plaza.url}/`, { waitUntil: 'networkidle' });
    const reviews = widget(page);
    const review = reviews.getByRole('article', { name: `Review by ${nickname}`, exact: true });
    await review.waitFor();
    await review.getByText(reply, { exact: true }).waitFor();
    await review.getByText(title, { exact: true }).waitFor();
    const after = await summary();
    const expected =
      Math.round(((before.averageRating * before.totalReviews + 2) / (before.totalReviews + 1)) * 100) / 100;
    expect(after.averageRating).toBe(expected);
    await reviews.getByText(`${after.totalReviews} reviews`, { exact: true }).first().waitFor();
    await reviews
      .getByRole('img', { name: new RegExp(`^${after.averageRating.toFixed(1)} out of 5`), exact: true })
      .first()
      .waitFor();
    await snap(page, 'community-review-public-mobile');

    // The community page and the member's public profile, opened directly (the server serves the app there).
    await page.goto(`${j.plaza.url}/members`, { waitUntil: 'networkidle' });
    await page
      .getByRole('link', { name: new RegExp(nickname), exact: true })
      .first()
      .click();
    await page.waitForURL(/\/members\/grace-hopper$/);
    await page.getByRole('heading', { name: nickname, exact: true }).first().waitFor();
    await page.getByText(title, { exact: true }).waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText(title, { exact: true }).waitFor();
    await snap(page, 'community-profile-mobile');
    await visitor.close();
  });

  it('4. the owner blocks the member, whose next call fails', async () => {
    const tokens = await storedTokens(memberPage);
    expect(tokens?.refreshToken.role).toBe('member');
    const myMember = () =>
      memberPage.evaluate(async (token) => {
        const res = await fetch('/members/v1/members/my', { headers: { authorization: `Bearer ${token}` } });
        return res.status;
      }, tokens!.accessToken.value);
    expect(await myMember()).toBe(200);

    await adminPage
      .getByRole('navigation', { name: 'Dashboard', exact: true })
      .getByRole('link', { name: 'Members', exact: true })
      .click();
    await adminPage.getByLabel('Search', { exact: true }).fill(email);
    await adminPage.getByRole('link', { name: nickname, exact: true }).click();
    const drawer = adminPage.getByRole('dialog').filter({ hasText: email });
    await drawer.getByRole('button', { name: 'Block', exact: true }).click();
    await adminPage
      .getByRole('alertdialog')
      .or(adminPage.getByRole('dialog', { name: /^Block/ }))
      .getByRole('button', { name: 'Block member', exact: true })
      .click();
    await drawer.getByText('BLOCKED', { exact: false }).first().waitFor();
    await snap(adminPage, 'community-member-blocked-desktop');

    // The member's very next call is refused, and a reload leaves them signed out.
    expect([401, 403]).toContain(await myMember());
    await memberPage.reload({ waitUntil: 'networkidle' });
    await snap(memberPage, 'community-blocked-member-reload-desktop');
    await memberPage.locator('header').first().getByText('Log in', { exact: true }).waitFor();
    await memberPage.getByTestId('member-email').waitFor({ state: 'detached' });
  });
});
