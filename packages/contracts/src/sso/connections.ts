import { Type, type Static } from 'typebox';
import { DateString, Timestamps } from '../common/schema.js';
import { HTTP_URL_PATTERN } from '../common/patterns.js';
import { SSO_LIMITS, SSO_SCOPES_PATTERN } from './limits.js';
import { AuthRequest, HttpUrl } from '../redirects/redirect-session.js';

/** An OIDC identity provider the owner connected. The client secret is write-only: never returned. */
export const IdpConnection = Type.Object({
  id: Type.String({ format: 'uuid' }),
  displayName: Type.String(),
  issuer: Type.String(),
  clientId: Type.String(),
  scopes: Type.String(),
  enabled: Type.Boolean(),
  /** The redirect URI to register at the provider. */
  callbackUrl: Type.String(),
  /** When the provider's discovery document was last fetched: on save, on "check again" and when a sign-in failed. */
  lastCheckedDate: Type.Optional(DateString),
  /** Why the last check failed, in words. While set, the connection is not offered on login pages. */
  lastCheckError: Type.Optional(Type.String()),
  ...Timestamps,
});
export type IdpConnection = Static<typeof IdpConnection>;

export const CreateIdpConnectionRequest = Type.Object(
  {
    displayName: Type.String({ minLength: 1, maxLength: SSO_LIMITS.displayName }),
    issuer: Type.String({ minLength: 1, maxLength: SSO_LIMITS.issuer, pattern: HTTP_URL_PATTERN }),
    clientId: Type.String({ minLength: 1, maxLength: SSO_LIMITS.clientId }),
    clientSecret: Type.String({ minLength: 1, maxLength: SSO_LIMITS.clientSecret }),
    scopes: Type.Optional(Type.String({ maxLength: SSO_LIMITS.scopes, pattern: SSO_SCOPES_PATTERN })),
  },
  { additionalProperties: false },
);
export type CreateIdpConnectionRequest = Static<typeof CreateIdpConnectionRequest>;

export const IdpConnectionResponse = Type.Object({ connection: IdpConnection });
export const ListIdpConnectionsResponse = Type.Object({ connections: Type.Array(IdpConnection) });
export type ListIdpConnectionsResponse = Static<typeof ListIdpConnectionsResponse>;

/** What login pages show: one "Continue with <displayName>" per enabled connection. */
export const SsoProvider = Type.Object({
  id: Type.String(),
  displayName: Type.String(),
  /** GET it with the authorize request's parameters appended to start the round trip. */
  loginUrl: Type.String(),
});
export type SsoProvider = Static<typeof SsoProvider>;
export const ListSsoProvidersResponse = Type.Object({ providers: Type.Array(SsoProvider) });
export type ListSsoProvidersResponse = Static<typeof ListSsoProvidersResponse>;

/**
 * POST /identity/v1/sso/login-with-token-params: starts "Continue with <provider>" from a page of one's own. The
 * token params are the OAuth authorization request the sign-in continues (as a redirect session's `authRequest`);
 * after the provider, the browser comes back to `/oauth2/authorize` with them and ends at `redirectUri` with a code.
 */
export const SsoLoginWithTokenParamsRequest = Type.Object(
  {
    /** The site's one tenant, `default` (the same as in the GET login URL); may be left out. */
    tenantId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    idpConnectionId: Type.String({ format: 'uuid' }),
    // An SSO login returns through the browser's redirects: its redirect URI is always required.
    tokenParams: Type.Object(
      { ...Type.Omit(AuthRequest, ['sessionToken', 'redirectUri']).properties, redirectUri: HttpUrl },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type SsoLoginWithTokenParamsRequest = Static<typeof SsoLoginWithTokenParamsRequest>;

/** Where the browser must go: the provider's authorization page (PKCE, state and nonce of this attempt). */
export const SsoLoginWithTokenParamsResponse = Type.Object({ redirectUrl: Type.String() });
export type SsoLoginWithTokenParamsResponse = Static<typeof SsoLoginWithTokenParamsResponse>;
