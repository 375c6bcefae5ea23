import { describe, expect, it } from 'vitest';
import { appCode, call, violations } from '../../../test/http.js';
import {
  activeIdentity,
  identitySuite,
  latestCode,
  mailbox,
  memberTokens,
  newEmail,
  register,
  setPolicy,
  verify,
  appData,
} from './testing.js';

const { srv, keys, aheadBy } = identitySuite({ resetClock: true });
const password = 'verification password';

const resend = (stateToken: string) => call(srv.url, 'POST', '/identity/v1/auth/resend', { body: { stateToken } });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function pending() {
  const email = newEmail('verify');
  const res = await register(srv, { loginId: { email }, password });
  return { email, stateToken: res.body.stateToken!, code: await latestCode(srv, keys.mailbox, email) };
}

describe('POST /identity/v1/auth/verify', () => {
  it('verifies the e-mail, activates the identity and answers SUCCESS with a session token', async () => {
    const { email, stateToken, code } = await pending();
    const res = await verify(srv, stateToken, code);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'SUCCESS',
      identity: { email: { address: email, isVerified: true }, status: { name: 'ACTIVE', reasons: [] }, revision: '2' },
    });
    expect(res.body.sessionToken).toMatch(/^st_/);
  });

  it('answers REQUIRE_OWNER_APPROVAL after verifying when the owner approves members', async () => {
    await setPolicy(srv, keys.site, { ownerApprovalRequired: true });
    try {
      const { stateToken, code } = await pending();
      const res = await verify(srv, stateToken, code);
      expect(res.body).toMatchObject({
        state: 'REQUIRE_OWNER_APPROVAL',
        identity: { email: { isVerified: true }, status: { name: 'PENDING', reasons: ['ADMIN_APPROVAL_REQUIRED'] } },
      });
      expect(res.body.sessionToken).toBeUndefined();
    } finally {
      await setPolicy(srv, keys.site, { ownerApprovalRequired: false });
    }
  });

  it('works once', async () => {
    const { stateToken, code } = await pending();
    expect((await verify(srv, stateToken, code)).status).toBe(200);
    const again = await verify(srv, stateToken, code);
    expect(again.status).toBe(404);
    expect(appCode(again.body)).toBe('NOT_FOUND');
  });

  it('answers BAD_CODE with the tries left, and kills the code after 5 wrong tries', async () => {
    const { stateToken, code } = await pending();
    for (let left = 4; left >= 0; left--) {
      const res = await verify(srv, stateToken, wrong(code));
      expect(res.status).toBe(400);
      expect(appCode(res.body)).toBe('BAD_CODE');
      expect(appData(res.body)).toEqual({
        attemptsLeft: left,
      });
    }
    const right = await verify(srv, stateToken, code);
    expect(right.status).toBe(404);
    expect(appCode(right.body)).toBe('NOT_FOUND');
  });

  it('counts concurrent wrong tries exactly (no more than 5 guesses get through)', async () => {
    const { stateToken, code } = await pending();
    const results = await Promise.all(Array.from({ length: 8 }, () => verify(srv, stateToken, wrong(code))));
    expect(results.filter((r) => appCode(r.body) === 'BAD_CODE')).toHaveLength(5);
    expect(results.filter((r) => appCode(r.body) === 'NOT_FOUND')).toHaveLength(3);
  });

  it('expires codes after 10 minutes', async () => {
    const { stateToken, code } = await pending();
    aheadBy(10 * 60_000 + 1000);
    const res = await verify(srv, stateToken, code);
    expect(res.status).toBe(404);
    expect(appCode(res.body)).toBe('NOT_FOUND');
  });

  it('binds a code to its state token', async () => {
    const a = await pending();
    const b = await pending();
    const res = await verify(srv, b.stateToken, a.code === b.code ? wrong(a.code) : a.code);
    expect(appCode(res.body)).toBe('BAD_CODE');
    expect((await verify(srv, b.stateToken, b.code)).status).toBe(200);
  });

  it.each([
    [{ stateToken: 'vs_x' }, 'code:REQUIRED_FIELD'],
    [{ code: '123456' }, 'stateToken:REQUIRED_FIELD'],
    [{ code: '', stateToken: 'vs_x' }, 'code:MIN_LENGTH'],
  ])('rejects %j with %s', async (body, expected) => {
    const res = await call(srv.url, 'POST', '/identity/v1/auth/verify', { body });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toContain(expected);
  });

  it('answers NOT_FOUND for an unknown state token', async () => {
    const res = await verify(srv, 'vs_unknown', '123456');
    expect(res.status).toBe(404);
    expect(appCode(res.body)).toBe('NOT_FOUND');
  });
});

