import { useState, type FormEvent } from 'react';
import type { Review } from '@plaza/contracts';
import { REVIEW_LIMITS } from '@plaza/contracts/constants';
import { usePlaza } from '@plaza/react';
import { Button } from '../../ui/Button.js';
import { FormProblems } from '../../ui/FormProblems.js';
import { TextAreaField } from '../../ui/Field.js';
import type { FormRules } from '../../ui/formRules.js';
import { useFormRules } from '../../ui/useFormRules.js';
import { useToast } from '../Toast.js';
import { useDateFormat } from '../dates.js';
import { useReviewsMutation } from '../data.js';
import { GuardedButton } from '../ui/GuardedButton.js';
import { DangerConfirm } from '../ui/DangerConfirm.js';

/** The reply's rule: the server's own limit (`REVIEW_LIMITS.reply`), checked as typed. */
export const replyRules: FormRules<'message'> = {
  message: {
    label: 'Your public reply',
    required: true,
    requiredMessage: 'Write a reply, or cancel.',
    maxLength: REVIEW_LIMITS.reply,
  },
};

/**
 * The owner's public reply under a review: shown, written or edited inline, or removed (after a confirmation). The
 * card's own "Reply" button opens the editor through `editing`.
 */
export function ReplyBlock({
  review,
  ownerOnly,
  editing,
  onEditing,
}: {
  review: Review;
  ownerOnly: string | null;
  editing: boolean;
  onEditing: (editing: boolean) => void;
}) {
  const plaza = usePlaza();
  const toast = useToast();
  const [text, setText] = useState(review.reply?.message ?? '');
  const save = useReviewsMutation(
    (message: string) => plaza.reviews.setReply(review.id, message),
    () => {
      onEditing(false);
      toast('Reply saved');
    },
  );

  if (editing) {
    return (
      <ReplyEditor
        text={text}
        onText={setText}
        busy={save.isPending}
        error={save.error}
        onSave={(message) => save.mutate(message)}
        onCancel={() => onEditing(false)}
      />
    );
  }
  if (!review.reply) return null;
  return <SavedReply reviewId={review.id} reply={review.reply} ownerOnly={ownerOnly} onEdit={() => onEditing(true)} />;
}

/**
 * The reply being written: a counter to the server's limit, its problems in words under it (a server violation
 * included), and nothing sent while it is empty or too long.
 */
export function ReplyEditor({
  text,
  onText,
  busy,
  error,
  onSave,
  onCancel,
}: {
  text: string;
  onText: (text: string) => void;
  busy: boolean;
  error: unknown;
  onSave: (message: string) => void;
  onCancel: () => void;
}) {
  const form = useFormRules(replyRules, { message: text.trim() ? text : '' }, { serverError: error });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.check()) onSave(text.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-2 rounded-md bg-neutral-50 p-3">
      <TextAreaField
        {...form.field('message')}
        autoFocus
        value={text}
        onChange={(e) => {
          onText(e.target.value);
          form.edited('message');
        }}
        hint="Shown under the review on your site."
      />
      <FormProblems form={form} error={error} />

      <div className="flex gap-2">
        <Button type="submit" busy={busy} disabled={!text.trim()}>
          Save reply
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The saved reply with its date, and editing or removing it (after a confirmation). */
function SavedReply({
  reviewId,
  reply,
  ownerOnly,
  onEdit,
}: {
  reviewId: string;
  reply: NonNullable<Review['reply']>;
  ownerOnly: string | null;
  onEdit: () => void;
}) {
  const plaza = usePlaza();
  const toast = useToast();
  const date = useDateFormat();
  const [removing, setRemoving] = useState(false);
  const remove = useReviewsMutation(
    () => plaza.reviews.removeReply(reviewId),
    () => {
      setRemoving(false);
      toast('Reply removed');
    },
  );
  return (
    <div className="mt-3 rounded-md border-l-4 border-accent/40 bg-neutral-50 p-3">
      <p className="text-xs font-medium text-neutral-700">Public reply · {date(reply.updatedDate)}</p>
      <p className="mt-1 text-sm break-words whitespace-pre-wrap text-neutral-800">{reply.message}</p>
      <div className="mt-2 flex gap-2">
        <GuardedButton variant="ghost" className="-ml-2 min-h-8 px-2" blockedReason={ownerOnly} onClick={onEdit}>
          Edit reply
        </GuardedButton>
        <GuardedButton
          variant="ghost"
          className="min-h-8 px-2 text-red-700 hover:bg-red-50"
          blockedReason={ownerOnly}
          onClick={() => {
            remove.reset();
            setRemoving(true);
          }}
        >
          Remove reply
        </GuardedButton>
      </div>
      <DangerConfirm
        open={removing}
        title="Remove your reply?"
        confirmLabel="Remove reply"
        error={remove.error}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined)}
        onCancel={() => setRemoving(false)}
      >
        <p>It no longer shows under the review on your site.</p>
      </DangerConfirm>
    </div>
  );
}
