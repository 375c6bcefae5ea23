import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '@plaza/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { authorizationCode } from '../../test/oauth-code.js';
import { serverSuite } from '../../test/suite.js';
import { appCode, call } from '../../../test/http.js';
import { jwtClaims } from '../../test/jwt.js';

/**
 * A replayed refresh token or authorization code means a credential leaked: the sign-in session it belongs to ends,
 * so every access token of that session (the thief's and the legitimate holder's) is refused at once.
 */

const { srv } = serverSuite();
let redirectUri: string;
beforeAll(async () => {
  redirectUri = `${srv.url}/auth/callback`;
});

const token = (body: Record<string, unknown>) =>
  call<TokenResponse>(srv.url, 'POST', '/oauth2/token', { body: { clientId: srv.clientId, ...body } });
const refresh = (refreshToken: string, idempotencyKey?: string) =>
  call<TokenResponse>(srv.url, 'POST', '/oauth2/token', {
    body: { clientId: srv.clientId, grantType: 'refresh_token', refreshToken },
    ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
  });
const newKey = () => randomBytes(16).toString('hex');
const exchange = (code: string, codeVerifier: string) =>
  token({ grantType: 'authorization_code', code, codeVerifier, redirectUri });
/** A member route the access token must pass the per-request session check for. */
const userinfo = async (accessToken: string) =>
  (await call(srv.url, 'GET', '/oauth2/userinfo', { auth: `Bearer ${accessToken}` })).status;
const message = (body: unknown) => (body as { message: string }).message;

/** A fresh sign-in session of the owner and an authorization code (with its PKCE verifier) issued in it. */
async function codeInNewSession() {
  const { sessionToken } = await srv.signIn();
  const { code, verifier } = await authorizationCode(srv, sessionToken, redirectUri);
  expect(code).toMatch(/^ac_/);
  return { code: code!, verifier };
}

async function memberTokens(): Promise<TokenResponse> {
  const { code, verifier } = await codeInNewSession();
  const res = await exchange(code, verifier);
  expect(res.status).toBe(200);
  return res.body;
}

describe('refresh token reuse', () => {
  it('ends the session: the old and the new access token are refused at once', async () => {
    const first = await memberTokens();
    const second = (await refresh(first.refresh_token)).body;
    expect(await userinfo(first.access_token)).toBe(200);
    expect(await userinfo(second.access_token)).toBe(200);

    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(400);
    expect(appCode(replay.body)).toBe('invalid_grant');
    expect(message(replay.body)).toMatch(/already used.*session.*revoked/);

    expect(await userinfo(first.access_token)).toBe(401);
    expect(await userinfo(second.access_token)).toBe(401);
    expect((await refresh(second.refresh_token)).status).toBe(400);
  });

  it('ends only that session: the member stays signed in elsewhere', async () => {
    const stolen = await memberTokens();
    const otherDevice = await memberTokens();
    await refresh(stolen.refresh_token);
    await refresh(stolen.refresh_token);
    expect(await userinfo(stolen.access_token)).toBe(401);
    expect(await userinfo(otherDevice.access_token)).toBe(200);
    expect((await refresh(otherDevice.refresh_token)).status).toBe(200);
  });

  it('ends the session when two uses race, whichever wins', async () => {
    const first = await memberTokens();
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(first.refresh_token)));
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    expect(await userinfo(first.access_token)).toBe(401);
    for (const r of results) if (r.status === 200) expect(await userinfo(r.body.access_token)).toBe(401);
  });

  it('revokes a visitor family (no session): its refresh tokens stop working', async () => {
    const a = (await token({ grantType: 'anonymous' })).body;
    const b = (await refresh(a.refresh_token)).body;
    expect((await refresh(a.refresh_token)).status).toBe(400);
    const afterReuse = await refresh(b.refresh_token);
    expect(afterReuse.status).toBe(400);
    expect(message(afterReuse.body)).toMatch(/revoked/);
  });

  it('refuses the visitor’s access tokens at once, old and new, as a member’s', async () => {
    const site = async (accessToken: string) =>
      (await call(srv.url, 'GET', '/site/v1/site', { auth: `Bearer ${accessToken}` })).status;
    const first = (await token({ grantType: 'anonymous' })).body;
    const second = (await refresh(first.refresh_token)).body;
    const bystander = (await token({ grantType: 'anonymous' })).body;
    expect(await site(first.access_token)).toBe(200);
    expect(await site(second.access_token)).toBe(200);

    expect((await refresh(first.refresh_token)).status).toBe(400);
    expect(await site(first.access_token)).toBe(401);
    expect(await site(second.access_token)).toBe(401);
    // Another visitor is not touched.
    expect(await site(bystander.access_token)).toBe(200);
  });
});

