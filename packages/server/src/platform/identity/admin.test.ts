import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Identity, SignOnResponse } from '@plaza/contracts';
import { appCode, call, violations } from '../../../test/http.js';
import { consumeSessionToken } from './sessions.service.js';
import { identities } from './tables.js';
import { members } from '../members/tables.js';
import { activeIdentity, identitySuite, login, memberTokens, newEmail, register, setPolicy } from './testing.js';

const { srv, keys } = identitySuite({ policy: { emailVerificationRequired: false, captchaMode: 'NEVER' } });
let owner: string;
let member: string;
const password = 'admin test password';

beforeAll(async () => {
  owner = (await memberTokens(srv)).access;
  const plain = newEmail('plain');
  await activeIdentity(srv, keys, plain, password);
  member = (await memberTokens(srv, plain)).access;
});

type List = { identities: Identity[]; metadata: { count: number; offset: number; total: number } };
const list = (auth: string | undefined, query = '') =>
  call<List>(srv.url, 'GET', `/identity/v1/identities${query}`, auth ? { auth } : {});
const act = (auth: string, id: string, action: 'approve' | 'reject') =>
  call<{ identity: Identity }>(srv.url, 'POST', `/identity/v1/identities/${id}/${action}`, { auth });

async function applicant(): Promise<{ email: string; id: string }> {
  await setPolicy(srv, keys.site, { ownerApprovalRequired: true });
  try {
    const email = newEmail('applicant');
    const res = await register(srv, { loginId: { email }, password });
    expect(res.body.state).toBe('REQUIRE_OWNER_APPROVAL');
    return { email, id: res.body.identity.id };
  } finally {
    await setPolicy(srv, keys.site, { ownerApprovalRequired: false });
  }
}

describe('GET /identity/v1/identities', () => {
  it('lists pending identities, newest first and paged, to the owner and identity.manage keys', async () => {
    const a = await applicant();
    const b = await applicant();
    const res = await list(owner, '?status=PENDING&paging.limit=1');
    expect(res.status).toBe(200);
    expect(res.body.identities.map((i) => i.id)).toEqual([b.id]);
    expect(res.body.metadata).toMatchObject({ count: 1, offset: 0 });
    expect(res.body.metadata.total).toBeGreaterThanOrEqual(2);
    const next = await list(keys.identity, '?status=PENDING&paging.limit=1&paging.offset=1');
    expect(next.body.identities.map((i) => i.id)).toEqual([a.id]);
    const all = await list(owner);
    expect(all.body.identities.some((i) => i.status.name === 'ACTIVE')).toBe(true);
  });

  it('refuses other callers and bad queries', async () => {
    expect((await list(undefined)).status).toBe(401);
    expect((await list(member)).status).toBe(403);
    expect((await list(`Bearer ${await srv.visitorToken()}`)).status).toBe(403);
    expect((await list(await srv.createApiKey(['mailbox.read']))).status).toBe(403);
    expect(violations((await list(owner, '?status=WAITING')).body)).toEqual(['status:INVALID_ENUM_VALUE']);
    expect(violations((await list(owner, '?paging.limit=1000')).body)).toEqual(['paging.limit:MAX']);
  });
});

