import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, storedTokens } from './support.js';
import { journey } from './journey.js';

// SPEC: tokens are shared across tabs (BroadcastChannel) under a cross-tab lock (navigator.locks): N calls in M tabs
// with an expired token cause exactly one refresh. Checked in Chromium with two tabs of one browser.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let sdkPage: string;

const j = journey();
beforeAll(async () => {
  // A bare page with the real SDK, as any headless storefront would use it: nothing is exposed by the web app.
  const result = await build({
    stdin: {
      contents: `
        import { createClient, OAuthStrategy, localStorageAdapter } from '@plaza/sdk';
        import { site } from '@plaza/sdk/site';
        const client = createClient({
          baseUrl: '',
          auth: OAuthStrategy({ clientId: 'plaza-web', storage: localStorageAdapter() }),
          modules: { site },
        });
        window.plazaTest = {
          calls: (n) => Promise.all(Array.from({ length: n }, () => client.site.getSite().then((r) => r.site.name))),
          accessToken: () => client.auth.getTokens().accessToken.value,
        };
        document.body.dataset.ready = 'yes';
      `,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
  });
  const js = result.outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script');
  sdkPage = `<!doctype html><meta charset="utf-8"><title>SDK tabs</title><body><script type="module">${js}</script>`;
});

declare global {
  interface Window {
    plazaTest: { calls(n: number): Promise<string[]>; accessToken(): string };
  }
}

type Seen = { bodies: string[]; keys: (string | undefined)[]; log: string[] };

/** Every request to the token endpoint made by the given pages: its body and Idempotency-Key, and a log of outcomes. */
function countTokenRequests(pages: Page[]): Seen {
  const seen: Seen = { bodies: [], keys: [], log: [] };
  const isToken = (r: Request) => new URL(r.url()).pathname === '/oauth2/token';
  for (const [tab, p] of pages.entries()) {
    p.on('request', (r: Request) => {
      if (!isToken(r)) return;
      seen.bodies.push(r.postData() ?? '');
      seen.keys.push(r.headers()['idempotency-key']);
      seen.log.push(`tab ${tab} sent ${r.postData()?.slice(0, 40)} key ${r.headers()['idempotency-key']}`);
    });
    p.on('response', (r) => {
      if (isToken(r.request())) seen.log.push(`tab ${tab} got ${r.status()}`);
    });
    p.on('requestfailed', (r) => {
      if (isToken(r)) seen.log.push(`tab ${tab} failed: ${r.failure()?.errorText}`);
    });
  }
  return seen;
}

/**
 * Asserts the token requests were one renewal and returns the refresh token it used. The same renewal may be sent
 * twice, always with the token's own Idempotency-Key (the server answers it with the same new refresh token): a retry
 * of an answer lost on a busy machine, or a tab whose copy of localStorage had not yet received the other tab's new
 * tokens when it got the lock (Chromium shares localStorage between processes asynchronously). Never a second renewal
 * with another key, never a new visitor.
 */
function oneRenewal(seen: Seen): string {
  const grants = seen.bodies.map((body) => JSON.parse(body) as { grantType: string; refreshToken: string });
  // On failure: what each tab sent and got, and the server's warnings (a reuse is logged there).
  const story = `${seen.log.join('\n')}\n${j.plaza.output().slice(-3000)}`;
  expect(grants.length, story).toBeGreaterThanOrEqual(1);
  expect(
    grants.map((g) => g.grantType),
    story,
  ).toEqual(grants.map(() => 'refresh_token'));
  expect(new Set(grants.map((g) => g.refreshToken)).size, story).toBe(1);
  expect(new Set(seen.keys).size, story).toBe(1);
  expect(seen.keys[0]).toMatch(/^\d+-\d+-\d+-\d+$/);
  return grants[0]!.refreshToken;
}

/** Makes the stored access token expired (its refresh token stays valid). */
async function expireStoredToken(page: Page): Promise<void> {
  await page.evaluate(() => {
    const t = JSON.parse(localStorage.getItem('plaza.tokens')!) as { accessToken: { expiresAt: number } };
    t.accessToken.expiresAt = Math.floor(Date.now() / 1000) - 60;
    localStorage.setItem('plaza.tokens', JSON.stringify(t));
  });
}

describe('single refresh across tabs, in a real browser', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await j.browser.newContext({ viewport: DESKTOP });
    await context.route(`${j.plaza.url}/e2e/sdk-tabs`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: sdkPage }),
    );
  });
  afterAll(() => context?.close());

  it('two tabs, 20 calls each with an expired token: exactly one refresh', async () => {
    const a = await context.newPage();
    await a.goto(`${j.plaza.url}/e2e/sdk-tabs`);
    await a.waitForSelector('body[data-ready="yes"]', { state: 'attached' });
    // A first call gets a visitor token (anonymous grant) and stores it for both tabs.
    expect(await a.evaluate(() => window.plazaTest.calls(1))).toEqual(['Plaza Demo Store']);
    const before = (await storedTokens(a))!;
    expect(before.refreshToken.role).toBe('visitor');

    await expireStoredToken(a);
    // Both tabs start from the stored, expired token.
    await a.reload();
    const b = await context.newPage();
    await b.goto(`${j.plaza.url}/e2e/sdk-tabs`);
    await Promise.all([a, b].map((p) => p.waitForSelector('body[data-ready="yes"]', { state: 'attached' })));

    const seen = countTokenRequests([a, b]);
    const [namesA, namesB] = await Promise.all([
      a.evaluate(() => window.plazaTest.calls(20)),
      b.evaluate(() => window.plazaTest.calls(20)),
    ]);
    expect(namesA).toHaveLength(20);
    expect(namesB).toHaveLength(20);
    expect(new Set([...namesA, ...namesB])).toEqual(new Set(['Plaza Demo Store']));

    // Exactly one renewal, and it was a refresh of the stored token (not a new visitor).
    expect(oneRenewal(seen)).toBe(before.refreshToken.value);
    // Both tabs settle on the same new access token, and so does the storage (the last answer stored is announced).
    const held = () => Promise.all([a, b].map((p) => p.evaluate(() => window.plazaTest.accessToken())));
    await expect.poll(async () => new Set(await held()).size).toBe(1);
    const [tokenA] = await held();
    expect(tokenA).not.toBe(before.accessToken.value);
    expect((await storedTokens(b))!.accessToken.value).toBe(tokenA);
    await Promise.all([a.close(), b.close()]);
  });

  it('the web app itself: two tabs reloaded with an expired token renew it once', async () => {
    const a = await context.newPage();
    await a.goto(j.plaza.url, { waitUntil: 'networkidle' });
    await a.getByTestId('site-name').first().waitFor();
    await expireStoredToken(a);
    const b = await context.newPage();
    const seen = countTokenRequests([a, b]);
    await Promise.all([a.reload({ waitUntil: 'networkidle' }), b.goto(j.plaza.url, { waitUntil: 'networkidle' })]);
    await Promise.all([a, b].map((p) => p.getByTestId('site-name').first().waitFor()));
    oneRenewal(seen);
    await Promise.all([a.close(), b.close()]);
  });
});
