import { Type } from 'typebox';
import { PageLimit } from '../common/schema.js';

/**
 * The page of a media library GET list (files, folders, brand library items): `limit`, and `cursor`, the
 * `nextCursor.cursors.next` of the previous page. Spread last into the list's query object.
 */
export const MediaListPageFields = {
  limit: Type.Optional(PageLimit()),
  cursor: Type.Optional(Type.String({ maxLength: 2000 })),
};
