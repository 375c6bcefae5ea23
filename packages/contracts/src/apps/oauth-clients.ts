import { Type, type Static } from 'typebox';
import { DateString } from '../common/schema.js';
import { APP_LIMITS, CLIENT_ORIGIN_PATTERN, CLIENT_REDIRECT_URI_PATTERN } from './limits.js';

/** An OAuth client: a public client id with exact redirect URIs and the origins allowed to receive web messages. */
export const OAuthClient = Type.Object({
  id: Type.String(),
  name: Type.String(),
  redirectUris: Type.Array(Type.String()),
  allowedOrigins: Type.Array(Type.String()),
  createdDate: DateString,
});
export type OAuthClient = Static<typeof OAuthClient>;

const Url = Type.String({ format: 'uri', maxLength: APP_LIMITS.clientUrl, pattern: CLIENT_REDIRECT_URI_PATTERN });
const Origin = Type.String({ maxLength: APP_LIMITS.clientUrl, pattern: CLIENT_ORIGIN_PATTERN });
const Urls = { maxItems: APP_LIMITS.clientUrls, uniqueItems: true } as const;

export const CreateOAuthClientRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: APP_LIMITS.clientName }),
    redirectUris: Type.Array(Url, { minItems: 1, ...Urls }),
    allowedOrigins: Type.Optional(Type.Array(Origin, Urls)),
  },
  { additionalProperties: false },
);
export type CreateOAuthClientRequest = Static<typeof CreateOAuthClientRequest>;

/** PATCH: the fields given replace the stored ones; the others stay. */
export const UpdateOAuthClientRequest = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: APP_LIMITS.clientName })),
    redirectUris: Type.Optional(Type.Array(Url, { minItems: 1, ...Urls })),
    allowedOrigins: Type.Optional(Type.Array(Origin, Urls)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateOAuthClientRequest = Static<typeof UpdateOAuthClientRequest>;

export const OAuthClientResponse = Type.Object({ client: OAuthClient });
export const ListOAuthClientsResponse = Type.Object({ clients: Type.Array(OAuthClient) });
export type ListOAuthClientsResponse = Static<typeof ListOAuthClientsResponse>;
