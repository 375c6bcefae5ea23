import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, ownerIntoDashboard, snap, sidebarLink } from './support.js';
import { journey, logInOnAppPage } from './journey.js';

// The owner's dashboard screens of the sign-in issue, driven in Chromium: sign-in policy, approvals, mailbox,
// API keys, OAuth clients and SSO connections.

const j = journey();
beforeAll(async () => {
  j.context = await j.browser.newContext({ viewport: DESKTOP });
  await j.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: j.plaza.url });
  j.page = await j.context.newPage();
  await ownerIntoDashboard(j.page, j.plaza);
});

const nav = (name: string) => sidebarLink(j.page, name);
const site = () =>
  j.owner.fetch<{ site: { signInPolicy: Record<string, unknown>; currency: string } }>('/site/v1/site');

describe('dashboard', () => {
  it('changes the sign-in policy after a confirmation', async () => {
    await nav('Sign-in').click();
    await j.page.getByRole('heading', { name: 'Sign-in', exact: true }).waitFor();
    await snap(j.page, 'admin-settings-desktop');
    await j.page.getByLabel(/^New members need your approval/).check();
    await j.page.getByLabel('Ask for a captcha', { exact: true }).selectOption('NEVER');
    await j.page.getByRole('button', { name: 'Save sign-in policy', exact: true }).click();
    const dialog = j.page.getByRole('dialog', { name: 'Change how people sign in?', exact: true });
    await dialog.waitFor();
    await snap(j.page, 'admin-settings-confirm-desktop');
    // Cancel first: nothing changes.
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect((await site()).site.signInPolicy.ownerApprovalRequired).toBe(false);

    await j.page.getByRole('button', { name: 'Save sign-in policy', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save policy', exact: true }).click();
    await j.page.getByRole('status').filter({ hasText: 'Sign-in policy saved' }).waitFor();
    expect((await site()).site.signInPolicy).toMatchObject({ ownerApprovalRequired: true, captchaMode: 'NEVER' });
  });

  it('refuses an over-long store name in words, saving nothing', async () => {
    await nav('General').click();
    // A name the server refuses (over 100 characters): the answer is shown in words, nothing changes.
    await j.page.getByLabel('Store name', { exact: true }).fill('x'.repeat(101));
    await j.page.getByRole('button', { name: 'Save settings', exact: true }).click();
    // Said in words next to the field or by the server's answer, whichever catches it first.
    const alert = j.page.getByRole('alert').first();
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/100|long/i);
    await snap(j.page, 'admin-settings-error-desktop');
    expect((await j.owner.fetch<{ site: { name: string } }>('/site/v1/site')).site.name).not.toMatch(/^x+$/);
    await j.page.getByRole('button', { name: 'Undo changes', exact: true }).click();
  });

  it('approves a member who waits for the owner, who then sees the waiting screen go', async () => {
    // A new member signs up in another browser: verify the e-mail, then wait for approval.
    const memberContext = await j.browser.newContext({ viewport: DESKTOP });
    const member = await memberContext.newPage();
    const email = `grace.${Date.now()}@example.com`;
    await member.goto(`${j.plaza.url}/signup`, { waitUntil: 'networkidle' });
    await member.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await member.getByLabel('Email', { exact: true }).fill(email);
    await member.getByLabel('Password', { exact: true }).fill('a fine long password');
    await member.getByRole('button', { name: 'Create account', exact: true }).click();
    const { code } = await j.mailbox.code(email);
    await member.getByLabel('Verification code', { exact: true }).fill(code);
    await member.getByRole('button', { name: 'Verify', exact: true }).click();
    await member.getByText("Waiting for the owner's approval", { exact: true }).waitFor();
    await snap(member, 'signup-approval-desktop');

    await nav('Approvals').click();
    const row = j.page.getByRole('listitem').filter({ hasText: email });
    await row.waitFor();
    await snap(j.page, 'admin-approvals-desktop');
    await row.getByRole('button', { name: `Approve ${email}`, exact: true }).click();
    await j.page.getByRole('status').filter({ hasText: 'Approved' }).waitFor();
    await j.page.getByText('Nobody is waiting', { exact: true }).waitFor();

    // Approved: the member logs in on the app's own login page.
    await logInOnAppPage(j, member, email, 'a fine long password');
    await member.waitForURL(`${j.plaza.url}/`);
    await expect.poll(() => member.getByTestId('member-email').first().textContent()).toBe(email);
    await memberContext.close();
  });

  it('reads the mailbox: search by address and open a message', async () => {
    await nav('Mailbox').click();
    await j.page.getByRole('heading', { name: 'Mailbox', exact: true }).waitFor();
    await j.page
      .getByRole('button', { name: /verification code/ })
      .first()
      .waitFor();
    await snap(j.page, 'admin-mailbox-desktop');
    await j.page.getByLabel('Search by recipient address', { exact: true }).fill('nobody@example.com');
    await j.page.getByRole('button', { name: 'Search', exact: true }).click();
    await j.page.getByText('No e-mails to nobody@example.com', { exact: true }).waitFor();

    const [latest] = await j.mailbox
      .list(j.plaza.owner.email)
      .then(async (own) => (own.length ? own : await anyMail()));
    await j.page.getByLabel('Search by recipient address', { exact: true }).fill(latest!.to);
    await j.page.getByRole('button', { name: 'Search', exact: true }).click();
    await j.page
      .getByRole('button', { name: new RegExp(escape(latest!.subject)), exact: true })
      .first()
      .click();
    await j.page.getByRole('heading', { name: latest!.subject, exact: true }).waitFor();
    // The formatted view is a sandboxed frame: no scripts, no access to the dashboard.
    const frame = j.page.locator('iframe[title^="E-mail:"]');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await snap(j.page, 'admin-mailbox-message-desktop');
    await j.page.getByRole('button', { name: 'Plain text', exact: true }).click();
    expect(await j.page.getByTestId('mail-text').textContent()).toBe(latest!.text);
  });

  it('creates an API key, shows it once, and revokes it after a confirmation', async () => {
    await nav('API keys').click();
    await j.page.getByRole('heading', { name: 'API keys', exact: true }).waitFor();
    await j.page.getByLabel('Name', { exact: true }).fill('Nightly export');
    await j.page.getByLabel(/Read the dev mailbox/).check();
    await j.page.getByRole('button', { name: 'Create key', exact: true }).click();
    const key = (await j.page.getByTestId('new-api-key').textContent())!;
    expect(key).toMatch(/^plz_/);
    await j.page.getByRole('button', { name: 'Copy', exact: true }).click();
    await j.page.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await j.page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await snap(j.page, 'admin-api-key-created-desktop');
    const works = () =>
      fetch(`${j.plaza.url}/dev/v1/mailbox?to=x%40example.com`, { headers: { authorization: key } }).then(
        (r) => r.status,
      );
    expect(await works()).toBe(200);

    await j.page.getByRole('button', { name: "I've stored it; hide the key", exact: true }).click();
    expect(await j.page.getByTestId('new-api-key').count()).toBe(0);
    await j.page.getByRole('button', { name: 'Revoke Nightly export', exact: true }).click();
    const dialog = j.page.getByRole('dialog');
    await dialog.getByText(/stops working at once\./).waitFor();
    await snap(j.page, 'admin-api-key-revoke-desktop');
    await dialog.getByRole('button', { name: 'Revoke key', exact: true }).click();
    await j.page.getByRole('status').filter({ hasText: 'revoked' }).waitFor();
    expect(await works()).toBe(401);
  });

  it('creates and deletes an OAuth client', async () => {
    await nav('OAuth clients').click();
    await j.page.getByRole('heading', { name: 'OAuth clients', exact: true }).waitFor();
    await j.page.getByText('This web app', { exact: true }).waitFor();
    await j.page.getByLabel('Name', { exact: true }).fill('Headless shop');
    await j.page.getByLabel('Redirect URIs', { exact: true }).fill('https://shop.example.com/auth/callback');
    await j.page.getByRole('button', { name: 'Create client', exact: true }).click();
    const card = j.page.getByRole('listitem').filter({ hasText: 'Headless shop' });
    await card.waitFor();
    expect(await card.textContent()).toContain('https://shop.example.com');
    await snap(j.page, 'admin-oauth-clients-desktop');
    await card.getByRole('button', { name: 'Delete Headless shop', exact: true }).click();
    await j.page.getByRole('dialog').getByRole('button', { name: 'Delete client', exact: true }).click();
    await j.page.getByRole('status').filter({ hasText: 'deleted' }).waitFor();
    await expect.poll(() => card.count()).toBe(0);
  });

  it('shows the SSO connections (none yet) and refuses a provider it cannot reach, in words', async () => {
    await nav('Single sign-on').click();
    await j.page.getByRole('heading', { name: 'Single sign-on', exact: true }).waitFor();
    await j.page.getByText('No providers connected', { exact: true }).waitFor();
    await snap(j.page, 'admin-sso-desktop');
    await j.page.getByLabel('Button name', { exact: true }).fill('Acme');
    await j.page.getByLabel('Issuer URL', { exact: true }).fill('http://127.0.0.1:9/');
    await j.page.getByLabel('Client ID', { exact: true }).fill('plaza');
    await j.page.getByLabel('Client secret', { exact: true }).fill('secret');
    await j.page.getByRole('button', { name: 'Connect', exact: true }).click();
    // The server fetches the provider's discovery document on save: a closed port is refused next to the issuer.
    const issuer = j.page.getByLabel('Issuer URL', { exact: true });
    await expect.poll(() => issuer.getAttribute('aria-invalid'), { timeout: 15_000 }).toBe('true');
    expect(await j.page.getByRole('listitem').filter({ hasText: 'Acme' }).count()).toBe(0);
    await snap(j.page, 'admin-sso-after-create-desktop');
  });
});

describe('dashboard on a phone', () => {
  it('opens the menu drawer and the screens at 390 px', async () => {
    const phone = await j.browser.newContext({ viewport: MOBILE, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    await ownerIntoDashboard(p, j.plaza);
    await snap(p, 'admin-overview-mobile');
    await p.getByRole('button', { name: 'Open menu', exact: true }).click();
    await snap(p, 'admin-menu-mobile');
    await p
      .getByRole('navigation', { name: 'Dashboard', exact: true })
      .getByRole('link', { name: 'Mailbox', exact: true })
      .click();
    await p.getByRole('heading', { name: 'Mailbox', exact: true }).waitFor();
    await p
      .getByRole('button', { name: /verification code/ })
      .first()
      .click();
    await p.getByRole('button', { name: '← All e-mails', exact: true }).waitFor();
    await snap(p, 'admin-mailbox-message-mobile');
    for (const [path, heading, name] of [
      ['/admin/settings', 'General', 'admin-settings-mobile'],
      ['/admin/api-keys', 'API keys', 'admin-api-keys-mobile'],
      ['/admin/oauth-clients', 'OAuth clients', 'admin-oauth-clients-mobile'],
      ['/admin/approvals', 'Approvals', 'admin-approvals-mobile'],
      ['/admin/sso', 'Single sign-on', 'admin-sso-mobile'],
    ] as const) {
      await p.goto(`${j.plaza.url}${path}`, { waitUntil: 'networkidle' });
      await p.getByRole('heading', { name: heading, exact: true }).waitFor();
      await snap(p, name);
    }
    await phone.close();
  });
});

async function anyMail() {
  const res = await j.owner.fetch<{ messages: Array<{ to: string; subject: string; text: string }> }>(
    '/dev/v1/mailbox',
  );
  return res.messages;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
