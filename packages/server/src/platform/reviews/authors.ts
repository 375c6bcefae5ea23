import { and, eq, sql } from 'drizzle-orm';
import { withTx, type Ctx } from '../../kernel/context.js';
import { emitEvent } from '../events/index.js';
import { EVENT_VIEWER, loadReview, toReview } from './model.js';
import { adjustSummaries } from './summary.js';
import { reviews } from './tables.js';

/**
 * Before a member is deleted (inside the deleting transaction): their reviews go to `toMemberId`, the content
 * assignee, or are removed when there is none. Where the assignee already reviewed the same entity, the deleted
 * member's review is removed instead (one review per author and entity). Summaries stay exact: removed approved
 * reviews leave them, reassigned ones keep counting as they are.
 */
export async function handOverReviews(ctx: Ctx, fromMemberId: string, toMemberId: string | undefined): Promise<void> {
  if (toMemberId === fromMemberId) return;
  await withTx(ctx, async (tx) => {
    const removed = await tx.db
      .delete(reviews)
      .where(
        toMemberId
          ? and(
              eq(reviews.authorMemberId, fromMemberId),
              sql`EXISTS (SELECT 1 FROM reviews other WHERE other.namespace = ${reviews.namespace}
                AND other.entity_id = ${reviews.entityId} AND other.author_key = ${`m:${toMemberId}`})`,
            )
          : eq(reviews.authorMemberId, fromMemberId),
      )
      .returning();
    await adjustSummaries(
      tx,
      removed.map((r) => ({ before: r })),
    );
    for (const r of removed) await emitEvent(tx, { type: 'reviews.review.deleted', entityId: r.id });
    if (!toMemberId) return;
    const moved = await tx.db
      .update(reviews)
      .set({ authorMemberId: toMemberId, authorKey: `m:${toMemberId}`, updatedDate: tx.clock() })
      .where(eq(reviews.authorMemberId, fromMemberId))
      .returning({ id: reviews.id });
    for (const { id } of moved) {
      const entity = toReview((await loadReview(tx, id))!, EVENT_VIEWER);
      await emitEvent(tx, {
        type: 'reviews.review.updated',
        entityId: id,
        entity,
        modifiedFields: ['author.memberId'],
      });
    }
  });
}