describe('POST /identity/v1/identities/{id}/approve and /reject', () => {
  it('approves: the identity becomes ACTIVE, its member APPROVED, and login succeeds', async () => {
    const { email, id } = await applicant();
    const res = await act(owner, id, 'approve');
    expect(res.status).toBe(200);
    expect(res.body.identity).toMatchObject({ id, status: { name: 'ACTIVE', reasons: [] }, revision: '2' });
    const [m] = await srv.database.db.select().from(members).where(eq(members.id, id));
    expect(m!.status).toBe('APPROVED');
    expect((await login(srv, { loginId: { email }, password })).body.state).toBe('SUCCESS');
    const again = await act(owner, id, 'approve');
    expect(again.status).toBe(409);
    expect((again.body as unknown as { message: string }).message).toBe(
      "Identity is ACTIVE, not waiting for approval: it can't go to ACTIVE",
    );
  });

  it('keeps an approved identity pending while its e-mail still needs verifying', async () => {
    await setPolicy(srv, keys.site, { emailVerificationRequired: true, ownerApprovalRequired: true });
    try {
      const res = await register(srv, { loginId: { email: newEmail('both') }, password });
      const approved = await act(keys.identity, res.body.identity.id, 'approve');
      expect(approved.body.identity.status).toEqual({ name: 'PENDING', reasons: ['EMAIL_VERIFICATION_REQUIRED'] });
    } finally {
      await setPolicy(srv, keys.site, { emailVerificationRequired: false, ownerApprovalRequired: false });
    }
  });

  it('rejects: identity and member are BLOCKED and login says so', async () => {
    const { email, id } = await applicant();
    const res = await act(keys.identity, id, 'reject');
    expect(res.status).toBe(200);
    expect(res.body.identity.status).toEqual({ name: 'BLOCKED', reasons: [] });
    const [m] = await srv.database.db.select().from(members).where(eq(members.id, id));
    expect(m!.status).toBe('BLOCKED');
    expect(appCode((await login(srv, { loginId: { email }, password })).body)).toBe('IDENTITY_BLOCKED');
  });

  it('refuses other callers, unknown ids and bad ids without changing anything', async () => {
    const { id } = await applicant();
    expect((await call(srv.url, 'POST', `/identity/v1/identities/${id}/approve`)).status).toBe(401);
    expect((await act(member, id, 'approve')).status).toBe(403);
    expect((await act(await srv.createApiKey(['members']), id, 'reject')).status).toBe(403);
    const [row] = await srv.database.db.select().from(identities).where(eq(identities.id, id));
    expect(row!.status).toBe('PENDING');
    expect((await act(owner, '0190a3b2-0000-7000-8000-000000000000', 'approve')).status).toBe(404);
    expect(violations((await act(owner, 'not-a-uuid', 'approve')).body)).toEqual(['id:FORMAT']);
  });
});

describe('POST /identity/v2/sign-on', () => {
  const signOn = (auth: string | undefined, body: Record<string, unknown>) =>
    call<SignOnResponse>(srv.url, 'POST', '/identity/v2/sign-on', { ...(auth ? { auth } : {}), body });

  it('creates an identity without a password and returns a session token for it', async () => {
    const email = newEmail('signon');
    const res = await signOn(keys.identity, {
      loginId: { email },
      profile: { firstName: 'Back', nickname: 'Office' },
      verifyEmail: true,
      mergeExistingContact: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.identity).toMatchObject({
      email: { address: email, isVerified: true },
      status: { name: 'ACTIVE', reasons: [] },
      identityProfile: { firstName: 'Back', nickname: 'Office' },
    });
    const session = await consumeSessionToken(srv.ctx(), res.body.sessionToken);
    expect(session).toMatchObject({ identityId: res.body.identity.id, amr: ['sign-on'] });
    // No password was set, so a password login can't succeed.
    expect(appCode((await login(srv, { loginId: { email }, password: 'anything at all' })).body)).toBe('-19976');
  });

  it('finds an existing identity, verifying its e-mail when asked', async () => {
    await setPolicy(srv, keys.site, { emailVerificationRequired: true });
    const email = newEmail('existing');
    const reg = await register(srv, { loginId: { email }, password });
    await setPolicy(srv, keys.site, { emailVerificationRequired: false });
    const res = await signOn(owner, { loginId: { email: email.toUpperCase() }, verifyEmail: true });
    expect(res.status).toBe(200);
    expect(res.body.identity).toMatchObject({
      id: reg.body.identity.id,
      email: { isVerified: true },
      status: { name: 'ACTIVE' },
    });
  });

  it('refuses blocked identities, other callers and bad input', async () => {
    const { id, email } = await applicant();
    await act(owner, id, 'reject');
    expect(appCode((await signOn(keys.identity, { loginId: { email } })).body)).toBe('IDENTITY_BLOCKED');
    const body = { loginId: { email: newEmail('nobody') } };
    expect((await signOn(undefined, body)).status).toBe(401);
    expect((await signOn(member, body)).status).toBe(403);
    expect((await signOn(await srv.createApiKey(['site.manage']), body)).status).toBe(403);
    const bad = await signOn(keys.identity, { loginId: { email: 'nope' } });
    expect(violations(bad.body)).toEqual(['loginId.email:FORMAT']);
    expect(
      violations((await signOn(keys.identity, { loginId: { email: 'a@b.co' }, verifyEmail: 'yes' })).body),
    ).toEqual(['verifyEmail:FORMAT']);
  });
});
