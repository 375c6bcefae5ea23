import { Type, type TSchema } from 'typebox';
import { PageBody } from '../common/bodies.js';
import { PageLimit } from '../common/schema.js';

/**
 * The page of a media library GET list (files, folders, brand library items): `limit`, and `cursor`, the
 * `nextCursor.cursors.next` of the previous page. Spread last into the list's query object.
 */
export const MediaListPageFields = {
  limit: Type.Optional(PageLimit()),
  cursor: Type.Optional(Type.String({ maxLength: 2000 })),
};

/**
 * The spec's `paging` of a GET list as flat query keys (`paging.limit=20&paging.cursor=…`, as the SDK sends a nested
 * `paging` object): the same page as `limit` and `cursor`; giving a value both ways is a 400.
 */
export const MediaListPagingFields = {
  'paging.limit': Type.Optional(PageLimit()),
  'paging.cursor': Type.Optional(Type.String({ maxLength: 2000 })),
};

export const MediaPagingMetadata = Type.Object({
  count: Type.Integer(),
  /** The next page's cursor; absent on the last page. */
  cursors: Type.Object({ next: Type.Optional(Type.String()) }),
  /** Every match, on the last page (counting all matches of a common word would cost as much as the search). */
  total: Type.Optional(Type.Integer()),
});

/** A page of a media library list: the entities under `key`, and `nextCursor`. */
export const MediaPageBody = <K extends string, T extends TSchema>(key: K, entity: T) =>
  PageBody(key, entity, { nextCursor: MediaPagingMetadata });
