// Test support for web component tests (never imported by the app): a stand-in SDK client and a static render.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Site } from '@plaza/contracts';
import { createPlazaQueryClient, PlazaProvider, siteQueries, type AuthLike } from '@plaza/react';
import type { Tokens } from '@plaza/sdk';

const b64url = (s: string) =>
  Buffer.from(s, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: Record<string, unknown>) => `${b64url('{"alg":"ES256"}')}.${b64url(JSON.stringify(claims))}.sig`;

export const MEMBER_ID = '0190a1b2-0000-7000-8000-000000000001';

export const site: Site = {
  name: 'Corner Shop',
  currency: 'EUR',
  locale: 'en-GB',
  timeZone: 'Europe/London',
  signInPolicy: {
    emailVerificationRequired: true,
    ownerApprovalRequired: false,
    captchaMode: 'NEVER',
    captchaAfterFailures: 5,
  },
  createdDate: '2025-01-01T00:00:00.000Z',
  updatedDate: '2025-01-02T00:00:00.000Z',
} as Site;

function tokensFor(memberId: string | null): Tokens {
  return memberId
    ? {
        accessToken: { value: jwt({ sub: memberId, role: 'member', member_role: 'MEMBER' }), expiresAt: 2e9 },
        refreshToken: { value: 'rm', role: 'member' },
      }
    : {
        accessToken: { value: jwt({ sub: 'v-1', role: 'visitor' }), expiresAt: 2e9 },
        refreshToken: { value: 'rv', role: 'visitor' },
      };
}

/** An OAuth strategy stand-in holding fixed visitor or member tokens. */
function fakeAuth(memberId: string | null): AuthLike {
  const tokens = tokensFor(memberId);
  const state = { loginState: 'INITIAL', data: {} } as ReturnType<AuthLike['getLoginState']>;
  const never = () => new Promise<never>(() => undefined);
  return {
    getTokens: () => tokens,
    getLoginState: () => state,
    onTokensChange: () => () => undefined,
    login: never,
    register: never,
    processVerification: never,
    verifyFactor: never,
    sendFactorCode: never,
    logout: never,
  };
}

/** A client with `auth` for the given member (or a visitor) and the module stand-ins a test passes. */
export function fakeClient(memberId: string | null, modules: Record<string, object> = {}) {
  return { auth: fakeAuth(memberId), ...modules };
}

/** A query client with the site already loaded (dates and the store's name come from it). */
export function queryClientWithSite(): QueryClient {
  const queryClient = createPlazaQueryClient();
  queryClient.setQueryData(siteQueries.all(), site);
  return queryClient;
}

/**
 * Renders to HTML as the first paint: what the cache holds is shown, nothing fetches (a server render runs no
 * effects), so each test seeds the cache with the state it checks.
 */
export function render(ui: ReactNode, client: object, queryClient: QueryClient, path = '/'): string {
  return renderToString(
    <PlazaProvider client={client} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </PlazaProvider>,
  );
}

/** The visible text of rendered HTML, tags dropped and entities of the escaping decoded, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
