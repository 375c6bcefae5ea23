// Plain values (no schemas): the web app imports them without pulling TypeBox into its bundle.

/** Passwords: 8 to 256 characters, no composition rules (NIST SP 800-63B). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** Bounds of identity profile and postal address fields (MAX_LENGTH violations when passed). */
export const IDENTITY_LIMITS = {
  name: 100,
  phone: 30,
  subdivision: 10,
  city: 100,
  postalCode: 20,
  addressLine: 200,
} as const;

/** ISO 3166-1 alpha-2 country code (US). */
export const COUNTRY_PATTERN = '^[A-Z]{2}$';
/** Digits and the usual phone punctuation. */
export const PHONE_PATTERN = '^[0-9+()\\-. ]+$';

/**
 * A script-readable cookie the server sets and clears together with its HttpOnly sign-in session cookie. It carries
 * no secret, only "this browser may have a sign-in session", so a web app asks for a silent login (and loads the code
 * for it) only then, not for every new visitor.
 */
export const SESSION_HINT_COOKIE = 'plaza_signed_in';