describe('POST /identity/v1/auth/resend', () => {
  it('mails a new code at most every 30 s; the old code stops working', async () => {
    const { email, stateToken, code } = await pending();
    const soon = await resend(stateToken);
    expect(soon.status).toBe(429);
    expect(appCode(soon.body)).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(soon.headers.get('retry-after'))).toBeLessThanOrEqual(30);

    aheadBy(31_000);
    const res = await resend(stateToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const messages = await mailbox(srv, keys.mailbox, email);
    expect(messages).toHaveLength(2);
    const fresh = await latestCode(srv, keys.mailbox, email);
    if (fresh !== code) expect(appCode((await verify(srv, stateToken, code)).body)).toBe('BAD_CODE');
    expect((await verify(srv, stateToken, fresh)).body.state).toBe('SUCCESS');
  });

  it('gives up after 5 codes for one state', async () => {
    const { stateToken } = await pending();
    for (let i = 1; i < 5; i++) {
      aheadBy(i * 31_000);
      expect((await resend(stateToken)).status).toBe(200);
    }
    aheadBy(5 * 31_000);
    const res = await resend(stateToken);
    expect(res.status).toBe(429);
  });

  it('answers NOT_FOUND for an unknown or finished state, and 400 without a token', async () => {
    expect(appCode((await resend('vs_nope')).body)).toBe('NOT_FOUND');
    const { stateToken, code } = await pending();
    await verify(srv, stateToken, code);
    aheadBy(31_000);
    expect(appCode((await resend(stateToken)).body)).toBe('NOT_FOUND');
    expect(violations((await call(srv.url, 'POST', '/identity/v1/auth/resend', { body: {} })).body)).toEqual([
      'stateToken:REQUIRED_FIELD',
    ]);
  });
});

describe('POST /identity/v1/Start and /identity/v1/activation-email', () => {
  async function unverifiedId() {
    const email = newEmail('start');
    const res = await register(srv, { loginId: { email }, password });
    return { email, id: res.body.identity.id };
  }

  it('starts a verification for an API key: the code mailed to the identity verifies it', async () => {
    const { email, id } = await unverifiedId();
    const res = await call<{ stateToken: string }>(srv.url, 'POST', '/identity/v1/Start', {
      auth: keys.identity,
      body: { identityId: id, target: 'EMAIL' },
    });
    expect(res.status).toBe(200);
    expect(res.body.stateToken).toMatch(/^vs_/);
    const done = await verify(srv, res.body.stateToken, await latestCode(srv, keys.mailbox, email));
    expect(done.body).toMatchObject({ state: 'SUCCESS', identity: { id, email: { isVerified: true } } });
  });

  it('mails an activation link that carries the state token and the code', async () => {
    const { email, id } = await unverifiedId();
    const res = await call(srv.url, 'POST', '/identity/v1/activation-email', {
      auth: keys.identity,
      body: { identityId: id, emailOptions: { redirectUrl: `${srv.url}/welcome?from=mail` } },
    });
    expect(res.status).toBe(200);
    const [mail] = await mailbox(srv, keys.mailbox, email);
    expect(mail).toMatchObject({ template: 'ACTIVATION', subject: 'Activate your Plaza Demo Store account' });
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    expect(link.pathname).toBe('/welcome');
    expect(link.searchParams.get('from')).toBe('mail');
    expect(mail!.html).toContain(link.toString().replaceAll('&', '&amp;'));
    const done = await verify(srv, link.searchParams.get('stateToken')!, link.searchParams.get('code')!);
    expect(done.body.state).toBe('SUCCESS');
  });

  it('lets the owner call them, and refuses everyone else', async () => {
    const { id } = await unverifiedId();
    const owner = await memberTokens(srv);
    const plain = newEmail('plain');
    await activeIdentity(srv, keys, plain, password);
    const member = await memberTokens(srv, plain);
    const body = { identityId: id, target: 'EMAIL' };
    expect((await call(srv.url, 'POST', '/identity/v1/Start', { auth: owner.access, body })).status).toBe(200);
    expect((await call(srv.url, 'POST', '/identity/v1/Start', { body })).status).toBe(401);
    expect((await call(srv.url, 'POST', '/identity/v1/Start', { auth: member.access, body })).status).toBe(403);
    const visitor = `Bearer ${await srv.visitorToken()}`;
    expect((await call(srv.url, 'POST', '/identity/v1/Start', { auth: visitor, body })).status).toBe(403);
    const other = await srv.createApiKey(['members']);
    const denied = await call(srv.url, 'POST', '/identity/v1/activation-email', {
      auth: other,
      body: { identityId: id },
    });
    expect(denied.status).toBe(403);
    expect(denied.body).not.toHaveProperty('stateToken');
  });

  it('answers 404 for an unknown identity and 400 for a bad target', async () => {
    const unknown = await call(srv.url, 'POST', '/identity/v1/Start', {
      auth: keys.identity,
      body: { identityId: '0190a3b2-0000-7000-8000-000000000000', target: 'EMAIL' },
    });
    expect(unknown.status).toBe(404);
    const bad = await call(srv.url, 'POST', '/identity/v1/Start', {
      auth: keys.identity,
      body: { identityId: 'nope', target: 'SMS' },
    });
    expect(violations(bad.body).sort()).toEqual(['identityId:FORMAT', 'target:INVALID_ENUM_VALUE']);
    const link = await call(srv.url, 'POST', '/identity/v1/activation-email', {
      auth: keys.identity,
      body: { identityId: '0190a3b2-0000-7000-8000-000000000000', emailOptions: { redirectUrl: 'not a url' } },
    });
    expect(violations(link.body)).toEqual(['emailOptions.redirectUrl:FORMAT']);
  });
});
