import { describe, expect, it } from 'vitest';
import { screenshotPath } from './support.js';
import { journey } from './journey.js';

const j = journey();

describe('storefront home', () => {
  it('gets a visitor token and shows the site name through the SDK', async () => {
    const page = await j.browser.newPage();
    const tokenRequests: string[] = [];
    const scripts: { url: string; bytes: number }[] = [];
    page.on('request', (r) => r.url().endsWith('/oauth2/token') && tokenRequests.push(r.postData() ?? ''));
    // Bytes on the wire, as the server sent them (precompressed by the build), not as we could compress them.
    page.on('requestfinished', async (r) => {
      if (r.resourceType() === 'script') scripts.push({ url: r.url(), bytes: (await r.sizes()).responseBodySize });
    });

    await page.goto(j.plaza.url, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('site-name').first().textContent()).toBe('Plaza Demo Store');

    // A brand-new browser goes through the anonymous grant, and keeps its token in storage.
    expect(tokenRequests).toHaveLength(1);
    expect(JSON.parse(tokenRequests[0]!)).toMatchObject({ grantType: 'anonymous', clientId: 'plaza-web' });

    // Budget: the first storefront page ships at most 120 KB of compressed JS, and none of the dashboard.
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    expect(scripts.every((s) => s.bytes > 0)).toBe(true);
    const total = scripts.reduce((n, s) => n + s.bytes, 0);
    expect(total).toBeLessThanOrEqual(120 * 1024);

    await page.screenshot({ path: screenshotPath('home-desktop'), fullPage: true });
    await page.close();
  });

  it('renders on a phone-sized screen', async () => {
    const page = await j.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(j.plaza.url, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('site-name').first().isVisible()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screenshotPath('home-mobile'), fullPage: true });
    await page.close();
  });

  it('loads the dashboard as a separate chunk and asks a visitor to sign in', async () => {
    const page = await j.browser.newPage();
    const scripts = new Set<string>();
    page.on('request', (r) => r.resourceType() === 'script' && scripts.add(new URL(r.url()).pathname));
    await page.goto(j.plaza.url, { waitUntil: 'networkidle' });
    const storefrontScripts = new Set(scripts);
    await page.goto(`${j.plaza.url}/admin`, { waitUntil: 'networkidle' });
    const dashboardOnly = [...scripts].filter((s) => !storefrontScripts.has(s));
    expect(dashboardOnly.length).toBeGreaterThan(0);
    // A visitor is asked to sign in as the owner; the gate lives in the dashboard chunk.
    await expect.poll(() => page.getByText('Sign in as the owner', { exact: true }).first().isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('admin-visitor'), fullPage: true });
    await page.close();
  });

  it('serves the hosted sign-in pages unframeable and without referrers', async () => {
    for (const [path, ancestors] of [
      ['/auth/login', "frame-ancestors 'none'"],
      ['/auth/logout', "frame-ancestors 'none'"],
      ['/auth/silent-callback', "frame-ancestors 'self'"],
    ]) {
      const res = await fetch(`${j.plaza.url}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain(ancestors);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
    // Every other page is unframeable too (browser-edge.e2e.ts frames them).
    const home = await fetch(j.plaza.url, { headers: { accept: 'text/html' } });
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('shows a not-found page for unknown storefront paths', async () => {
    const page = await j.browser.newPage();
    const res = await page.goto(`${j.plaza.url}/no/such/page`, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(200); // client-side routing serves index.html
    await expect.poll(async () => (await page.textContent('body')) ?? '').toMatch(/not found/i);
    await page.close();
  });
});
