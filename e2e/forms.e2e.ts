import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startIdp } from '../packages/server/test/oidc-idp.js';
import { DESKTOP, MOBILE, ownerIntoDashboard, snap } from './support.js';
import { journey, signUpWithCode } from './journey.js';

// "Errors in words": a form with a limit shows a counter and says what is wrong next to the field (the value is not
// cut), and a sign-in provider that went down lands the shopper on a page in words with a way back, never JSON.

const j = journey();

async function signUp(page: Page, email: string): Promise<void> {
  await signUpWithCode(j, page, email, 'a long enough passphrase');
}

describe('forms say what is wrong, in words', () => {
  it('sign-up checks the address before sending it, in words', async () => {
    const context = await j.browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    await page.goto(`${j.plaza.url}/signup`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    const main = page.locator('main');
    await main.getByText('Enter an e-mail address such as name@example.com.', { exact: true }).waitFor();
    await main.getByText('Password needs at least 8 characters.', { exact: true }).waitFor();
    expect(await main.innerText()).not.toMatch(/loginId|pattern|\^/);
    await snap(page, 'forms-signup-problems-mobile');
    await context.close();
  });

  it('an over-long nickname shows the counter and a message once, keeps the text, and is not sent', async () => {
    const context = await j.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signUp(page, 'counter@example.com');
    await page.goto(`${j.plaza.url}/account/profile`, { waitUntil: 'networkidle' });
    const nickname = page.getByLabel('Nickname', { exact: true });
    await nickname.waitFor();
    const long = 'N'.repeat(150);
    await nickname.fill(long);
    const main = page.locator('main');
    await main.getByText(/^150 \/ 100\b/).waitFor();
    const message = 'Nickname can be at most 100 characters (now 150).';
    await main.getByText(message, { exact: true }).waitFor();
    expect(await nickname.inputValue()).toBe(long); // not cut
    expect(await nickname.getAttribute('aria-invalid')).toBe('true');
    let saves = 0;
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().includes('/members/v1/members/')) saves++;
    });
    await page.getByRole('button', { name: 'Save profile', exact: true }).click();
    // The refusal happens in the click's own handler: two rendered frames later a save would have been sent.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(saves).toBe(0);
    expect((await main.innerText()).split(message).length - 1).toBe(1);
    await nickname.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await snap(page, 'forms-profile-counter-desktop');

    await nickname.fill('Nadia');
    await main.getByText(/^5 \/ 100\b/).waitFor();
    expect(await main.getByText(message, { exact: true }).count()).toBe(0);
    await context.close();
  });
});

describe('a sign-in provider that is down', () => {
  it('"Continue with" lands on a page in words with a way back, and the button is gone afterwards', async () => {
    const idp = await startIdp({
      redirectUri: `${j.plaza.url}/identity/v1/callback`,
      clientId: 'plaza',
      clientSecret: 'idp-secret',
    });
    await j.owner.fetch('/identity/v1/sso/connections', {
      method: 'POST',
      body: { displayName: 'Acme', issuer: idp.issuer, clientId: 'plaza', clientSecret: 'idp-secret' },
    });
    const context = await j.browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    await page.goto(`${j.plaza.url}/login`, { waitUntil: 'networkidle' });
    const button = page.getByRole('button', { name: 'Continue with Acme', exact: true });
    await button.waitFor();
    await idp.close(); // the provider goes down after the page was shown

    await button.click();
    await page.getByRole('heading', { name: "Signing in with your provider didn't work", exact: true }).waitFor();
    const text = await page.locator('body').innerText();
    expect(text).toContain('Acme could not be reached right now');
    expect(text).not.toMatch(/[{}]|applicationError|statusCode/);
    await snap(page, 'forms-sso-down-mobile');

    await page.getByRole('link', { name: 'Back to sign in', exact: true }).click();
    await page.waitForURL(/\/auth\/login\?/);
    await page.getByLabel('Email', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue with Acme', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('the owner sees why it is not offered, and can check again', async () => {
    const context = await j.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await ownerIntoDashboard(page, j.plaza);
    await page.goto(`${j.plaza.url}/admin/sso`, { waitUntil: 'networkidle' });
    await page.getByText('Not offered on login pages', { exact: true }).waitFor();
    await page
      .getByText(/^The provider could not be reached at this address/)
      .first()
      .waitFor();
    await snap(page, 'forms-sso-admin-desktop');
    await page.getByRole('button', { name: 'Check again', exact: true }).click();
    await page.getByText('"Acme" still does not answer', { exact: true }).waitFor();

    // A new connection to a closed port is refused next to the issuer field, in words.
    await page.getByLabel('Button name', { exact: true }).fill('Nowhere');
    await page.getByLabel('Issuer URL', { exact: true }).fill('http://127.0.0.1:9');
    await page.getByLabel('Client ID', { exact: true }).fill('a');
    await page.getByLabel('Client secret', { exact: true }).fill('b');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    const issuer = page.getByLabel('Issuer URL', { exact: true });
    await expect.poll(() => issuer.getAttribute('aria-invalid'), { timeout: 15_000 }).toBe('true');
    const describedBy = (await issuer.getAttribute('aria-describedby'))!.split(' ');
    const said = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).innerText()));
    expect(said.join(' ')).toContain('The provider could not be reached at this address. Check the issuer address');
    await context.close();
  });
});
