import { markFilesUsed } from '../media/index.js';
import { and, eq } from 'drizzle-orm';
import {
  REVIEW_MASK_PATHS,
  type CreateReviewRequest,
  type OriginType,
  type Review,
  type ReviewContent,
  type SourceType,
  type UpdateReviewRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound, violation } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { checkFieldMask, getPath } from '../../lib/field-mask.js';
import { emitEvent } from '../events/index.js';
import { memberActivityStatus } from '../members/index.js';
import { getSite } from '../site/index.js';
import {
  cleanContent,
  EVENT_VIEWER,
  loadReview,
  toReview,
  viewerOf,
  type CleanContent,
  type ReviewRow,
} from './model.js';
import { initialStatus, statusAfterEdit } from './moderation.js';
import { relevanceScore } from './relevance.js';
import { adjustSummaries } from './summary.js';
import { reviews } from './tables.js';

export interface NewReview {
  namespace: string;
  entityId: string;
  author:
    | { type: 'MEMBER'; memberId: string }
    | { type: 'CONTACT'; name: string; email: string; reviewRequestId?: string | undefined };
  origin: OriginType;
  source: SourceType;
  content: CleanContent;
}

/** The signed-in member's id; a muted member may not write (403 MEMBER_MUTED). */
export async function assertMayWrite(ctx: Ctx): Promise<void> {
  if (ctx.caller.type !== 'MEMBER') return;
  if ((await memberActivityStatus(ctx, ctx.caller.memberId)) === 'MUTED') {
    throw new AppError('FORBIDDEN', 'A muted member cannot write or edit reviews', {
      applicationCode: 'MEMBER_MUTED',
    });
  }
}

/**
 * Stores a new review: APPROVED at once under AUTO_APPROVE, IN_MODERATION otherwise. The unique index on
 * (namespace, entity_id, author_key) decides "one review per author and entity", also between concurrent requests.
 * The rating summary changes in the same transaction.
 */
export async function insertReview(ctx: Ctx, r: NewReview): Promise<Review> {
  const { communityPolicy } = await getSite(ctx);
  const now = ctx.clock();
  const id = uuidv7(now.getTime());
  const authorColumns =
    r.author.type === 'MEMBER'
      ? { authorType: 'MEMBER', authorMemberId: r.author.memberId, authorKey: `m:${r.author.memberId}` }
      : {
          authorType: 'CONTACT',
          authorName: r.author.name,
          authorEmail: r.author.email,
          authorKey: `c:${r.author.email.toLowerCase()}`,
          reviewRequestId: r.author.reviewRequestId ?? null,
        };
  return withTx(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(reviews)
      .values({
        id,
        namespace: r.namespace,
        entityId: r.entityId,
        ...authorColumns,
        originType: r.origin,
        sourceType: r.source,
        title: r.content.title,
        body: r.content.body,
        rating: r.content.rating,
        media: r.content.media,
        moderationStatus: initialStatus(communityPolicy.reviewModeration),
        relevanceScore: relevanceScore({ ...r.content, reviewDate: now }),
        reviewDate: now,
        createdDate: now,
        updatedDate: now,
      })
      .onConflictDoNothing({ target: [reviews.namespace, reviews.entityId, reviews.authorKey] })
      .returning();
    if (!row) {
      throw new AppError('CONFLICT', `This author has already reviewed ${r.namespace}/${r.entityId}`, {
        applicationCode: 'REVIEW_ALREADY_EXISTS',
      });
    }
    await adjustSummaries(tx, [{ after: row }]);
    const loaded = (await loadReview(tx, id))!;
    const created = toReview(loaded, EVENT_VIEWER);
    await emitEvent(tx, { type: 'reviews.review.created', entityId: id, entity: created });
    await markFilesUsed(
      tx,
      (created.content.media ?? []).flatMap((m) => [m.image, m.video]),
    );
    return toReview(loaded, viewerOf(tx.caller));
  });
}

/** Complete content of a new review, cleaned (see cleanContent). */
export const fullContent = (c: ReviewContent, prefix: string): CleanContent => {
  const clean = cleanContent(c, prefix);
  return { title: clean.title ?? null, body: clean.body ?? null, rating: c.rating, media: clean.media ?? [] };
};

/** POST /reviews/v1/reviews: the signed-in member writes a review (source WEBSITE). */
export async function createReview(ctx: Ctx, req: CreateReviewRequest): Promise<Review> {
  if (ctx.caller.type !== 'MEMBER') throw new AppError('FORBIDDEN', 'Only members write reviews here');
  const content = fullContent(req.review.content, 'review.content');
  await assertMayWrite(ctx);
  return insertReview(ctx, {
    namespace: req.review.namespace,
    entityId: req.review.entityId,
    author: { type: 'MEMBER', memberId: ctx.caller.memberId },
    origin: 'ORGANIC',
    source: 'WEBSITE',
    content,
  });
}

