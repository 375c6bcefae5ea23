import { useState, type FormEvent } from 'react';
import type { Review } from '@plaza/contracts';
import { FormProblems } from '../../ui/FormProblems.js';
import { TextAreaField, TextField } from '../../ui/Field.js';
import { StarInput } from '../../ui/StarInput.js';
import { useFormRules } from '../../ui/useFormRules.js';
import { PhotoUploadButton, PhotoUrlField } from '../../ui/PhotoUploadButton.js';
import {
  draftFieldOf,
  draftOf,
  emptyDraft,
  isWebAddress,
  reviewRules,
  ruleValuesOf,
  type ReviewDraft,
} from './reviewDraft.js';
import { FormActions } from '../../ui/FormActions.js';

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
  const form = useFormRules(reviewRules, ruleValuesOf(draft), { serverError: error, fieldOf: draftFieldOf });
  const set = <K extends keyof ReviewDraft>(key: K, value: ReviewDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    form.edited(key);
  };
  /** A text field's label, limit, error and value for one written part of the draft. */
  const bound = (key: 'title' | 'body' | 'imageUrl') => form.bind(key, draft[key], (value) => set(key, value));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.check()) onSubmit(draft);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <StarInput
        value={draft.rating}
        onChange={(n) => set('rating', n)}
        label="Your rating"
        error={form.errors.rating}
      />
      <TextField {...bound('title')} label="Title (optional)" />
      <TextAreaField
        {...bound('body')}
        label="Your review (optional)"
        rows={5}
        hint="Plain text. What did you like, what could be better?"
      />
      <PhotoUrlField {...bound('imageUrl')} hint="A link to a picture already online, or upload one." />
      <PhotoUploadButton onUploaded={(url) => set('imageUrl', url)} />
      {isWebAddress(draft.imageUrl) && (
        <img
          src={draft.imageUrl}
          alt="Your photo"
          className="h-24 w-24 rounded-md border border-neutral-200 object-cover"
        />
      )}
      <FormProblems
        form={form}
        error={error}
        byStatus={{
          409: 'You already reviewed this. Edit your review instead.',
          403: 'Your account cannot write reviews at the moment.',
        }}
      />

      <FormActions
        submitLabel={review ? 'Save changes' : 'Post review'}
        busy={busy}
        onCancel={onCancel}
        cancelVariant="secondary"
      />
    </form>
  );
}
