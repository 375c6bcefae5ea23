import { Type, type Static } from 'typebox';
import { PageBody } from '../common/bodies.js';
import { PagingMetadata, PagingQuery } from '../common/paging.js';
import { StringEnum } from '../common/schema.js';
import { Identity, IDENTITY_STATUSES } from './identity.js';

export { PagingMetadata, PagingQuery } from '../common/paging.js';

/** GET /identity/v1/identities: the dashboard's list, such as `?status=PENDING` for identities awaiting approval. */
export const ListIdentitiesQuery = Type.Object(
  { status: Type.Optional(StringEnum(IDENTITY_STATUSES)), ...PagingQuery },
  { additionalProperties: false },
);
export type ListIdentitiesQuery = Static<typeof ListIdentitiesQuery>;

export const ListIdentitiesResponse = PageBody('identities', Identity, { metadata: PagingMetadata });
export type ListIdentitiesResponse = Static<typeof ListIdentitiesResponse>;

export const IdentityResponse = Type.Object({ identity: Identity });
export type IdentityResponse = Static<typeof IdentityResponse>;
