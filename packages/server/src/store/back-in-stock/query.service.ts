import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { QueryBackInStockRequestsQuery, QueryBackInStockRequestsResponse } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { violation } from '../../kernel/errors.js';
import { toRequest } from './model.js';
import { backInStockRequests as t } from './tables.js';

type Filter = Pick<QueryBackInStockRequestsQuery, 'status' | 'email' | 'catalogItemId' | 'variantId' | 'sort'>;
interface CursorState {
  filter: Filter;
  after: [createdDate: string, id: string];
}

const CURSOR = 'cursorPaging.cursor';
const sign = (ctx: Ctx, body: string) =>
  createHmac('sha256', ctx.keys.secret('back-in-stock-cursor'))
    .update(body)
    .digest()
    .subarray(0, 16)
    .toString('base64url');

const encodeCursor = (ctx: Ctx, state: CursorState) => {
  const body = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${body}.${sign(ctx, body)}`;
};

/** Only cursors this server signed are read back, so the filter inside cannot be edited. */
function decodeCursor(ctx: Ctx, cursor: string): CursorState {
  const [body, mac] = cursor.split('.');
  const expected = body ? sign(ctx, body) : '';
  if (!body || !mac || mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) {
    throw violation(CURSOR, 'FORMAT', 'is not a cursor this server issued');
  }
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as CursorState;
}

/**
 * GET /ecom/v1/back-in-stock-notification-requests (owner and `ecom` keys): filtered by status, e-mail and item,
 * newest first (or oldest with CREATED_ASC), keyset-paged on (createdDate, id) so new requests never shift a page.
 */
export async function queryRequests(
  ctx: Ctx,
  q: QueryBackInStockRequestsQuery,
): Promise<QueryBackInStockRequestsResponse> {
  const limit = q['cursorPaging.limit'] ?? 50;
  let filter: Filter;
  let after: CursorState['after'] | undefined;
  const { 'cursorPaging.limit': _l, 'cursorPaging.cursor': cursor, ...rest } = q;
  if (cursor) {
    if (Object.keys(rest).length) {
      throw violation(CURSOR, 'VALIDATION', 'send the cursor alone (with the limit): it carries the filters');
    }
    ({ filter, after } = decodeCursor(ctx, cursor));
  } else filter = rest;
  if (filter.variantId && !filter.catalogItemId) {
    throw violation('catalogItemId', 'REQUIRED_FIELD', 'variantId narrows a catalogItemId: send both');
  }
  const where: SQL[] = [];
  if (filter.status) where.push(inArray(t.status, filter.status));
  if (filter.email) where.push(eq(t.emailLower, filter.email.trim().toLowerCase()));
  if (filter.catalogItemId) where.push(eq(t.productId, filter.catalogItemId.toLowerCase()));
  if (filter.variantId) where.push(eq(t.variantId, filter.variantId.toLowerCase()));
  const descending = filter.sort !== 'CREATED_ASC';
  if (after) {
    const cmp = descending ? sql`<` : sql`>`;
    where.push(sql`(${t.createdDate}, ${t.id}) ${cmp} (${after[0]}::timestamptz, ${after[1]}::uuid)`);
  }
  const dir = descending ? desc : asc;
  const rows = await ctx.db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(dir(t.createdDate), dir(t.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const hasNext = rows.length > limit;
  const last = page.at(-1);
  const next =
    hasNext && last ? encodeCursor(ctx, { filter, after: [last.createdDate.toISOString(), last.id] }) : undefined;
  return {
    requests: page.map(toRequest),
    pagingMetadata: { count: page.length, cursors: next ? { next } : {}, hasNext },
  };
}
