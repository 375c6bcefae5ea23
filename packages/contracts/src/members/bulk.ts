import { Type, type Static } from 'typebox';
import { MemberFilter, MemberSearch } from './member.js';

export const BulkDeleteMembersRequest = Type.Object(
  {
    memberIds: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 10_000, uniqueItems: true }),
    contentAssigneeId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
export type BulkDeleteMembersRequest = Static<typeof BulkDeleteMembersRequest>;

/** `filter` is required (send `{}` for every member): a bulk action over everyone should be a visible choice. */
export const BulkDeleteByFilterRequest = Type.Object(
  {
    filter: MemberFilter,
    search: Type.Optional(MemberSearch),
    contentAssigneeId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
export type BulkDeleteByFilterRequest = Static<typeof BulkDeleteByFilterRequest>;

export const BulkByFilterRequest = Type.Object(
  { filter: MemberFilter, search: Type.Optional(MemberSearch) },
  { additionalProperties: false },
);
export type BulkByFilterRequest = Static<typeof BulkByFilterRequest>;
