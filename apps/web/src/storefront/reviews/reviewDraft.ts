import type { Review, ReviewContent } from '@plaza/contracts';
import { REVIEW_LIMITS } from '@plaza/contracts/constants';
import { validateForm, type FormRules } from '../../ui/formRules.js';

/** What the review form edits: the rating, title, body and one photo URL. */
export interface ReviewDraft {
  rating: number;
  title: string;
  body: string;
  imageUrl: string;
}

export type ReviewDraftErrors = Partial<Record<keyof ReviewDraft, string>>;

export const emptyDraft: ReviewDraft = { rating: 0, title: '', body: '', imageUrl: '' };

export function draftOf(review: Review): ReviewDraft {
  const c = review.content;
  return {
    rating: c.rating,
    title: c.title ?? '',
    body: c.body ?? '',
    imageUrl: c.media?.find((m) => m.image)?.image ?? '',
  };
}

/** An absolute http(s) URL with a host. */
export function isWebAddress(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '' && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** The form's fields with the server's limits (REVIEW_LIMITS), checked before sending so the member sees them at once. */
export const reviewRules: FormRules<keyof ReviewDraft> = {
  rating: { label: 'Your rating', required: true, min: 1, max: 5, requiredMessage: 'Choose 1 to 5 stars.' },
  title: { label: 'Title', maxLength: REVIEW_LIMITS.title },
  body: { label: 'Your review', maxLength: REVIEW_LIMITS.body },
  imageUrl: {
    label: 'Photo URL',
    maxLength: REVIEW_LIMITS.url,
    valid: isWebAddress,
    formatHint: 'Enter a web address starting with https:// (or http://).',
  },
};

/** The values the rules check: no rating yet is a missing one, not a zero. */
export const ruleValuesOf = (draft: ReviewDraft) => ({ ...draft, rating: draft.rating || undefined });

export function validateDraft(draft: ReviewDraft): ReviewDraftErrors {
  return validateForm(reviewRules, ruleValuesOf(draft));
}

/**
 * The review content to send. The form edits one photo; other media of an edited review (videos, more photos
 * added through the API) are kept. Empty title and body are left out, which clears them on an update.
 */
export function contentOf(draft: ReviewDraft, previous?: Review): ReviewContent {
  const title = draft.title.trim();
  const body = draft.body.trim();
  const url = draft.imageUrl.trim();
  const before = previous?.content.media ?? [];
  const firstImage = before.findIndex((m) => m.image);
  const others = before.filter((_, i) => i !== firstImage);
  const media = url ? [{ image: url }, ...others] : others;
  return {
    rating: draft.rating,
    ...(title ? { title } : {}),
    ...(body ? { body } : {}),
    ...(media.length ? { media } : {}),
  };
}

/** Server field paths (`content.title`) to the form's fields. */
export function draftFieldOf(path: string): keyof ReviewDraft | undefined {
  if (path.endsWith('rating')) return 'rating';
  if (path.endsWith('title')) return 'title';
  if (path.endsWith('body')) return 'body';
  if (path.includes('media')) return 'imageUrl';
  return undefined;
}
