// Plain values (no schemas): the web app imports them without pulling TypeBox into its bundle.
// Patterns are JSON Schema `pattern` strings, so the server's schemas and the browser's checks use the same text.

/** Pragmatic, not RFC 5322: one @, no spaces, a dotted domain. Deliverability is proven by the code we mail. */
export const EMAIL_PATTERN = '^[^\\s@]{1,64}@(?=.{1,253}$)[^\\s@.]+(\\.[^\\s@.]+)+$';
/** RFC 5321's longest usable address. */
export const EMAIL_MAX_LENGTH = 254;

/** A web address: http(s) only. */
export const HTTP_URL_PATTERN = '^https?://';
/** Longest URL we keep (pictures, links). */
export const URL_MAX_LENGTH = 2000;
