import { Type, type Static } from 'typebox';
import { DateString, StringEnum } from '../common/schema.js';
import { APP_LIMITS } from './limits.js';

/**
 * Permission scopes an API key can hold. `*` grants all of them.
 * Later issues add their domains' scopes here (stores, media, ...).
 */
export const API_KEY_SCOPES = [
  '*',
  'site.manage',
  'api-keys.manage',
  'oauth-clients.manage',
  'identity.manage',
  'members',
  'reviews',
  'mailbox.read',
  'webhooks',
  'catalog',
  'ecom',
  'media',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const ApiKey = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  scopes: Type.Array(StringEnum(API_KEY_SCOPES)),
  /** The first characters of the key, so people can tell keys apart; the key itself is never shown again. */
  keyPrefix: Type.String(),
  createdDate: DateString,
  lastUsedDate: Type.Union([DateString, Type.Null()]),
  revokedDate: Type.Union([DateString, Type.Null()]),
});
export type ApiKey = Static<typeof ApiKey>;

export const CreateApiKeyRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: APP_LIMITS.apiKeyName }),
    scopes: Type.Array(StringEnum(API_KEY_SCOPES), { minItems: 1, maxItems: API_KEY_SCOPES.length, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type CreateApiKeyRequest = Static<typeof CreateApiKeyRequest>;

/** `key` is shown in this response only. */
export const CreateApiKeyResponse = Type.Object({ apiKey: ApiKey, key: Type.String() });
export type CreateApiKeyResponse = Static<typeof CreateApiKeyResponse>;

export const ListApiKeysResponse = Type.Object({ apiKeys: Type.Array(ApiKey) });
export type ListApiKeysResponse = Static<typeof ListApiKeysResponse>;
