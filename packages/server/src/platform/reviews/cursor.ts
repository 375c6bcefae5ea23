import { createHmac, timingSafeEqual } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { REVIEW_SORT_FIELDS } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { violation } from '../../kernel/errors.js';

export type SortField = (typeof REVIEW_SORT_FIELDS)[number];
export interface Sort {
  field: SortField;
  order: 'ASC' | 'DESC';
}

/**
 * What a cursor carries: the query it belongs to (filter, sort and the visibility scope it was issued under) and
 * where the next page starts (the last row's sort value and id). It is base64url JSON with an HMAC, so it is opaque
 * and cannot be edited or replayed under another filter or another caller's visibility.
 */
export interface CursorState {
  filter: Record<string, unknown>;
  sort: Sort;
  scope: string;
  after: [value: string | number, id: string];
}

const FIELD = 'query.cursorPaging.cursor';
const sign = (ctx: Ctx, body: string) =>
  createHmac('sha256', ctx.keys.secret('reviews-cursor')).update(body).digest().subarray(0, 16);

export function encodeCursor(ctx: Ctx, state: CursorState): string {
  const body = Buffer.from(
    JSON.stringify([state.filter, state.sort.field, state.sort.order, state.scope, state.after]),
  );
  return `${body.toString('base64url')}.${sign(ctx, body.toString('utf8')).toString('base64url')}`;
}

const bad = (why: string) => violation(FIELD, 'FORMAT', why);

/** Reads a cursor back; anything not issued by this server, for this query and this caller, is a 400. */
export function decodeCursor(
  ctx: Ctx,
  cursor: string,
  current: { scope: string; filter?: Record<string, unknown> | undefined; sort?: Sort | undefined },
): CursorState {
  const [body64, mac64, extra] = cursor.split('.');
  if (!body64 || !mac64 || extra !== undefined) throw bad('is not a cursor this server issued');
  const body = Buffer.from(body64, 'base64url').toString('utf8');
  const mac = Buffer.from(mac64, 'base64url');
  const expected = sign(ctx, body);
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected))
    throw bad('is not a cursor this server issued');
  const [filter, field, order, scope, after] = JSON.parse(body) as [
    Record<string, unknown>,
    SortField,
    'ASC' | 'DESC',
    string,
    [string | number, string],
  ];
  const state: CursorState = { filter, sort: { field, order }, scope, after };
  if (scope !== current.scope) throw bad('was issued to a caller who sees other reviews');
  if (current.filter !== undefined && !isDeepStrictEqual(current.filter, filter)) {
    throw bad('belongs to another filter: send the cursor alone, without query.filter');
  }
  if (current.sort !== undefined && !isDeepStrictEqual(current.sort, state.sort)) {
    throw bad('belongs to another sort: send the cursor alone, without query.sort');
  }
  return state;
}
