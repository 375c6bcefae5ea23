import { useId, useState, type FormEvent } from 'react';
import type { Review } from '@plaza/contracts';
import { usePlaza } from '@plaza/react';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { inputClass } from '../../ui/Field.js';
import { useToast } from '../Toast.js';
import { useDateFormat } from '../dates.js';
import { useReviewsMutation } from '../data.js';
import { GuardedButton } from '../ui/GuardedButton.js';

const MAX = 3000;

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
  const date = useDateFormat();
  const id = useId();
  const [text, setText] = useState(review.reply?.message ?? '');
  const [removing, setRemoving] = useState(false);
  const save = useReviewsMutation(
    (message: string) => plaza.reviews.setReply(review.id, message),
    () => {
      onEditing(false);
      toast('Reply saved');
    },
  );
  const remove = useReviewsMutation(
    () => plaza.reviews.removeReply(review.id),
    () => {
      setRemoving(false);
      toast('Reply removed');
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) save.mutate(text.trim());
  };

  if (editing) {
    return (
      <form onSubmit={submit} className="mt-3 space-y-2 rounded-md bg-neutral-50 p-3">
        <label htmlFor={id} className="block text-sm font-medium text-neutral-800">
          Your public reply
        </label>
        <textarea
          id={id}
          className={`${inputClass} min-h-24`}
          maxLength={MAX}
          required
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="text-xs text-neutral-600">
          Shown under the review on your site. {MAX - text.length} characters left.
        </p>
        {save.error && <ErrorMessage error={save.error} />}
        <div className="flex gap-2">
          <Button type="submit" busy={save.isPending} disabled={!text.trim()}>
            Save reply
          </Button>
          <Button variant="ghost" onClick={() => onEditing(false)} disabled={save.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  if (!review.reply) return null;
  return (
    <div className="mt-3 rounded-md border-l-4 border-accent/40 bg-neutral-50 p-3">
      <p className="text-xs font-medium text-neutral-700">Public reply · {date(review.reply.updatedDate)}</p>
      <p className="mt-1 text-sm break-words whitespace-pre-wrap text-neutral-800">{review.reply.message}</p>
      <div className="mt-2 flex gap-2">
        <GuardedButton
          variant="ghost"
          className="-ml-2 min-h-8 px-2"
          blockedReason={ownerOnly}
          onClick={() => onEditing(true)}
        >
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
      <ConfirmDialog
        open={removing}
        title="Remove your reply?"
        confirmLabel="Remove reply"
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined)}
        onCancel={() => setRemoving(false)}
      >
        <p>It no longer shows under the review on your site.</p>
        {remove.error && (
          <div className="mt-3">
            <ErrorMessage error={remove.error} />
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}
