import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { backInStockNotifications, checkout, currentCart, orders, recommendations } from '@wix/ecom';
import { files, folders } from '@wix/media';
import { members } from '@wix/members';
import { redirects } from '@wix/redirects';
import { reviews } from '@wix/reviews';
import { latestCode } from '../../src/platform/identity/testing.js';
import { createProduct } from '../../src/store/catalog/testing.js';
import { serverSuite } from '../../src/test/suite.js';
import { platformFetch } from './platform-fetch.js';

// The hosted platform's published SDK packages (pinned in the root package.json), unchanged, against a real Plaza
// server: a visitor, a member and a back office. Only `fetch` is swapped (platform-fetch.ts). A call that still fails
// on a request or response shape is `it.fails`/`it.todo` with the reason; docs/platform-sdk.md lists every state.

const { srv, keys } = serverSuite({ keys: { mailbox: ['mailbox.read'], back: ['media', 'ecom', 'catalog', 'members'] } });
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = platformFetch(srv.url, realFetch);
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

const modules = { members, currentCart, checkout, orders, backInStockNotifications, recommendations, redirects, reviews };
const visitorClient = () => createClient({ modules, auth: OAuthStrategy({ clientId: srv.clientId }) });
let shopper: ReturnType<typeof visitorClient>;
const email = `platform-sdk.${Date.now().toString(36)}@example.com`;
const password = 'a long enough passphrase 1';

describe('the hosted platform SDK against Plaza: a visitor', () => {
  it('auth.generateVisitorTokens', async () => {
    shopper = visitorClient();
    const tokens = await shopper.auth.generateVisitorTokens();
    expect(tokens.accessToken.value).toEqual(expect.any(String));
    expect(tokens.refreshToken.value).toEqual(expect.any(String));
  });

  it('auth.register, then auth.processVerification with the mailed code', async () => {
    const reg = await shopper.auth.register({ email, password, profile: { nickname: 'Sdk Shopper' } });
    expect(reg.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    const code = await latestCode(srv, keys.mailbox, email);
    const done = await shopper.auth.processVerification({ verificationCode: code }, reg);
    expect(done).toMatchObject({ loginState: 'SUCCESS', data: { sessionToken: expect.any(String) } });
  });

  it('auth.login, refusing a wrong password', async () => {
    const wrong = await shopper.auth.login({ email, password: 'not the passphrase' });
    expect(wrong.loginState).toBe('FAILURE');
    const ok = await shopper.auth.login({ email, password });
    expect(ok).toMatchObject({ loginState: 'SUCCESS', data: { sessionToken: expect.any(String) } });
  });
});
