import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, fillHostedLogin, snap, storedTokens } from './support.js';
import { journey } from './journey.js';

// The app as a browser meets it: under its Content-Security-Policy, never framed by other sites, opened on a
// loopback alias, and compressed on the wire.

const DIST_ASSETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist/assets');

// A light proof of work, so the captcha under the CSP is solved in a moment.
const j = journey({ env: { PLAZA_CAPTCHA_COMPLEXITY: '40' } });

/**
 * A page that records every CSP violation: the `securitypolicyviolation` events of each document (the captcha's
 * workers and styles included) and Chromium's console reports.
 */
async function watchedPage(context: BrowserContext): Promise<{ page: Page; violations: string[] }> {
  const violations: string[] = [];
  await context.exposeBinding('__reportCsp', (_source, text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __reportCsp(t: string): void }).__reportCsp(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} on ${location.pathname}`,
      ),
    );
  });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) violations.push(m.text());
  });
  return { page, violations };
}

describe('the app under its Content-Security-Policy', () => {
  it('runs the storefront, login and dashboard without a single violation', async () => {
    const context = await j.browser.newContext({ viewport: DESKTOP });
    const { page, violations } = await watchedPage(context);

    const home = await page.goto(j.plaza.url, { waitUntil: 'networkidle' });
    expect(home?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    await expect.poll(() => page.getByTestId('site-name').first().textContent()).toBe('Plaza Demo Store');

    await page.goto(`${j.plaza.url}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email', { exact: true }).waitFor();

    // The dashboard: the silent sign-in iframe runs, then the owner logs in through the hosted page.
    await page.goto(`${j.plaza.url}/admin`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await fillHostedLogin(page, j.plaza.owner.email, j.plaza.owner.password);
    await page.waitForURL(`${j.plaza.url}/admin`);
    await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
    await page.goto(`${j.plaza.url}/admin/oauth-clients`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'OAuth clients', exact: true }).first().waitFor();

    // The API reference has its own policy and still renders.
    await page.goto(`${j.plaza.url}/docs`, { waitUntil: 'networkidle' });
    await page.locator('.swagger-ui .info').first().waitFor();

    expect(violations).toEqual([]);
    await context.close();
  }, 120_000);

  it('lets the captcha widget solve its proof of work (workers, styles) under the policy', async () => {
    const setCaptcha = (captchaMode: string) =>
      j.owner.fetch('/site/v1/site', {
        method: 'PATCH',
        body: { site: { signInPolicy: { captchaMode } }, fieldMask: { paths: ['signInPolicy.captchaMode'] } },
      });
    await setCaptcha('ALWAYS');
    try {
      const context = await j.browser.newContext({ viewport: DESKTOP });
      const { page, violations } = await watchedPage(context);
      // The visible widget: the quiet one is refused, as when it cannot run.
      await page.route(/captcha\/challenge\?siteKey=plaza-altcha-invisible/, (route) => route.abort());
      await page.goto(`${j.plaza.url}/auth/login`, { waitUntil: 'networkidle' });
      await page.getByLabel('Email', { exact: true }).fill(j.plaza.owner.email);
      await page.getByLabel('Password', { exact: true }).fill(j.plaza.owner.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.getByLabel("I'm not a robot", { exact: true }).waitFor();
      await page.locator('altcha-widget').getByText("I'm not a robot", { exact: true }).click();
      await page.waitForURL(`${j.plaza.url}/`, { timeout: 30_000 });
      expect((await storedTokens(page))?.refreshToken.role).toBe('member');
      expect(violations).toEqual([]);
      await context.close();
    } finally {
      await setCaptcha('AFTER_FAILURES');
    }
  });
});

describe('allowed origins in the dashboard', () => {
  it('lets the owner give a client another origin, which then gets CORS', async () => {
    const origin = 'https://partner-shop.example';
    await j.owner.fetch('/settings/v1/oauth-clients', {
      method: 'POST',
      body: { name: 'Partner shop', redirectUris: ['https://partner.example/auth/callback'] },
    });
    const corsFor = async () =>
      (await fetch(`${j.plaza.url}/web/v1/config`, { headers: { origin } })).headers.get('access-control-allow-origin');
    expect(await corsFor()).toBeNull();

    const context = await j.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${j.plaza.url}/admin`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await fillHostedLogin(page, j.plaza.owner.email, j.plaza.owner.password);
    await page.waitForURL(`${j.plaza.url}/admin`);
    await page.goto(`${j.plaza.url}/admin/oauth-clients`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Edit allowed origins of Partner shop', exact: true }).click();
    const box = page.getByLabel('Allowed origins of Partner shop', { exact: true });
    await box.fill(`https://partner.example\n${origin}`);
    await snap(page, 'oauth-client-origins-edit');
    await page.getByRole('button', { name: 'Save origins', exact: true }).click();
    await page.getByText('Allowed origins of "Partner shop" saved', { exact: true }).waitFor();
    await page.getByText(origin, { exact: true }).waitFor();
    expect(await corsFor()).toBe(origin);

    // A typo is refused in words, and nothing changes.
    await page.getByRole('button', { name: 'Edit allowed origins of Partner shop', exact: true }).click();
    await box.fill('partner-shop.example/path');
    await page.getByRole('button', { name: 'Save origins', exact: true }).click();
    // Said next to the box (the form checks each line with the server's pattern before sending).
    await expect.poll(() => box.getAttribute('aria-invalid'), { timeout: 15_000 }).toBe('true');
    await snap(page, 'oauth-client-origins-error');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await corsFor()).toBe(origin);
    await context.close();
  }, 90_000);
});

