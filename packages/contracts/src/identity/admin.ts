import { Type, type Static } from 'typebox';
import { PageLimit, PageOffset, StringEnum } from '../common/schema.js';
import { Identity, IDENTITY_STATUSES } from './identity.js';

/** Offset paging as flat query keys (`paging.limit=20&paging.offset=40`), as the SDK sends nested query objects. */
export const PagingQuery = {
  'paging.limit': Type.Optional(PageLimit({ default: 50 })),
  'paging.offset': Type.Optional(PageOffset({ default: 0 })),
};

export const PagingMetadata = Type.Object({
  count: Type.Integer(),
  offset: Type.Integer(),
  total: Type.Integer(),
});
export type PagingMetadata = Static<typeof PagingMetadata>;

/** GET /identity/v1/identities: the dashboard's list, such as `?status=PENDING` for identities awaiting approval. */
export const ListIdentitiesQuery = Type.Object(
  { status: Type.Optional(StringEnum(IDENTITY_STATUSES)), ...PagingQuery },
  { additionalProperties: false },
);
export type ListIdentitiesQuery = Static<typeof ListIdentitiesQuery>;

export const ListIdentitiesResponse = Type.Object({ identities: Type.Array(Identity), metadata: PagingMetadata });
export type ListIdentitiesResponse = Static<typeof ListIdentitiesResponse>;

export const IdentityResponse = Type.Object({ identity: Identity });
export type IdentityResponse = Static<typeof IdentityResponse>;
