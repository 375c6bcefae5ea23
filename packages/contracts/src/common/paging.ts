import { Type, type Static } from 'typebox';
import { PageLimit, PageOffset } from './schema.js';

/**
 * The paging pieces lists share. Offset paging answers with `PagingMetadata`; cursor paging with a count and the
 * next page's cursor. identity/admin.ts re-exports the two the package root has always had.
 */

/** Offset paging as flat query keys (`paging.limit=20&paging.offset=40`), as the SDK sends nested query objects. */
export const PagingQuery = {
  'paging.limit': Type.Optional(PageLimit({ default: 50 })),
  'paging.offset': Type.Optional(PageOffset({ default: 0 })),
};

/** Offset paging as plain `limit` and `offset`: spread into a list's query, or an `OffsetPaging` object. */
export const OffsetPageFields = { limit: Type.Optional(PageLimit()), offset: Type.Optional(PageOffset()) };

export const PagingMetadata = Type.Object({
  count: Type.Integer(),
  offset: Type.Integer(),
  total: Type.Integer(),
});
export type PagingMetadata = Static<typeof PagingMetadata>;

/** A cursor-paged list's query: `limit` (50 by default), and `cursor`, the `metadata.cursor` of the previous page. */
export const CursorPageFields = (cursorMaxLength: number) => ({
  limit: Type.Optional(PageLimit({ default: 50 })),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: cursorMaxLength })),
});

/** A cursor-paged list's `metadata`: how many on this page, and the next page's cursor (absent on the last page). */
export const CursorMetadataFields = { count: Type.Integer(), cursor: Type.Optional(Type.String()) };