describe('framing', () => {
  let framer: http.Server;
  let framerUrl: string;
  beforeAll(async () => {
    // Another site (another port is another origin) that puts the dashboard in a frame, as a clickjacker would.
    framer = http.createServer((req, res) => {
      const target = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '/admin';
      res.setHeader('content-type', 'text/html');
      res.end(
        `<!doctype html><h1>Win a prize</h1><iframe id="victim" src="${j.plaza.url}${target}" width="800" height="600"></iframe>`,
      );
    });
    await new Promise<void>((r) => framer.listen(0, '127.0.0.1', r));
    framerUrl = `http://127.0.0.1:${(framer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => framer.close(() => r())));

  for (const target of ['/admin', '/login', '/auth/login', '/auth/silent-callback']) {
    it(`keeps ${target} out of another site's frame`, async () => {
      const page = await j.browser.newPage();
      const refused: string[] = [];
      page.on('console', (m) => /frame-ancestors|Refused to (display|frame)/i.test(m.text()) && refused.push(m.text()));
      await page.goto(`${framerUrl}/?src=${encodeURIComponent(target)}`, { waitUntil: 'networkidle' });
      await page.locator('#victim').waitFor();
      await expect.poll(() => refused.length).toBeGreaterThan(0);
      // The frame never got the app: Chromium replaced it with its own blank error document.
      const frame = page.frames().find((f) => f !== page.mainFrame());
      expect(frame?.url() ?? '').not.toContain(target);
      await page.close();
    });
  }
});

describe('one address for the app', () => {
  it('sends a browser on 127.0.0.1 to PLAZA_PUBLIC_URL, where the owner logs in, with no failed sign-in call', async () => {
    const context = await j.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('response', (r) => r.status() >= 400 && failures.push(`${r.status()} ${r.url()}`));
    const port = new URL(j.plaza.url).port;
    await page.goto(`http://127.0.0.1:${port}/admin?tab=1`, { waitUntil: 'networkidle' });
    expect(page.url()).toBe(`${j.plaza.url}/admin?tab=1`);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await fillHostedLogin(page, j.plaza.owner.email, j.plaza.owner.password);
    await page.waitForURL(`${j.plaza.url}/admin?tab=1`);
    await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
    expect(failures).toEqual([]);
    await snap(page, 'admin-via-loopback-alias');
    await context.close();
  });
});

describe('on the wire', () => {
  it('serves the first page precompressed, and curl gets the page too', async () => {
    const page = await j.browser.newPage();
    const scripts: { url: string; encoding: string; wire: number; decoded: number }[] = [];
    page.on('requestfinished', async (req) => {
      if (req.resourceType() !== 'script') return;
      const res = await req.response();
      if (!res) return;
      const [sizes, body] = await Promise.all([req.sizes(), res.body()]);
      const encoding = res.headers()['content-encoding'] ?? 'none';
      scripts.push({ url: req.url(), encoding, wire: sizes.responseBodySize, decoded: body.length });
    });
    await page.goto(j.plaza.url, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('site-name').first().isVisible()).toBe(true);
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    for (const s of scripts) {
      expect(s.encoding, s.url).toBe('br');
      // Sent as the build wrote it (brotli's strongest level, once), never compressed again per request.
      const original = path.join(DIST_ASSETS, path.basename(new URL(s.url).pathname));
      expect(s.wire, s.url).toBe(fs.statSync(`${original}.br`).size);
    }
    const wire = scripts.reduce((n, s) => n + s.wire, 0);
    const decoded = scripts.reduce((n, s) => n + s.decoded, 0);
    expect(wire).toBeLessThan(decoded / 2.5);
    await page.close();

    // What curl, uptime checkers and link previews send.
    for (const accept of [undefined, '*/*']) {
      const res = await fetch(j.plaza.url, accept ? { headers: { accept } } : {});
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('<div id="root">');
    }
  });
});
