import { describe, expect, it } from 'vitest';
import { call } from '../../test/http.js';
import { latestCode } from '../platform/identity/testing.js';
import { serverSuite } from '../test/suite.js';

// The hosted platform's SDK paths (platform-aliases.ts) answer exactly as Plaza's own: same status, same body, for
// the right caller and the wrong one, good input and bad.

const { srv, c, keys } = serverSuite({ cast: true, keys: { media: ['media'], mailbox: ['mailbox.read'] } });

type Case = [
  method: string,
  alias: string,
  canonical: string,
  auth?: 'visitor' | 'owner' | 'media' | 'none',
  body?: unknown,
];
const cases: Case[] = [
  ['POST', '/_api/iam/authentication/v2/login', '/identity/v2/login', 'visitor', { loginId: {} }],
  ['POST', '/_api/iam/authentication/v2/register', '/identity/v2/register', 'visitor', { password: 7 }],
  ['POST', '/_api/iam/verification/v1/auth/verify', '/identity/v1/auth/verify', 'visitor', { code: 1 }],
  ['POST', '/_api/redirects-api/v1/redirect-session', '/redirects/v1/redirect-session', 'visitor', { bogus: {} }],
  ['POST', '/_api/redirects-api/v1/redirect-session', '/redirects/v1/redirect-session', 'none', {}],
  ['GET', '/v1/recommendations/algorithms', '/ecom/v1/recommendations/algorithms', 'visitor'],
  ['POST', '/v1/recommendations/get', '/ecom/v1/recommendations/get', 'visitor', { items: 'x' }],
  [
    'POST',
    '/back-in-stock-service/v1/back-in-stock-notification-requests',
    '/ecom/v1/back-in-stock-notification-requests',
    'visitor',
    { request: {} },
  ],
  ['GET', '/site-media/v1/files', '/media/v1/files', 'media'],
  ['GET', '/site-media/v1/files?limit=0', '/media/v1/files?limit=0', 'media'],
  ['GET', '/site-media/v1/files', '/media/v1/files', 'none'],
  ['GET', '/site-media/v1/files', '/media/v1/files', 'visitor'],
  ['GET', '/site-media/v1/folders', '/media/v1/folders', 'owner'],
];

function authOf(who: Case[3]): string | undefined {
  if (who === 'media') return keys.media;
  if (who === 'visitor') return c.visitor;
  if (who === 'owner') return c.owner;
  return undefined;
}

const IAM = '/_api/iam/authentication/v2';

describe('the hosted platform paths', () => {
  it.each(cases)('%s %s answers as %s', async (method, alias, canonical, who, body) => {
    const auth = authOf(who);
    const viaAlias = await call(srv.url, method, alias, { auth, body });
    const direct = await call(srv.url, method, canonical, { auth, body });
    expect(viaAlias.status).toBe(direct.status);
    expect(viaAlias.headers.get('content-type')).toMatch(/^application\/json/);
    expect(viaAlias.body).toEqual(direct.body);
  });

  it('signs up, verifies the e-mail and signs in through the aliases', async () => {
    const email = `alias-${Date.now()}@example.com`;
    const password = 'a long enough passphrase 1';
    const auth = { auth: c.visitor };
    const reg = await call<{ state: string; stateToken: string }>(srv.url, 'POST', `${IAM}/register`, {
      ...auth,
      body: { loginId: { email }, password },
    });
    expect(reg.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    const code = await latestCode(srv, keys.mailbox, email);
    const verified = await call<{ state: string }>(srv.url, 'POST', '/_api/iam/verification/v1/auth/verify', {
      ...auth,
      body: { stateToken: reg.body.stateToken, code },
    });
    expect(verified.body.state).toBe('SUCCESS');
    const login = await call<{ state: string }>(srv.url, 'POST', `${IAM}/login`, {
      ...auth,
      body: { loginId: { email }, password },
    });
    expect(login.body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
  });

  it('reaches only what is below the alias, by whole segments', async () => {
    for (const p of ['/site-media/v1/no-such-thing', '/v1/recommendationsx', '/site-mediax/v1/files']) {
      const res = await call(srv.url, 'GET', p, { auth: keys.media });
      expect(res.status, p).toBe(404);
      expect(res.body).toMatchObject({ details: { applicationError: { code: 'NOT_FOUND' } } });
    }
  });

  it('lists the aliases on the canonical operations of /openapi.json, not as operations of their own', async () => {
    const doc = (await (await fetch(`${srv.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { 'x-aliases'?: string[] }>>;
    };
    expect(doc.paths['/ecom/v1/recommendations/algorithms']?.get?.['x-aliases']).toEqual([
      '/v1/recommendations/algorithms',
    ]);
    expect(doc.paths['/identity/v2/login']?.post?.['x-aliases']).toEqual(['/_api/iam/authentication/v2/login']);
    expect(doc.paths['/media/v1/folders/{id}']?.get?.['x-aliases']).toEqual(['/site-media/v1/folders/{id}']);
    expect(doc.paths['/members/v1/members']?.get?.['x-aliases']).toBeUndefined();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/site-media') || p.startsWith('/_api'))).toEqual([]);
  });
});
