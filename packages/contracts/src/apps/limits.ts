// Plain values (no schemas): the web app imports them without pulling TypeBox into its bundle.

/** Bounds of API keys and OAuth clients (MAX_LENGTH violations when passed). */
export const APP_LIMITS = { apiKeyName: 100, clientName: 100 } as const;
