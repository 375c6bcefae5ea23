// Plain values (no schemas): the web app imports them without pulling TypeBox into its bundle.

/** Bounds of a webhook subscription (MAX_LENGTH violations when passed). */
export const WEBHOOK_LIMITS = { name: 100, url: 2000, entityId: 200 } as const;
