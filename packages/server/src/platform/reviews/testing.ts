import { expect } from 'vitest';
import type { CommunityPolicy, RatingSummary, Review, ReviewContent, SignInPolicy } from '@plaza/contracts';
import type { TestServer } from '../../test/harness.js';
import { call } from '../../../test/http.js';

/** Test helpers of the reviews tests: everything through the real HTTP API. */

let seq = 0;
/** A fresh entity id per call, so tests in one file never share summaries. */
export const newEntity = (tag = 'p') => `${tag}-${Date.now().toString(36)}-${++seq}`;

export async function setSitePolicy(
  srv: TestServer,
  owner: string,
  policy: { community?: Partial<CommunityPolicy>; signIn?: Partial<SignInPolicy> },
): Promise<void> {
  const site = {
    ...(policy.community ? { communityPolicy: policy.community } : {}),
    ...(policy.signIn ? { signInPolicy: policy.signIn } : {}),
  };
  const paths = [
    ...Object.keys(policy.community ?? {}).map((k) => `communityPolicy.${k}`),
    ...Object.keys(policy.signIn ?? {}).map((k) => `signInPolicy.${k}`),
  ];
  const res = await call(srv.url, 'PATCH', '/site/v1/site', { auth: owner, body: { site, fieldMask: { paths } } });
  if (res.status !== 200) throw new Error(`site policy: ${res.status} ${JSON.stringify(res.body)}`);
}

export const setModeration = (srv: TestServer, owner: string, mode: CommunityPolicy['reviewModeration']) =>
  setSitePolicy(srv, owner, { community: { reviewModeration: mode } });

/** POSTs a new review to `path` and returns it; fails the test unless it is created. */
async function postReview(srv: TestServer, auth: string, path: string, body: Record<string, unknown>): Promise<Review> {
  const res = await call<{ review: Review }>(srv.url, 'POST', path, { auth, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.review;
}

/** A member's review through POST /reviews/v1/reviews; fails the test unless it is created. */
export async function writeReview(
  srv: TestServer,
  auth: string,
  entityId: string,
  content: Partial<ReviewContent> = {},
  namespace = 'stores',
): Promise<Review> {
  return postReview(srv, auth, '/reviews/v1/reviews', {
    review: { namespace, entityId, content: { rating: 4, ...content } },
  });
}

/** A contact's review through POST /reviews/v1/reviews/contact. */
export async function writeContactReview(
  srv: TestServer,
  auth: string,
  entityId: string,
  extra: Record<string, unknown> = {},
): Promise<Review> {
  return postReview(srv, auth, '/reviews/v1/reviews/contact', {
    namespace: 'stores',
    entityId,
    content: { rating: 5, body: 'From a contact' },
    name: 'Casey Contact',
    email: `casey.${++seq}@example.com`,
    ...extra,
  });
}

export async function moderate(
  srv: TestServer,
  auth: string,
  reviewId: string,
  moderationStatus: string,
): Promise<{ status: number; body: unknown }> {
  return call(srv.url, 'POST', `/reviews/v1/reviews/${reviewId}/update-moderation-status`, {
    auth,
    body: { moderationStatus },
  });
}

export async function summary(srv: TestServer, auth: string, entityId: string, namespace = 'stores') {
  const res = await call<{ summary: RatingSummary }>(
    srv.url,
    'GET',
    `/reviews/v1/rating-summary?namespace=${namespace}&entityId=${encodeURIComponent(entityId)}`,
    { auth },
  );
  expect(res.status).toBe(200);
  return res.body.summary;
}

export async function queryIds(
  srv: TestServer,
  auth: string,
  body: Record<string, unknown>,
): Promise<{ ids: string[]; status: number; body: unknown }> {
  const res = await call<{ reviews: Review[] }>(srv.url, 'POST', '/reviews/v1/reviews/query', { auth, body });
  return { ids: res.body.reviews?.map((r) => r.id) ?? [], status: res.status, body: res.body };
}