describe('a retried refresh (same Idempotency-Key) after a lost answer', () => {
  it('gets the same new refresh token again and keeps the member signed in', async () => {
    const first = await memberTokens();
    const key = newKey();
    const answered = await refresh(first.refresh_token, key);
    expect(answered.status).toBe(200);
    // The answer was lost on the way: the client sends the same refresh again.
    const retried = await refresh(first.refresh_token, key);
    expect(retried.status).toBe(200);
    expect(retried.body.refresh_token).toBe(answered.body.refresh_token);
    expect(await userinfo(retried.body.access_token)).toBe(200);
    expect(await userinfo(answered.body.access_token)).toBe(200);
    // The chain goes on from there, and the new token still works once.
    const next = await refresh(retried.body.refresh_token, newKey());
    expect(next.status).toBe(200);
    expect((await refresh(retried.body.refresh_token)).status).toBe(400);
  });

  it('keeps a visitor (and their cart) too', async () => {
    const a = (await token({ grantType: 'anonymous' })).body;
    const key = newKey();
    const b = await refresh(a.refresh_token, key);
    const again = await refresh(a.refresh_token, key);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(b.body.refresh_token);
    const sub = (t: string) => jwtClaims(t).sub;
    expect(sub(again.body.access_token)).toBe(sub(a.access_token));
  });

  it('is still reuse with another key, or without one: the session ends', async () => {
    for (const replayKey of [newKey(), undefined]) {
      const first = await memberTokens();
      const answered = (await refresh(first.refresh_token, newKey())).body;
      const replay = await refresh(first.refresh_token, replayKey);
      expect(replay.status).toBe(400);
      expect(message(replay.body)).toMatch(/already used/);
      expect(await userinfo(answered.access_token)).toBe(401);
    }
  });

  it('is reuse once the new token has been used: the answer was not lost', async () => {
    const first = await memberTokens();
    const key = newKey();
    const second = (await refresh(first.refresh_token, key)).body;
    const third = (await refresh(second.refresh_token, newKey())).body;
    const late = await refresh(first.refresh_token, key);
    expect(late.status).toBe(400);
    expect(await userinfo(third.access_token)).toBe(401);
  });

  it('refuses a malformed key, naming the header', async () => {
    const a = (await token({ grantType: 'anonymous' })).body;
    const res = await refresh(a.refresh_token, 'short');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Idempotency-Key');
    // Nothing was used up: the token still works.
    expect((await refresh(a.refresh_token)).status).toBe(200);
  });
});

describe('authorization code reuse', () => {
  it('ends the session the code was issued in: the tokens from the first exchange are refused at once', async () => {
    const { code, verifier } = await codeInNewSession();
    const first = (await exchange(code, verifier)).body;
    expect(await userinfo(first.access_token)).toBe(200);
    const refreshed = (await refresh(first.refresh_token)).body;

    const replay = await exchange(code, verifier);
    expect(replay.status).toBe(400);
    expect(appCode(replay.body)).toBe('invalid_grant');

    expect(await userinfo(first.access_token)).toBe(401);
    expect(await userinfo(refreshed.access_token)).toBe(401);
    expect((await refresh(refreshed.refresh_token)).status).toBe(400);
  });
});

describe('the retry window', () => {
  let late: TestServer;
  let now = Date.now();
  beforeAll(async () => {
    late = await startTestServer({ clock: () => new Date(now) });
  });
  afterAll(() => late?.close());

  it('closes after two minutes: a retry that late counts as reuse', async () => {
    const send = (body: Record<string, unknown>, key?: string) =>
      call<TokenResponse>(late.url, 'POST', '/oauth2/token', {
        body: { clientId: late.clientId, ...body },
        ...(key ? { headers: { 'idempotency-key': key } } : {}),
      });
    const a = (await send({ grantType: 'anonymous' })).body;
    const key = newKey();
    const b = (await send({ grantType: 'refresh_token', refreshToken: a.refresh_token }, key)).body;
    now += 121_000;
    const retry = await send({ grantType: 'refresh_token', refreshToken: a.refresh_token }, key);
    expect(retry.status).toBe(400);
    expect((await send({ grantType: 'refresh_token', refreshToken: b.refresh_token })).status).toBe(400);
  });
});
