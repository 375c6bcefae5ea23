import { Type, type Static } from 'typebox';
import { StringEnum } from '../common/schema.js';

export const GRANT_TYPES = ['anonymous', 'refresh_token', 'authorization_code', 'authorized_client'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/**
 * POST /oauth2/token, the platform's JSON body. Grant-specific fields are checked by the service,
 * which names the missing field in a REQUIRED_FIELD violation.
 */
export const TokenRequest = Type.Object(
  {
    grantType: StringEnum(GRANT_TYPES),
    clientId: Type.String({ minLength: 1, maxLength: 100 }),
    refreshToken: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    codeVerifier: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    redirectUri: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
    scope: Type.Optional(Type.String({ maxLength: 200 })),
    member_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** authorization_code: the visitor access token held before signing in; that visitor's cart joins the member's. */
    visitorToken: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
  },
  { additionalProperties: false },
);
export type TokenRequest = Static<typeof TokenRequest>;

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  /** Seconds until the access token expires. */
  expires_in: Type.Integer(),
  token_type: Type.Literal('Bearer'),
  scope: Type.Optional(Type.String()),
  id_token: Type.Optional(Type.String()),
});
export type TokenResponse = Static<typeof TokenResponse>;

/** Token roles of the spec: a client starts with none, gets a visitor token anonymously, and a member token at login. */
export const TOKEN_ROLES = ['none', 'visitor', 'member'] as const;
export type TokenRole = (typeof TOKEN_ROLES)[number];
