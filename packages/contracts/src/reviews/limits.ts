// Plain values (no schemas): the web app imports them without pulling TypeBox into its bundle.

/** Bounds of review content (MAX_LENGTH violations when passed). */
export const REVIEW_LIMITS = {
  namespace: 50,
  entityId: 200,
  title: 200,
  body: 5000,
  media: 10,
  url: 2000,
  name: 100,
  reply: 3000,
} as const;

export const REVIEW_MASK_PATHS = ['content.title', 'content.body', 'content.rating', 'content.media'] as const;

/** A review namespace: lower-case letters, digits, `_` and `-`, starting with a letter (`stores`). */
export const REVIEW_NAMESPACE_PATTERN = '^[a-z][a-z0-9_-]*$';
