import { useState, type FormEvent } from 'react';
import type { Review } from '@plaza/contracts';
import { REVIEW_LIMITS } from '@plaza/contracts/constants';
import { Button } from '../../ui/Button.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { TextAreaField, TextField } from '../../ui/Field.js';
import { StarInput } from '../../ui/StarRating.js';
import { fieldErrors, friendlyError } from '../../ui/friendlyError.js';
import {
  draftFieldOf,
  draftOf,
  emptyDraft,
  validateDraft,
  type ReviewDraft,
  type ReviewDraftErrors,
} from './reviewDraft.js';

export interface ReviewFormProps {
  /** The review being edited; a new review without it. */
  review?: Review | undefined;
  busy: boolean;
  /** The last failed save, shown under the fields (violations next to their field). */
  error: unknown;
  onSubmit: (draft: ReviewDraft) => void;
  onCancel: () => void;
}

/** Writing or editing one's review: stars, title, text and an optional photo URL. */
export function ReviewForm({ review, busy, error, onSubmit, onCancel }: ReviewFormProps) {
  const [draft, setDraft] = useState<ReviewDraft>(() => (review ? draftOf(review) : emptyDraft));
  const [errors, setErrors] = useState<ReviewDraftErrors>({});
  const set = <K extends keyof ReviewDraft>(key: K, value: ReviewDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  // The server's violations land next to the field they name.
  const server: ReviewDraftErrors = {};
  for (const [path, description] of Object.entries(fieldErrors(error))) {
    const field = draftFieldOf(path);
    if (field) server[field] ??= description;
  }
  const shown = { ...server, ...errors };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(draft);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <StarInput value={draft.rating} onChange={(n) => set('rating', n)} label="Your rating" error={shown.rating} />
      <TextField
        label="Title (optional)"
        value={draft.title}
        maxLength={REVIEW_LIMITS.title}
        onChange={(e) => set('title', e.target.value)}
        error={shown.title}
      />
      <TextAreaField
        label="Your review (optional)"
        rows={5}
        value={draft.body}
        maxLength={REVIEW_LIMITS.body}
        onChange={(e) => set('body', e.target.value)}
        hint="Plain text. What did you like, what could be better?"
        error={shown.body}
      />
      <TextField
        label="Photo URL (optional)"
        type="url"
        inputMode="url"
        placeholder="https://…"
        value={draft.imageUrl}
        onChange={(e) => set('imageUrl', e.target.value)}
        hint="A link to a picture already online."
        error={shown.imageUrl}
      />
      {error !== null && error !== undefined && Object.keys(server).length === 0 && (
        <ErrorMessage
          error={friendlyError(error, {
            409: 'You already reviewed this. Edit your review instead.',
            403: 'Your account cannot write reviews at the moment.',
          })}
        />
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          {review ? 'Save changes' : 'Post review'}
        </Button>
      </div>
    </form>
  );
}
