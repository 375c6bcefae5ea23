// Plain values (no schemas): the web app imports them without pulling TypeBox into its bundle.

/** Bounds of a member's profile and contact fields (MAX_LENGTH violations when passed). */
export const MEMBER_LIMITS = {
  nickname: 100,
  title: 150,
  imageUrl: 2000,
  firstName: 100,
  lastName: 100,
  company: 100,
  jobTitle: 100,
  slug: 100,
} as const;

/** Lower-case words joined by single hyphens: `jane-doe`. */
export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
/** YYYY-MM-DD. */
export const BIRTHDATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** Bounds of a member report (MAX_LENGTH violations when passed). */
export const REPORT_LIMITS = { text: 1000 } as const;
