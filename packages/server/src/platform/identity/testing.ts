import type { ErrorBody, LoginResponse, MailMessage, SignInPolicy } from '@plaza/contracts';
import { beforeAll, beforeEach } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import { serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { issueMemberTokens } from '../oauth/code-grant.service.js';
import { totpCode, totpStep } from './totp.js';

/** Test helpers for the sign-in tests: everything goes through the real HTTP API except minting member tokens. */

export interface Keys {
  mailbox: string;
  site: string;
  identity: string;
}

export async function testKeys(srv: TestServer): Promise<Keys> {
  return {
    mailbox: await srv.createApiKey(['mailbox.read']),
    site: await srv.createApiKey(['site.manage']),
    identity: await srv.createApiKey(['identity.manage']),
  };
}

let seq = 0;
/** A unique address per call, so tests in one file never collide. */
export const newEmail = (tag = 'user') => `${tag}.${Date.now().toString(36)}.${++seq}@example.com`;

export async function setPolicy(srv: TestServer, key: string, policy: Partial<SignInPolicy>): Promise<void> {
  const res = await call(srv.url, 'PATCH', '/site/v1/site', {
    auth: key,
    body: {
      site: { signInPolicy: policy },
      fieldMask: { paths: Object.keys(policy).map((k) => `signInPolicy.${k}`) },
    },
  });
  if (res.status !== 200) throw new Error(`setPolicy: ${res.status} ${JSON.stringify(res.body)}`);
}

/** One recipient's dev mailbox, newest first, read through the route the e2e tests use. */
export async function mailbox(srv: TestServer, key: string, to: string): Promise<MailMessage[]> {
  const res = await call<{ messages: MailMessage[] }>(srv.url, 'GET', `/dev/v1/mailbox?to=${encodeURIComponent(to)}`, {
    auth: key,
  });
  if (res.status !== 200) throw new Error(`mailbox: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.messages;
}

/** The six-digit code of the newest message to `to`. */
export async function latestCode(srv: TestServer, key: string, to: string): Promise<string> {
  const [m] = await mailbox(srv, key, to);
  const code = m && /\b(\d{6})\b/.exec(m.text)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

export const register = (srv: TestServer, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call<LoginResponse>(srv.url, 'POST', '/identity/v2/register', { body, headers });

export const login = (srv: TestServer, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call<LoginResponse>(srv.url, 'POST', '/identity/v2/login', { body, headers });

export const verify = (srv: TestServer, stateToken: string, code: string) =>
  call<LoginResponse>(srv.url, 'POST', '/identity/v1/auth/verify', { body: { stateToken, code } });

/** Registers and verifies an identity (under the default policy), returning its id. */
export async function activeIdentity(srv: TestServer, keys: Keys, email: string, password: string): Promise<string> {
  const reg = await register(srv, { loginId: { email }, password });
  if (reg.status !== 200) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  if (reg.body.state === 'SUCCESS') return reg.body.identity.id;
  const done = await verify(srv, reg.body.stateToken!, await latestCode(srv, keys.mailbox, email));
  if (done.status !== 200) throw new Error(`verify: ${done.status} ${JSON.stringify(done.body)}`);
  return done.body.identity.id;
}

/** A member access and refresh token on a new session of the identity with this e-mail. */
export async function memberTokens(srv: TestServer, email?: string) {
  const { identityId, sessionId } = await srv.signIn(email);
  const t = await issueMemberTokens(srv.ctx(), { clientId: srv.clientId, identityId, sessionId });
  return { identityId, sessionId, access: `Bearer ${t.access_token}`, refresh: t.refresh_token };
}

export const refresh = (srv: TestServer, refreshToken: string) =>
  call(srv.url, 'POST', '/oauth2/token', {
    body: { grantType: 'refresh_token', clientId: srv.clientId, refreshToken },
  });

/** `details.applicationError.data` of an error body. */
export const appData = (body: unknown) => (body as ErrorBody).details?.applicationError?.data;

export interface IdentitySuiteOptions {
  /** The sign-in policy set before the first test. */
  policy?: Partial<SignInPolicy>;
  env?: Record<string, string>;
  /** Put the clock back to real time before each test (TOTP suites keep it: their codes only move forward). */
  resetClock?: boolean;
}

/**
 * The start of the sign-in suites: a server whose `clock` runs ahead of real time by what a test sets (`aheadBy`) or
 * adds (`advance`), and the identity API `keys`, filled in before the first test with `policy` set.
 */
export function identitySuite(opts: IdentitySuiteOptions = {}) {
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const { srv } = serverSuite({ clock, ...(opts.env ? { env: opts.env } : {}) });
  const keys = {} as Keys;
  beforeAll(async () => {
    Object.assign(keys, await testKeys(srv));
    if (opts.policy) await setPolicy(srv, keys.site, opts.policy);
  });
  if (opts.resetClock) beforeEach(() => void (offset = 0));
  return {
    srv,
    keys,
    clock,
    aheadBy: (ms: number) => void (offset = ms),
    advance: (ms: number) => void (offset += ms),
  };
}

/**
 * The suite of the TOTP tests: captcha off, and the clock moves on to the next 30-second step (`nextStep`); the
 * server sits behind a trusted proxy, so X-Forwarded-For gives each request the client address the test wants.
 */
export function totpSuite() {
  const suite = identitySuite({ policy: { captchaMode: 'NEVER' }, env: { PLAZA_TRUST_PROXY: 'true' } });
  return {
    ...suite,
    nextStep: () => suite.advance(30_000),
    codeNow: (secret: string) => totpCode(secret, totpStep(suite.clock())),
  };
}
