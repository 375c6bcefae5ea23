import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { expect } from 'vitest';
import type { Cart, LoginResponse, Member, Site } from '@plaza/contracts';
import { appCode, call } from '../http.js';
import { visitorToken } from './load.js';
import { tokensForSession } from './shop.js';

// State every node must share, used through different nodes on purpose: settings, a visitor's cart, a member's
// session and the failed-login counts.

/** platform/site/service.ts caches the site settings on each node for 2 s: the bound another node's change shows in. */
export const SITE_CACHE_TTL_MS = 2_000;

/**
 * Renames the site on `urls[0]` and reads it on every node until each shows the new name. Every read that started
 * more than the bound after the change was acknowledged must show it. Returns when the last node showed it (ms).
 */
export async function settingsSpread(urls: string[], owner: string): Promise<number> {
  const name = `Renamed ${Date.now()}`;
  const patch = await call<{ site: Site }>(urls[0]!, 'PATCH', '/site/v1/site', {
    auth: owner,
    body: { site: { name }, fieldMask: { paths: ['name'] } },
  });
  expect(patch.status, JSON.stringify(patch.body)).toBe(200);
  const acked = Date.now();
  const seen = await Promise.all(
    urls.map(async (url) => {
      let first: number | undefined;
      for (;;) {
        const started = Date.now();
        const res = await call<{ site: Site }>(url, 'GET', '/site/v1/site', { auth: owner });
        expect(res.status).toBe(200);
        if (res.body.site.name === name) first ??= Date.now() - acked;
        else expect(started - acked, `${url} still showed the old name`).toBeLessThanOrEqual(SITE_CACHE_TTL_MS);
        if (first !== undefined && Date.now() - acked > SITE_CACHE_TTL_MS + 200) return first;
        await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
  return Math.max(...seen);
}

const line = (productId: string, quantity: number) => ({
  catalogReference: { appId: 'plaza-catalog', catalogItemId: productId },
  quantity,
});

/** A visitor's cart: made on node A, read on B, added to on C, read again on A. */
export async function cartAcrossNodes([a, b, c]: string[], clientId: string, productId: string): Promise<void> {
  const auth = await visitorToken(a!, clientId);
  const made = await call<{ cart: Cart }>(a!, 'POST', '/ecom/v1/carts/current/add-to-cart', {
    auth,
    body: { lineItems: [line(productId, 1)] },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const read = await call<{ cart: Cart }>(b!, 'GET', '/ecom/v1/carts/current', { auth });
  expect(read.body.cart.id).toBe(made.body.cart.id);
  const added = await call<{ cart: Cart }>(c!, 'POST', '/ecom/v1/carts/current/add-to-cart', {
    auth,
    body: { lineItems: [line(productId, 2)] },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const again = await call<{ cart: Cart }>(a!, 'GET', '/ecom/v1/carts/current', { auth });
  expect(again.body.cart.id).toBe(made.body.cart.id);
  expect(again.body.cart.lineItems.reduce((n, l) => n + l.quantity, 0)).toBe(3);
}

/**
 * A member signs up on A and verifies the e-mailed code on B; the code flow runs over C, A and B; the member reads
 * themself on C, changes their slug on A and sees it on B, then refreshes the token on C. Returns the e-mail.
 */
export async function memberAcrossNodes(
  [a, b, c]: string[],
  clientId: string,
  publicUrl: string,
  codeMailedTo: (email: string) => Promise<string>,
  password: string,
): Promise<string> {
  const email = `member.${Date.now().toString(36)}@example.com`;
  const reg = await call<LoginResponse>(a!, 'POST', '/identity/v2/register', {
    body: { loginId: { email }, password },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const verified = await call<LoginResponse>(b!, 'POST', '/identity/v1/auth/verify', {
    body: { stateToken: reg.body.stateToken, code: await codeMailedTo(email) },
  });
  expect(verified.body.state, JSON.stringify(verified.body)).toBe('SUCCESS');
  const tokens = await tokensForSession([c!, a!, b!], clientId, publicUrl, verified.body.sessionToken!);
  const auth = `Bearer ${tokens.access_token}`;
  const me = await call<{ member: Member }>(c!, 'GET', '/members/v1/members/my', { auth });
  expect(me.status, JSON.stringify(me.body)).toBe(200);
  const slug = `scale-${Date.now().toString(36)}`;
  expect((await call(a!, 'POST', '/members/v1/members/my/slug', { auth, body: { slug } })).status).toBe(200);
  const after = await call<{ member: Member }>(b!, 'GET', '/members/v1/members/my', { auth });
  expect(after.body.member.slug).toBe(slug);
  const refreshed = await call(c!, 'POST', '/oauth2/token', {
    body: { grantType: 'refresh_token', clientId, refreshToken: tokens.refresh_token },
  });
  expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
  return email;
}

/** A solved ALTCHA proof, as the sign-in page's widget sends it. */
async function solvedCaptcha(url: string): Promise<string> {
  const challenge = (await call<Challenge>(url, 'GET', '/identity/v1/captcha/challenge')).body;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('captcha: no solution');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * Ten wrong passwords for one account through the load balancer (so spread over the nodes), as the default policy
 * and platform/identity/throttle.ts say: 5 failures, then a captcha is asked for (-19971) and with it 5 more are
 * counted, and the 10th locks the account at this address: 429 TOO_MANY_ATTEMPTS with Retry-After, even for the right
 * password. Returns the nodes that answered the failures.
 */
export async function throttleAcrossNodes(url: string, email: string, password: string): Promise<Set<string>> {
  const nodes = new Set<string>();
  const login = async (pw: string, captcha?: string) => {
    const res = await call(url, 'POST', '/identity/v2/login', {
      body: { loginId: { email }, password: pw, ...(captcha ? { captchaTokens: [{ Recaptcha: captcha }] } : {}) },
    });
    nodes.add(res.headers.get('x-plaza-upstream') ?? '?');
    return res;
  };
  for (let i = 1; i <= 5; i++) expect(appCode((await login(`wrong ${i}`)).body), `failure ${i}`).toBe('-19976');
  expect(appCode((await login('wrong 6')).body)).toBe('-19971');
  for (let i = 6; i <= 10; i++) {
    const res = await login(`wrong ${i}`, await solvedCaptcha(url));
    expect(appCode(res.body), `failure ${i}`).toBe('-19976');
  }
  const locked = await login(password, await solvedCaptcha(url));
  expect(locked.status).toBe(429);
  expect(appCode(locked.body)).toBe('TOO_MANY_ATTEMPTS');
  expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
  return nodes;
}
