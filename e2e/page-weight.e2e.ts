import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP } from './support.js';
import { journey } from './journey.js';

// DESIGN §7: the first storefront page ships at most 120 KB of gzipped JS. Checked on the three pages a visitor lands
// on (home, the catalog, a product page), each opened by a brand-new visitor (a fresh browser context, empty cache),
// counting every script the page loads until the network is idle: what only members or owners use must not be there.

const BUDGET = 120 * 1024;

const j = journey();

/**
 * Opens `path` as a new visitor and returns every script it loaded with its gzip size (level 9, as the build
 * precompresses). Gzip of the decoded body, not the bytes on the wire: the server may answer brotli, which is smaller.
 */
async function scriptsOf(path: string, ready: (page: Page) => Promise<unknown>) {
  const context = await j.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const pending: Promise<{ url: string; gzip: number }>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      res.body().then((body) => ({ url: new URL(res.url()).pathname, gzip: gzipSync(body, { level: 9 }).length })),
    );
  });
  await page.goto(j.plaza.url + path, { waitUntil: 'networkidle' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(pending);
  await context.close();
  const total = scripts.reduce((n, s) => n + s.gzip, 0);
  const list = scripts.map((s) => `${s.url} ${(s.gzip / 1024).toFixed(1)} KB`).join(', ');
  console.log(`[page weight] ${path}: ${(total / 1024).toFixed(1)} KB gzip JS (${list})`);
  return { scripts, total };
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();

describe('storefront page weight (gzipped JS, budget 120 KB)', () => {
  it.each([
    ['/', (page: Page) => page.getByTestId('site-name').first().waitFor()],
    ['/products', heading],
    ['/products/blue-stoneware-mug', heading],
  ])('%s loads at most 120 KB of gzipped JS, none of it for members or owners', async (path, ready) => {
    const { scripts, total } = await scriptsOf(path, ready);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((s) => s.gzip > 0)).toBe(true);
    // Owner and member code: the dashboard's media picker, the review form and the sign-in flows (a new visitor has
    // no session for a silent login) load when someone opens them.
    for (const s of scripts) expect(s.url).not.toMatch(/FilePick|ReviewForm|AdminApp|routes-|-login-/);
    expect(total).toBeLessThanOrEqual(BUDGET);
  });
});
