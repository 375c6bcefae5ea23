// Test support for the dashboard's component tests (never imported by the app).
import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Member, Review } from '@plaza/contracts';
import type { FetchClient } from '@plaza/react';
import { fakeClient, queryClientWithSite, render as renderWith, textOf } from '../storefront/testing.js';
import { ToastProvider } from './Toast.js';
import { refusedFor, type FieldViolation } from '../ui/testing.js';

export { queryClientWithSite, textOf };

export const OWNER_ID = '0190a1b2-0000-7000-8000-0000000000aa';

const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const jwt = (claims: Record<string, unknown>) => `${b64url('{"alg":"ES256"}')}.${b64url(JSON.stringify(claims))}.sig`;

/** A client signed in as the site's owner (or a contributor), with the module stand-ins a test passes. */
export function staffClient(role: 'OWNER' | 'CONTRIBUTOR', modules: Record<string, object> = {}) {
  const client = fakeClient(OWNER_ID, modules);
  const tokens = {
    accessToken: { value: jwt({ sub: OWNER_ID, role: 'member', member_role: role }), expiresAt: 2e9 },
    refreshToken: { value: 'r', role: 'member' as const },
  };
  client.auth.getTokens = () => tokens;
  return client;
}

/** Renders a dashboard screen (inside the toast provider) as its first paint from the seeded cache. */
export const render = (ui: ReactNode, client: object, queryClient: QueryClient, path = '/admin') =>
  renderWith(<ToastProvider>{ui}</ToastProvider>, client, queryClient, path);

/** Renders a dashboard screen for the site's owner, the site (and whatever else is seeded) in the cache. */
export const renderForOwner = (ui: ReactNode, queryClient: QueryClient = queryClientWithSite()) =>
  render(ui, staffClient('OWNER'), queryClient);

/** The client the queries of a seeded cache are keyed by: a query that asked the server would fail the test. */
export const seeded: FetchClient = { fetch: () => Promise.reject(new Error('not seeded')) };

/** Made-up ids counted up, in their own `block` ("a000") so the kinds of one test file stay apart. */
export function uuids(block: string) {
  let n = 0;
  return () => `0190a1b2-0000-7000-${block}-${String(++n).padStart(12, '0')}`;
}

/** One field the server refused, as its 400 answer lists it. */
export const violation = (field: string, violatedRule: string, description: string): FieldViolation => ({
  field,
  violatedRule,
  description,
});

/** The server's 400 answer to a form it refused, with each field's violation (the kit's `refusedFor`). */
export const refusedWith = (message: string, fieldViolations: FieldViolation[]) => refusedFor(fieldViolations, message);

let n = 0;
/** A member as the FULL fieldset returns it. */
export function member(overrides: Partial<Member> = {}): Member {
  n += 1;
  return {
    id: `0190a1b2-0000-7000-8000-${String(n).padStart(12, '0')}`,
    slug: `member-${n}`,
    privacyStatus: 'PUBLIC',
    status: 'APPROVED',
    activityStatus: 'ACTIVE',
    role: 'MEMBER',
    createdDate: '2025-03-01T10:00:00.000Z',
    updatedDate: '2025-03-01T10:00:00.000Z',
    loginEmail: `member${n}@example.com`,
    profile: { nickname: `Member ${n}` },
    contact: { firstName: 'Ada', lastName: `Lovelace ${n}` },
    ...overrides,
  };
}

export function review(overrides: Partial<Review> = {}): Review {
  n += 1;
  return {
    id: `0190a1b2-0000-7000-9000-${String(n).padStart(12, '0')}`,
    namespace: 'stores',
    entityId: 'mug',
    createdDate: '2025-03-01T10:00:00.000Z',
    updatedDate: '2025-03-01T10:00:00.000Z',
    reviewDate: '2025-03-01T10:00:00.000Z',
    content: { rating: 4, title: 'Good mug', body: 'Keeps coffee warm.' },
    author: { authorType: 'CONTACT', name: 'Grace', email: 'grace@example.com' },
    origin: { type: 'ORGANIC' },
    source: { type: 'WEBSITE' },
    relevanceScore: 1,
    moderation: { moderationStatus: 'IN_MODERATION' },
    ...overrides,
  };
}
