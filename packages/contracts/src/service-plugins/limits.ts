// Plain values (no schemas): the web app imports them without pulling TypeBox into its bundle.

/** Bounds of a service plugin's registration (MAX_LENGTH violations when passed). */
export const SERVICE_PLUGIN_LIMITS = { name: 100, url: 2000 } as const;
