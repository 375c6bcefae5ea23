import { eq } from 'drizzle-orm';
import type { ModerationDecision, ModerationStatus, Review } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { notFound, violation } from '../../kernel/errors.js';
import { emitEvent } from '../events/index.js';
import { loadReview, toReview, viewerOf } from './model.js';
import { assertTransition } from './moderation.js';
import { adjustSummaries } from './summary.js';
import { reviews } from './tables.js';

/**
 * POST /reviews/v1/reviews/{id}/update-moderation-status: the owner approves or rejects (see MODERATION_TRANSITIONS).
 * The row is locked, so two moderators deciding at once serialize: the second sees the first's result and gets the
 * same-state 409 instead of counting the review twice in the summary. The review's updatedDate stays: it is when the
 * author last changed it (the dashboard's "edited"), and a decision is not an edit (as with the reply).
 */
export async function updateModerationStatus(ctx: Ctx, id: string, to: ModerationDecision): Promise<Review> {
  return withTx(ctx, async (tx) => {
    const [row] = await tx.db.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!row) throw notFound('Review');
    assertTransition(row.moderationStatus as ModerationStatus, to);
    const [updated] = await tx.db.update(reviews).set({ moderationStatus: to }).where(eq(reviews.id, id)).returning();
    await adjustSummaries(tx, [{ before: row, after: updated }]);
    const body = { previous: row.moderationStatus, moderationStatus: to };
    await emitEvent(tx, { type: 'reviews.review.moderation_status_changed', entityId: id, body });
    return toReview((await loadReview(tx, id))!, viewerOf(tx.caller));
  });
}

/**
 * PATCH /reviews/v1/reviews/{id}/reply: the owner's public answer, plain text. Editing keeps the reply's createdDate
 * and moves its updatedDate; the review's own dates stay (the author did not change it).
 */
export async function setReply(ctx: Ctx, id: string, message: string): Promise<Review> {
  const text = message.trim();
  if (!text) throw violation('message', 'REQUIRED_FIELD', 'message must not be blank');
  return withTx(ctx, async (tx) => {
    const [row] = await tx.db.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!row) throw notFound('Review');
    const now = tx.clock();
    await tx.db
      .update(reviews)
      .set({ replyMessage: text, replyCreatedDate: row.replyCreatedDate ?? now, replyUpdatedDate: now })
      .where(eq(reviews.id, id));
    await emitEvent(tx, { type: 'reviews.review.reply_set', entityId: id, body: { reply: { message: text } } });
    return toReview((await loadReview(tx, id))!, viewerOf(tx.caller));
  });
}

/** DELETE /reviews/v1/reviews/{id}/reply: removes the reply (a review without one is returned as it is). */
export async function removeReply(ctx: Ctx, id: string): Promise<Review> {
  return withTx(ctx, async (tx) => {
    const [before] = await tx.db
      .select({ replyMessage: reviews.replyMessage })
      .from(reviews)
      .where(eq(reviews.id, id))
      .for('update');
    if (!before) throw notFound('Review');
    await tx.db
      .update(reviews)
      .set({ replyMessage: null, replyCreatedDate: null, replyUpdatedDate: null })
      .where(eq(reviews.id, id));
    if (before.replyMessage !== null) await emitEvent(tx, { type: 'reviews.review.reply_removed', entityId: id });
    return toReview((await loadReview(tx, id))!, viewerOf(tx.caller));
  });
}
