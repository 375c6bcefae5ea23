// Plain values (no schemas): the web app imports them without pulling TypeBox into its bundle.

/** Bounds of API keys and OAuth clients (MAX_LENGTH violations when passed). */
export const APP_LIMITS = { apiKeyName: 100, clientName: 100, clientUrl: 2048, clientUrls: 20 } as const;

/** An OAuth client's redirect URI: an http(s) address. */
export const CLIENT_REDIRECT_URI_PATTERN = '^https?://';
/** An OAuth client's allowed origin: scheme and host only, no path. */
export const CLIENT_ORIGIN_PATTERN = '^https?://[^/?#]+$';
