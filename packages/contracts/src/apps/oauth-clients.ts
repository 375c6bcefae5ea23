import { Type, type Static } from 'typebox';
import { DateString } from '../common/schema.js';

/** An OAuth client: a public client id with exact redirect URIs and the origins allowed to receive web messages. */
export const OAuthClient = Type.Object({
  id: Type.String(),
  name: Type.String(),
  redirectUris: Type.Array(Type.String()),
  allowedOrigins: Type.Array(Type.String()),
  createdDate: DateString,
});
export type OAuthClient = Static<typeof OAuthClient>;

const Url = Type.String({ format: 'uri', maxLength: 2048, pattern: '^https?://' });

export const CreateOAuthClientRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    redirectUris: Type.Array(Url, { minItems: 1, maxItems: 20, uniqueItems: true }),
    allowedOrigins: Type.Optional(
      Type.Array(Type.String({ maxLength: 2048, pattern: '^https?://[^/?#]+$' }), { maxItems: 20, uniqueItems: true }),
    ),
  },
  { additionalProperties: false },
);
export type CreateOAuthClientRequest = Static<typeof CreateOAuthClientRequest>;

/** PATCH: the fields given replace the stored ones; the others stay. */
export const UpdateOAuthClientRequest = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    redirectUris: Type.Optional(Type.Array(Url, { minItems: 1, maxItems: 20, uniqueItems: true })),
    allowedOrigins: Type.Optional(
      Type.Array(Type.String({ maxLength: 2048, pattern: '^https?://[^/?#]+$' }), { maxItems: 20, uniqueItems: true }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateOAuthClientRequest = Static<typeof UpdateOAuthClientRequest>;

export const OAuthClientResponse = Type.Object({ client: OAuthClient });
export const ListOAuthClientsResponse = Type.Object({ clients: Type.Array(OAuthClient) });
export type ListOAuthClientsResponse = Static<typeof ListOAuthClientsResponse>;
