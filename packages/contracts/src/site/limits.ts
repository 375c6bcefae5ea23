// Plain values (no schemas): the web app imports them without pulling TypeBox into its bundle.

/** Bounds of the site settings (MAX_LENGTH violations when passed). */
export const SITE_LIMITS = { name: 100, locale: 35, timeZone: 64 } as const;

/** BCP 47 language tag, such as en or en-US. */
export const LOCALE_PATTERN = '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$';
/** ISO 4217 currency code, upper case (USD). */
export const CURRENCY_PATTERN = '^[A-Z]{3}$';
