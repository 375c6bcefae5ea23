import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, snap, storedTokens } from './support.js';
import { journey } from './journey.js';

// The sign-in journey of issue 3, in Chromium against the built server:
// sign up → code from the mailbox → log out → hosted login → silent login on reload → the owner in /admin.

const j = journey();

const email = `ada.${Date.now()}@example.com`;
const password = 'correct horse battery staple';

/** Text of the header's member corner, once the member's e-mail is shown. */
const memberEmail = (page: Page) => page.getByTestId('member-email').first();
const header = (page: Page) => page.locator('header').first();

describe('sign-in journey', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await j.browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it('1. signs up', async () => {
    await page.goto(`${j.plaza.url}/`, { waitUntil: 'networkidle' });
    await header(page).getByRole('link', { name: 'Sign up', exact: true }).click();
    await page.waitForURL('**/signup');
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await snap(page, 'signup-desktop');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    // The site requires e-mail verification by default: the code screen follows.
    await page.getByRole('heading', { name: 'Check your e-mail', exact: true }).waitFor();
    expect(await page.textContent('main')).toContain(email);
    await snap(page, 'signup-code-desktop');
  });

  it('2. reads the code from the dev mailbox and verifies it', async () => {
    const { code } = await j.mailbox.code(email);
    // A wrong code first: it is refused and the screen stays.
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Verification code', { exact: true }).fill(wrong);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('The code is wrong', { exact: true }).waitFor();
    await snap(page, 'signup-code-wrong-desktop');

    await page.getByLabel('Verification code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL(`${j.plaza.url}/`);
    await expect.poll(() => memberEmail(page).textContent()).toBe(email);
    expect((await storedTokens(page))?.refreshToken.role).toBe('member');
    await snap(page, 'home-member-desktop');
  });

  it('3. logs out', async () => {
    await header(page).getByRole('link', { name: 'Log out', exact: true }).click();
    await page.waitForURL(`${j.plaza.url}/`);
    await header(page).getByRole('button', { name: 'Log in', exact: true }).waitFor();
    expect((await storedTokens(page))?.refreshToken.role).not.toBe('member');
    // The server cleared its session hint cookie with the session's; a stale hint (as from a session ended elsewhere)
    // makes one silent login in a new tab, and the server, having ended the session too, refuses it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('plaza_signed_in=1');
    await page.evaluate(() => {
      sessionStorage.clear();
      document.cookie = 'plaza_signed_in=1; path=/';
    });
    const silent: string[] = [];
    const onRequest = (r: { url(): string }) => void (r.url().includes('prompt=none') && silent.push(r.url()));
    page.on('request', onRequest);
    await page.reload({ waitUntil: 'networkidle' });
    await header(page).getByRole('button', { name: 'Log in', exact: true }).waitFor();
    page.off('request', onRequest);
    expect(silent).toHaveLength(1);
    expect((await storedTokens(page))?.refreshToken.role).toBe('visitor');
  });

  it('4. logs in through the hosted login page', async () => {
    await page.goto(`${j.plaza.url}/account/security`, { waitUntil: 'networkidle' });
    await header(page).getByRole('button', { name: 'Log in', exact: true }).click();
    // /oauth2/authorize has no session for this browser, so it hands the request to the hosted page.
    await page.waitForURL(/\/auth\/login\?.*client_id=plaza-web/);
    await page.getByLabel('Email', { exact: true }).waitFor();
    await snap(page, 'hosted-login-desktop');

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('The e-mail or the password is wrong.', { exact: true }).waitFor();
    await snap(page, 'hosted-login-error-desktop');

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    // Back through /oauth2/authorize and /auth/callback to the page the member started from.
    await page.waitForURL(`${j.plaza.url}/account/security`);
    await expect.poll(() => memberEmail(page).textContent()).toBe(email);
    expect(page.url()).not.toContain('code=');
    await page.getByRole('heading', { name: 'Account security', exact: true }).waitFor();
    await snap(page, 'account-security-desktop');
  });

  it('5. is still a member after a reload, and silently signed in again when the tokens are gone', async () => {
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => memberEmail(page).textContent()).toBe(email);

    // Forget everything the page stored: only the browser's sign-in session (an HttpOnly cookie) remains.
    await page.evaluate(() => localStorage.clear());
    const authorizeRequests: string[] = [];
    const onRequest = (r: { url(): string; frame(): { parentFrame(): unknown } }) => {
      if (r.url().includes('/oauth2/authorize')) authorizeRequests.push(r.url());
    };
    page.on('request', onRequest);
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => memberEmail(page).textContent(), { timeout: 10_000 }).toBe(email);
    page.off('request', onRequest);
    // It was the hidden iframe (prompt=none, web_message), not a page navigation.
    expect(authorizeRequests.some((u) => u.includes('prompt=none') && u.includes('response_mode=web_message'))).toBe(
      true,
    );
    expect(page.url()).toBe(`${j.plaza.url}/account/security`);
    expect((await storedTokens(page))?.refreshToken.role).toBe('member');
  });

  it('5b. a new visitor is not held up: no silent login is tried, and none of its code is loaded', async () => {
    const visitor = await j.browser.newContext({ viewport: DESKTOP });
    const p = await visitor.newPage();
    const silent: string[] = [];
    const scripts: string[] = [];
    p.on('request', (r) => {
      if (r.url().includes('prompt=none')) silent.push(r.url());
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await p.goto(`${j.plaza.url}/`);
    await header(p).getByRole('button', { name: 'Log in', exact: true }).waitFor({ timeout: 5_000 });
    await p.getByTestId('site-name').first().waitFor();
    await p.waitForLoadState('networkidle');
    await p.reload({ waitUntil: 'networkidle' });
    expect(silent).toEqual([]);
    expect(scripts.filter((u) => /frame-login|redirect-login/.test(u))).toEqual([]);
    await visitor.close();
  });

  it('6. the owner logs into /admin', async () => {
    const owner = await j.browser.newContext({ viewport: DESKTOP });
    const p = await owner.newPage();
    await p.goto(`${j.plaza.url}/admin`, { waitUntil: 'networkidle' });
    await p.getByRole('heading', { name: 'Sign in as the owner', exact: true }).waitFor();
    await snap(p, 'admin-gate-desktop');
    await p.getByRole('button', { name: 'Log in', exact: true }).click();
    await p.waitForURL(/\/auth\/login\?/);
    await p.getByLabel('Email', { exact: true }).fill(j.plaza.owner.email);
    await p.getByLabel('Password', { exact: true }).fill(j.plaza.owner.password);
    await p.getByRole('button', { name: 'Log in', exact: true }).click();
    await p.waitForURL(`${j.plaza.url}/admin`);
    await p.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
    await expect.poll(() => p.getByTestId('admin-email').first().textContent()).toBe(j.plaza.owner.email);
    await snap(p, 'admin-overview-desktop');
    await owner.close();
  });

  it('a member who is not the owner is told the dashboard is not for them', async () => {
    await page.goto(`${j.plaza.url}/admin`, { waitUntil: 'networkidle' });
    await page.getByText('Not allowed', { exact: true }).waitFor();
    await snap(page, 'admin-not-allowed-desktop');
  });
});

describe('sign-in screens on a phone', () => {
  it('renders sign up, the hosted login and the menu at 390 px', async () => {
    const context = await j.browser.newContext({ viewport: MOBILE, isMobile: true, hasTouch: true });
    const p = await context.newPage();
    await p.goto(`${j.plaza.url}/signup`, { waitUntil: 'networkidle' });
    await p.getByLabel('Email', { exact: true }).waitFor();
    await snap(p, 'signup-mobile');

    await p.goto(`${j.plaza.url}/`, { waitUntil: 'networkidle' });
    await p.getByRole('button', { name: 'Open menu', exact: true }).click();
    await p.getByRole('link', { name: 'Sign up', exact: true }).waitFor();
    await snap(p, 'home-menu-mobile');
    await p.getByRole('button', { name: 'Log in', exact: true }).click();
    await p.waitForURL(/\/auth\/login\?/);
    await p.getByLabel('Email', { exact: true }).waitFor();
    await snap(p, 'hosted-login-mobile');

    await p.goto(`${j.plaza.url}/forgot-password`, { waitUntil: 'networkidle' });
    await p.getByLabel('Email', { exact: true }).waitFor();
    await snap(p, 'forgot-password-mobile');
    await context.close();
  });
});
