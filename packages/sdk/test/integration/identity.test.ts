/**
 * The identity module's back-office and SSO calls against the real server (fresh database) and a real OpenID
 * provider: sign-on, e-mail verification started by the owner, activation e-mails, recovery and password change, and
 * "Continue with <provider>" from token params.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../server/src/test/harness.js';
import { startTestServer } from '../../../server/src/test/harness.js';
import { browse, startIdp } from '../../../server/test/oidc-idp.js';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '../../src/index.js';
import { identity } from '../../src/modules/identity.js';
import { mailbox } from '../../src/modules/mailbox.js';
import { failure, violationsOf } from './community-clients.js';

let srv: TestServer;
let idp: Awaited<ReturnType<typeof startIdp>>;
let admin: ReturnType<typeof adminClient>;
const adminClient = (apiKey: string) =>
  createClient({ baseUrl: srv.url, auth: ApiKeyStrategy({ apiKey }), modules: { identity, mailbox } });
const visitor = () => {
  const auth = OAuthStrategy({ clientId: srv.clientId, redirectUri: `${srv.url}/auth/callback` });
  return { auth, client: createClient({ baseUrl: srv.url, auth, modules: { identity } }) };
};
const lastMail = async (to: string) => (await admin.mailbox.listMessages({ to })).messages[0]!;

beforeAll(async () => {
  srv = await startTestServer();
  idp = await startIdp({ redirectUri: `${srv.url}/identity/v1/callback`, clientId: 'plaza', clientSecret: 's3cret' });
  admin = adminClient(await srv.createApiKey(['identity.manage', 'mailbox.read']));
}, 60_000);
afterAll(async () => {
  await srv?.close();
  await idp?.close();
});

describe('identity from the back office', () => {
  it('signOn finds or creates the identity and answers a session token', async () => {
    const first = await admin.identity.signOn({ loginId: { email: 'vouched@example.com' }, verifyEmail: true });
    expect(first.sessionToken).toMatch(/^st_/);
    expect(first.identity.email).toMatchObject({ address: 'vouched@example.com', isVerified: true });
    const again = await admin.identity.signOn({ loginId: { email: 'vouched@example.com' } });
    expect(again.identity.id).toBe(first.identity.id);
    const { client } = visitor();
    expect((await failure(client.identity.signOn({ loginId: { email: 'x@example.com' } }))).status).toBe(403);
  });

  it('startVerification mails a code that verifyEmail accepts; sendActivationEmail mails a link', async () => {
    const { identity: person } = await admin.identity.signOn({ loginId: { email: 'verify-me@example.com' } });
    const { stateToken } = await admin.identity.startVerification({ identityId: person.id, target: 'EMAIL' });
    const code = /\b(\d{6})\b/.exec((await lastMail('verify-me@example.com')).text)![1]!;
    const { client } = visitor();
    expect((await client.identity.verifyEmail({ stateToken, code })).state).toBe('SUCCESS');
    const redirectUrl = `${srv.url}/welcome`;
    expect(await admin.identity.sendActivationEmail({ identityId: person.id, emailOptions: { redirectUrl } })).toEqual(
      {},
    );
    expect((await lastMail('verify-me@example.com')).text).toContain(`${redirectUrl}?`);
    const bad = await failure(admin.identity.startVerification({ identityId: 'nope', target: 'EMAIL' }));
    expect(violationsOf(bad)).toEqual(['identityId:FORMAT']);
  });

  it('recoverPassword sets the password of a recovery link; changePassword needs the current one', async () => {
    const email = 'forgetful@example.com';
    const { auth, client } = visitor();
    await admin.identity.signOn({ loginId: { email }, verifyEmail: true });
    await auth.sendPasswordResetEmail(email, `${srv.url}/reset-password`);
    const token = new URL(/https?:\/\/\S+/.exec((await lastMail(email)).text)![0]).searchParams.get('token')!;
    expect(await client.identity.recoverPassword({ recoveryToken: token, password: 'first long password' })).toEqual(
      {},
    );
    expect((await auth.login({ email, password: 'first long password' })).loginState).toBe('SUCCESS');
    const member = createClient({ baseUrl: srv.url, auth, modules: { identity } });
    const wrong = await failure(
      member.identity.changePassword({ currentPassword: 'not it at all', newPassword: 'second long password' }),
    );
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    await member.identity.changePassword({
      currentPassword: 'first long password',
      newPassword: 'second long password',
    });
    expect((await visitor().auth.login({ email, password: 'second long password' })).loginState).toBe('SUCCESS');
  });
});

describe('loginWithSsoTokenParams', () => {
  it('answers the provider page; the browser comes back with a code that getMemberTokens redeems', async () => {
    const { connection } = await admin.identity.createIdpConnection({
      displayName: 'Test IdP',
      issuer: idp.issuer,
      clientId: 'plaza',
      clientSecret: 's3cret',
    });
    const { auth, client } = visitor();
    const data = await auth.generateOAuthData(`${srv.url}/auth/callback`);
    const tokenParams = {
      clientId: srv.clientId,
      redirectUri: data.redirectUri,
      codeChallenge: data.codeChallenge,
      codeChallengeMethod: 'S256' as const,
      responseType: 'code' as const,
      responseMode: 'query' as const,
      state: data.state,
    };
    const { redirectUrl } = await client.identity.loginWithSsoTokenParams({
      idpConnectionId: connection.id,
      tokenParams,
    });
    expect(new URL(redirectUrl).origin).toBe(idp.issuer);
    const landed = await browse(redirectUrl, (u) => u.href.startsWith(`${srv.url}/auth/callback`), 'dora');
    const { code, state } = auth.parseFromUrl(landed.href, 'query');
    await auth.getMemberTokens(code, state, data);
    expect(auth.loggedIn()).toBe(true);

    const unknown = await failure(
      client.identity.loginWithSsoTokenParams({ idpConnectionId: '01900000-0000-7000-8000-000000000000', tokenParams }),
    );
    expect(unknown.status).toBe(404);
    const plain = await failure(
      client.identity.loginWithSsoTokenParams({
        idpConnectionId: connection.id,
        tokenParams: { ...tokenParams, codeChallengeMethod: 'plain' as 'S256' },
      }),
    );
    expect(violationsOf(plain)).toEqual(['tokenParams.codeChallengeMethod:INVALID_ENUM_VALUE']);
  });
});
