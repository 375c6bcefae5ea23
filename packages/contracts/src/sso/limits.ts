// Plain values (no schemas): the web app imports them without pulling TypeBox into its bundle.

/** Bounds of an SSO connection's fields (MAX_LENGTH violations when passed). */
export const SSO_LIMITS = { displayName: 60, issuer: 2048, clientId: 500, clientSecret: 2000, scopes: 500 } as const;

/** The scopes must include `openid`. */
export const SSO_SCOPES_PATTERN = '(^|\\s)openid(\\s|$)';