/** The masked content paths, with a bare `content` meaning all four. */
function maskedPaths(paths: string[]): string[] {
  return [...new Set(paths.flatMap((p) => (p === 'content' ? [...REVIEW_MASK_PATHS] : [p])))];
}

const sameContent = (a: CleanContent, b: CleanContent) =>
  a.title === b.title &&
  a.body === b.body &&
  a.rating === b.rating &&
  JSON.stringify(a.media) === JSON.stringify(b.media);

/** Not yours: 403 when you may see the review anyway, 404 when you may not (nothing about it leaks). */
function notYours(ctx: Ctx, row: ReviewRow | undefined, what: string): AppError {
  if (!row || (row.moderationStatus !== 'APPROVED' && !viewerOf(ctx.caller).moderator)) return notFound('Review');
  return new AppError('FORBIDDEN', `Only the author can ${what} this review`);
}

/**
 * PATCH /reviews/v1/reviews/{id}: the author changes the masked content paths. A changed review goes back to
 * moderation under MANUAL; its relevance is recomputed and the summary follows (rating or approval changes).
 */
export async function updateReview(ctx: Ctx, id: string, req: UpdateReviewRequest): Promise<Review> {
  if (ctx.caller.type !== 'MEMBER') throw new AppError('FORBIDDEN', 'Only the author can edit a review');
  const memberId = ctx.caller.memberId;
  checkFieldMask(req.fieldMask.paths, REVIEW_MASK_PATHS, req.review, 'review');
  const paths = maskedPaths(req.fieldMask.paths);
  if (paths.includes('content.rating') && req.review.content?.rating === undefined) {
    throw violation('review.content.rating', 'REQUIRED_FIELD', 'review.content.rating is required');
  }
  const masked: Partial<ReviewContent> = Object.fromEntries(
    paths.map((p) => [p.slice('content.'.length), getPath(req.review as Record<string, unknown>, p)]),
  );
  const clean = cleanContent(masked, 'review.content');
  await assertMayWrite(ctx);
  const { communityPolicy } = await getSite(ctx);
  return withTx(ctx, async (tx) => {
    const [row] = await tx.db.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!row || row.authorMemberId !== memberId) throw notYours(tx, row, 'edit');
    const before: CleanContent = { title: row.title, body: row.body, rating: row.rating, media: row.media };
    const next: CleanContent = {
      ...before,
      ...Object.fromEntries(
        paths.map((p) => {
          const k = p.slice('content.'.length) as keyof CleanContent;
          return [k, clean[k] ?? (k === 'media' ? [] : null)];
        }),
      ),
    };
    const changed = !sameContent(before, next);
    const [updated] = await tx.db
      .update(reviews)
      .set({
        ...next,
        moderationStatus: changed
          ? statusAfterEdit(
              row.moderationStatus as Review['moderation']['moderationStatus'],
              communityPolicy.reviewModeration,
            )
          : row.moderationStatus,
        relevanceScore: relevanceScore({ ...next, reviewDate: row.reviewDate }),
        // "Edited" means the words or stars changed; saving the same content is not an edit.
        ...(changed ? { updatedDate: tx.clock() } : {}),
      })
      .where(eq(reviews.id, id))
      .returning();
    await adjustSummaries(tx, [{ before: row, after: updated }]);
    const loaded = (await loadReview(tx, id))!;
    if (changed) {
      const entity = toReview(loaded, EVENT_VIEWER);
      await emitEvent(tx, { type: 'reviews.review.updated', entityId: id, entity, modifiedFields: paths });
      if (paths.some((p) => p.startsWith('content.media')))
        await markFilesUsed(
          tx,
          (entity.content.media ?? []).flatMap((m) => [m.image, m.video]),
        );
    }
    return toReview(loaded, viewerOf(tx.caller));
  });
}

/** DELETE /reviews/v1/reviews/{id}: the author, the owner or an API key with `reviews`. */
export async function deleteReview(ctx: Ctx, id: string): Promise<void> {
  const viewer = viewerOf(ctx.caller);
  await withTx(ctx, async (tx) => {
    // Moderators delete any review; anyone else only their own (a contact author has no account to prove it).
    const mine = viewer.moderator
      ? undefined
      : viewer.memberId
        ? eq(reviews.authorMemberId, viewer.memberId)
        : undefined;
    const [deleted] =
      viewer.moderator || mine
        ? await tx.db
            .delete(reviews)
            .where(and(eq(reviews.id, id), mine))
            .returning()
        : [];
    if (!deleted) {
      const [row] = await tx.db.select().from(reviews).where(eq(reviews.id, id));
      throw notYours(tx, row, 'delete');
    }
    await adjustSummaries(tx, [{ before: deleted }]);
    await emitEvent(tx, { type: 'reviews.review.deleted', entityId: id });
  });
}
