import { createHash, randomBytes } from 'node:crypto';
import type { CreateRedirectSessionResponse, FileDescriptor, TokenResponse } from '@plaza/contracts';
import { png, settled, upload } from '../../src/platform/media/testing.js';
import type { TestServer } from '../../src/test/harness.js';
import { codeRedirectSession } from '../../src/test/oauth-code.js';
import { call } from '../http.js';
import { visitorToken } from './load.js';

// Setting up the shop of the scale test through the API, as an owner would: sign in, allow the loopback webhook
// receivers, upload the e-book's file, sell it, subscribe to placed orders.

const ok = <T>(what: string, res: { status: number; body: T }, status = 200): T => {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/**
 * Member tokens for a sign-in session, the way the web app gets them: a redirect session for the session token (on
 * `urls[0]`), its authorize URL followed on `urls[1]`, the code redeemed on `urls[2]` (each may be another node).
 */
export async function tokensForSession(
  urls: [string, string, string],
  clientId: string,
  publicUrl: string,
  sessionToken: string,
): Promise<TokenResponse> {
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${publicUrl}/auth/callback`;
  const rs = ok(
    'redirect session',
    await call<CreateRedirectSessionResponse>(urls[0], 'POST', '/redirects/v1/redirect-session', {
      auth: await visitorToken(urls[0], clientId),
      body: codeRedirectSession({
        clientId,
        redirectUri,
        challenge: createHash('sha256').update(verifier).digest('base64url'),
        sessionToken,
      }),
    }),
  );
  const authorize = new URL(rs.redirectSession.fullUrl);
  const res = await fetch(`${urls[1]}${authorize.pathname}${authorize.search}`, { redirect: 'manual' });
  const code = new URL(res.headers.get('location')!).searchParams.get('code');
  if (!code) throw new Error(`authorize answered ${res.status} without a code: ${res.headers.get('location')}`);
  const body = { grantType: 'authorization_code', clientId, code, codeVerifier: verifier, redirectUri };
  return ok('code grant', await call<TokenResponse>(urls[2], 'POST', '/oauth2/token', { body }));
}

/** The owner's access token: a password login and the code flow, all through `url`. */
export async function ownerToken(url: string, clientId: string, email: string, password: string): Promise<string> {
  const login = ok(
    'owner login',
    await call<{ sessionToken?: string; state: string }>(url, 'POST', '/identity/v2/login', {
      body: { loginId: { email }, password },
    }),
  );
  if (!login.sessionToken) throw new Error(`owner login ended in state ${login.state}`);
  const tokens = await tokensForSession([url, url, url], clientId, url, login.sessionToken);
  return `Bearer ${tokens.access_token}`;
}

/** A private file of the media library (uploaded and processed by whichever nodes answer), sold as an e-book. */
export async function digitalProduct(url: string, owner: string): Promise<string> {
  const srv = { url } as TestServer; // the media helpers only call srv.url
  const { put } = await upload(srv, owner, await png(400, 300), { private: true, fileName: 'guide.png' });
  const file: FileDescriptor = await settled(srv, owner, ok('upload', put).file.id, 30_000);
  if (file.operationStatus !== 'READY') throw new Error(`the e-book's file is ${file.operationStatus}`);
  const product = ok(
    'product',
    await call<{ product: { id: string } }>(url, 'POST', '/catalog/v1/products', {
      auth: owner,
      body: {
        product: {
          name: 'Field guide',
          productType: 'DIGITAL',
          price: { amount: '9.00' },
          digitalFile: { fileId: file.id },
        },
      },
    }),
  );
  return product.product.id;
}

/** Allows the loopback receivers (production refuses private targets otherwise) and subscribes each to orders. */
export async function subscribe(url: string, owner: string, receivers: string[]): Promise<string[]> {
  ok(
    'webhook settings',
    await call(url, 'PATCH', '/webhooks/v1/settings', {
      auth: owner,
      body: { settings: { allowPrivateTargets: true } },
    }),
  );
  const ids: string[] = [];
  for (const [i, target] of receivers.entries()) {
    const res = await call<{ subscription: { id: string } }>(url, 'POST', '/webhooks/v1/subscriptions', {
      auth: owner,
      body: { subscription: { name: `scale ${i}`, url: target, eventTypes: ['ecom.order.created'] } },
    });
    ids.push(ok('subscription', res, 201).subscription.id);
  }
  return ids;
}

export async function testCardToken(url: string, auth: string): Promise<string> {
  const res = await call<{ paymentToken: string }>(url, 'POST', '/ecom/v1/payments/test-card/tokens', {
    auth,
    body: { cardNumber: '4242424242424242', expiryMonth: 12, expiryYear: 2099, cvc: '123' },
  });
  return ok('test card', res).paymentToken;
}
