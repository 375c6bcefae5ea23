import { and, eq, sql } from 'drizzle-orm';
import type { CreateContactReviewRequest, OriginType, Review } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { violation } from '../../kernel/errors.js';
import { requireCaptcha } from '../captcha/index.js';
import { bumpWindowedCount, normalizeEmail, windowedCount } from '../identity/index.js';
import { getSite } from '../site/index.js';
import { reviewRequests } from './tables.js';
import { assertMayWrite, fullContent, insertReview } from './write.service.js';

/**
 * Contact reviews counted per client address for the captcha policy AFTER_FAILURES, in the shared counter table of
 * the sign-in throttle (key `review:<address>`), so every node sees the same count. A count whose last post is older
 * than the window starts again.
 */
export const CONTACT_REVIEW_WINDOW_MS = 60 * 60_000;
const counterKey = (ip: string) => `review:${ip}`;

export function recentContactReviews(ctx: Ctx, ip: string): Promise<number> {
  return windowedCount(ctx, counterKey(ip), CONTACT_REVIEW_WINDOW_MS);
}

function countContactReview(ctx: Ctx, ip: string): Promise<void> {
  return bumpWindowedCount(ctx, counterKey(ip), CONTACT_REVIEW_WINDOW_MS);
}

/**
 * The site's captcha policy (signInPolicy.captchaMode) applied to contact reviews: ALWAYS, NEVER, or AFTER_FAILURES,
 * which asks once this address posted `captchaAfterFailures` contact reviews within the hour. API keys are
 * back-office imports and need none.
 */
async function checkCaptcha(ctx: Ctx, req: CreateContactReviewRequest, ip: string): Promise<void> {
  if (ctx.caller.type === 'APP') return;
  const { signInPolicy: policy } = await getSite(ctx);
  if (policy.captchaMode === 'NEVER') return;
  if (policy.captchaMode === 'AFTER_FAILURES' && (await recentContactReviews(ctx, ip)) < policy.captchaAfterFailures) {
    return;
  }
  await requireCaptcha(ctx, req.captchaTokens, 'post a review');
}

/** REVIEW_REQUEST when the id names a request that was SENT to this e-mail for this entity. */
async function originOf(ctx: Ctx, req: CreateContactReviewRequest, email: string): Promise<OriginType | undefined> {
  if (!req.reviewRequestId) return undefined;
  const [match] = await ctx.db
    .select({ id: reviewRequests.id })
    .from(reviewRequests)
    .where(
      and(
        eq(reviewRequests.id, req.reviewRequestId),
        eq(reviewRequests.status, 'SENT'),
        eq(reviewRequests.namespace, req.namespace),
        eq(reviewRequests.entityId, req.entityId),
        eq(sql`lower(${reviewRequests.contactEmail})`, email),
      ),
    )
    .limit(1);
  return match ? 'REVIEW_REQUEST' : undefined;
}

/**
 * POST /reviews/v1/reviews/contact: anyone writes a review under a name and e-mail (one per e-mail and entity).
 * Visitors and members write from the website; API keys import (source API, origin IMPORTED).
 */
export async function createContactReview(
  ctx: Ctx,
  req: CreateContactReviewRequest,
  meta: { ip: string },
): Promise<Review> {
  const email = normalizeEmail(req.email, 'email');
  const name = req.name.trim();
  if (!name) throw violation('name', 'REQUIRED_FIELD', 'name must not be blank');
  const content = fullContent(req.content, 'content');
  await assertMayWrite(ctx);
  await checkCaptcha(ctx, req, meta.ip);
  const fromApp = ctx.caller.type === 'APP';
  const requested = await originOf(ctx, req, email);
  const review = await insertReview(ctx, {
    namespace: req.namespace,
    entityId: req.entityId,
    author: {
      type: 'CONTACT',
      name,
      email,
      ...(requested ? { reviewRequestId: req.reviewRequestId } : {}),
    },
    origin: requested ?? (fromApp ? 'IMPORTED' : 'ORGANIC'),
    source: fromApp ? 'API' : 'WEBSITE',
    content,
  });
  if (!fromApp) await countContactReview(ctx, meta.ip);
  return review;
}
