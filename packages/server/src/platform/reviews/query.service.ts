import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  CountReviewsRequest,
  CountReviewsResponse,
  QueryReviewsRequest,
  QueryReviewsResponse,
  RatingSummaryQuery,
  Review,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { memberAuthors } from '../members/index.js';
import { decodeCursor, encodeCursor, type Sort, type SortField } from './cursor.js';
import { allOf, parseFilter } from './filter.js';
import {
  loadReview,
  reviewWithAuthor,
  toReview,
  viewerOf,
  visibility,
  withAuthor,
  type ReviewWithAuthor,
  type Viewer,
} from './model.js';
import { getRatingSummary } from './summary.js';
import { reviewReads } from './read-cache.js';
import { reviews } from './tables.js';

export const DEFAULT_PAGE_SIZE = 20;
const DEFAULT_SORT: Sort = { field: 'relevanceScore', order: 'DESC' };

const SORT_COLUMNS: Record<SortField, AnyPgColumn> = {
  relevanceScore: reviews.relevanceScore,
  reviewDate: reviews.reviewDate,
  createdDate: reviews.createdDate,
  'content.rating': reviews.rating,
};
const isDate = (f: SortField) => f === 'reviewDate' || f === 'createdDate';

function sortValue(r: ReviewWithAuthor, field: SortField): string | number {
  switch (field) {
    case 'relevanceScore':
      return r.relevanceScore;
    case 'content.rating':
      return r.rating;
    case 'reviewDate':
      return r.reviewDate.toISOString();
    case 'createdDate':
      return r.createdDate.toISOString();
  }
}

const canSee = (viewer: Viewer, r: ReviewWithAuthor, includePrivate: boolean | undefined) =>
  r.moderationStatus === 'APPROVED' ||
  (includePrivate === true && (viewer.moderator || (!!viewer.memberId && viewer.memberId === r.authorMemberId)));

/** GET /reviews/v1/reviews/{id}: a review the caller may not see is simply not found. */
export async function getReview(ctx: Ctx, id: string, returnPrivateReviews?: boolean): Promise<Review> {
  const viewer = viewerOf(ctx.caller);
  const row = await loadReview(ctx, id);
  if (!row || !canSee(viewer, row, returnPrivateReviews)) throw notFound('Review');
  return toReview(row, viewer);
}

/**
 * POST /reviews/v1/reviews/query: keyset pages over (sort column, id). Each visibility branch (one moderation status,
 * or a member's own reviews) is an ordered index range — (namespace, entity_id, moderation_status, key, id) — so a
 * page reads about `limit` rows however many reviews the entity has; several branches are merged by a UNION ALL of
 * per-branch pages.
 */
export async function queryReviews(ctx: Ctx, req: QueryReviewsRequest): Promise<QueryReviewsResponse> {
  const viewer = viewerOf(ctx.caller);
  const vis = visibility(viewer, req.returnPrivateReviews);
  // The page depends on the request, the visibility scope and what the viewer may see of authors.
  const key = `${vis.key}|${viewer.moderator}|${viewer.memberId ?? ''}|${JSON.stringify(req)}`;
  return reviewReads.get(ctx, key, () => readPage(ctx, req, viewer, vis));
}

async function readPage(
  ctx: Ctx,
  req: QueryReviewsRequest,
  viewer: Viewer,
  vis: ReturnType<typeof visibility>,
): Promise<QueryReviewsResponse> {
  const q = req.query ?? {};
  const sentSort: Sort | undefined = q.sort?.[0]
    ? { field: q.sort[0].fieldName, order: q.sort[0].order ?? 'DESC' }
    : undefined;
  let filter = q.filter ?? {};
  let sort = sentSort ?? DEFAULT_SORT;
  let after: [string | number, string] | undefined;
  if (q.cursorPaging?.cursor) {
    const state = decodeCursor(ctx, q.cursorPaging.cursor, { scope: vis.key, filter: q.filter, sort: sentSort });
    ({ filter, sort, after } = state);
  }
  const conditions = parseFilter(filter, 'query.filter');
  const limit = q.cursorPaging?.limit ?? DEFAULT_PAGE_SIZE;

  const col = SORT_COLUMNS[sort.field];
  const dir = sort.order === 'DESC' ? sql`DESC` : sql`ASC`;
  let keyset: SQL | undefined;
  if (after) {
    const value = isDate(sort.field) ? sql`${after[0]}::timestamptz` : sql`${after[0]}`;
    keyset =
      sort.order === 'DESC'
        ? sql`(${col}, ${reviews.id}) < (${value}, ${after[1]}::uuid)`
        : sql`(${col}, ${reviews.id}) > (${value}, ${after[1]}::uuid)`;
  }
  const base = allOf([...conditions, keyset]);
  const n = limit + 1;
  const order = sort.order === 'DESC' ? [desc(col), desc(reviews.id)] : [asc(col), asc(reviews.id)];

  let where: SQL | undefined;
  if (vis.branches.length === 1) {
    where = allOf([base, vis.branches[0]]);
  } else {
    const branch = (b: SQL) =>
      sql`(SELECT ${reviews.id} AS id, ${col} AS k FROM ${reviews} WHERE ${allOf([base, b])} ORDER BY ${col} ${dir}, ${reviews.id} ${dir} LIMIT ${n})`;
    where = sql`${reviews.id} IN (SELECT u.id FROM (${sql.join(vis.branches.map(branch), sql` UNION ALL `)}) u ORDER BY u.k ${dir}, u.id ${dir} LIMIT ${n})`;
  }
  const rows = (
    await ctx.db
      .select(reviewWithAuthor)
      .from(reviews)
      .leftJoin(memberAuthors, eq(memberAuthors.id, reviews.authorMemberId))
      .where(where)
      .orderBy(...order)
      .limit(n)
  ).map(withAuthor);

  const hasNext = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next =
    hasNext && last
      ? encodeCursor(ctx, { filter, sort, scope: vis.key, after: [sortValue(last, sort.field), last.id] })
      : undefined;
  return {
    reviews: page.map((r) => toReview(r, viewer)),
    pagingMetadata: { count: page.length, cursors: next ? { next } : {}, hasNext },
  };
}

/** The entity a filter of exactly `{ namespace, entityId }` (plain values) names, if it is one. */
function entityOnly(filter: Record<string, unknown> | undefined): RatingSummaryQuery | undefined {
  const keys = Object.keys(filter ?? {}).sort();
  if (keys.length !== 2 || keys[0] !== 'entityId' || keys[1] !== 'namespace') return undefined;
  const { namespace, entityId } = filter as Record<string, unknown>;
  return typeof namespace === 'string' && typeof entityId === 'string' ? { namespace, entityId } : undefined;
}

/**
 * POST /reviews/v1/reviews/count: the same filter and visibility rules as the query. The storefront's count (the
 * approved reviews of one entity) is the rating summary's total, kept exact by every write: one primary-key read.
 */
export async function countReviews(ctx: Ctx, req: CountReviewsRequest): Promise<CountReviewsResponse> {
  const vis = visibility(viewerOf(ctx.caller), req.includePrivateReviews);
  const conditions = parseFilter(req.filter, 'filter');
  const entity = vis.key === 'public' ? entityOnly(req.filter) : undefined;
  if (entity) return { count: (await getRatingSummary(ctx, entity)).totalReviews };
  const [row] = await ctx.db
    .select({ n: count() })
    .from(reviews)
    .where(allOf([...conditions, vis.where]));
  return { count: row?.n ?? 0 };
}
