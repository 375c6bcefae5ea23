import { Type } from 'typebox';
import { StringEnum } from './schema.js';

/** The pieces of the POST …/query bodies (members, reviews, media) that are the same for every entity. */

export const SortOrder = StringEnum(['ASC', 'DESC'] as const);

/** One sort key of a query: a field out of `fields`, and the order (each list says which order it takes by default). */
export const SortBy = <const T extends readonly string[]>(fields: T) =>
  Type.Object({ fieldName: StringEnum(fields), order: Type.Optional(SortOrder) }, { additionalProperties: false });

/**
 * A query's Mongo-like filter (`{ status: 'APPROVED' }`, `{ createdDate: { $gte: … } }`). Each list checks its own
 * fields and operators; the schema only bounds its size.
 */
export const QueryFilter = Type.Record(Type.String(), Type.Unknown(), { maxProperties: 20 });
