import { lazy, Suspense, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Review } from '@plaza/contracts';
import { REVIEW_MASK_PATHS } from '@plaza/contracts/constants';
import { useInvalidateReviews, usePlaza, useReviews } from '@plaza/react';
import { Alert } from '../../ui/Alert.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Skeleton } from '../../ui/Skeleton.js';
import { ReviewCard } from './ReviewCard.js';
import { myReviewRequest } from './requests.js';
import { contentOf, type ReviewDraft } from './reviewDraft.js';

// The form (with its photo upload) loads when the member starts writing.
const ReviewForm = lazy(() => import('./ReviewForm.js').then((m) => ({ default: m.ReviewForm })));

type Mode = 'view' | 'write';

/**
 * The signed-in member's own review of the entity, whatever its moderation status (one per member and entity):
 * a "Write a review" prompt without one, else the review with Edit and Delete.
 */
export function MyReview({
  namespace,
  entityId,
  memberId,
  replyFrom,
}: {
  namespace: string;
  entityId: string;
  memberId: string;
  replyFrom: string;
}) {
  const [mode, setMode] = useState<Mode>('view');
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const mine = useReviews(myReviewRequest(namespace, entityId, memberId));
  const review: Review | undefined = mine.data?.pages[0]?.reviews[0];
  const { save, remove } = useReviewMutations(namespace, entityId, review, {
    onSaved: (published) => {
      setMode('view');
      setNotice(
        published
          ? 'Thank you! Your review is published.'
          : 'Thank you! Your review will appear once the store approves it.',
      );
    },
    onDeleted: () => {
      setConfirmDelete(false);
      setNotice('Your review was deleted.');
    },
  });

  const startWriting = () => {
    save.reset();
    setNotice(null);
    setMode('write');
  };

  let body;
  if (mine.isPending) {
    body = <Skeleton className="h-24 w-full" />;
  } else if (mine.error) {
    body = <ErrorMessage error={mine.error} onRetry={() => void mine.refetch()} retrying={mine.isFetching} />;
  } else if (mode === 'write') {
    body = (
      <WritePanel
        review={review}
        busy={save.isPending}
        error={save.error}
        onSubmit={(draft) => save.mutate(draft)}
        onCancel={() => setMode('view')}
      />
    );
  } else if (review) {
    body = (
      <OwnReview review={review} replyFrom={replyFrom} onEdit={startWriting} onDelete={() => setConfirmDelete(true)} />
    );
  } else {
    body = (
      <div className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-neutral-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-neutral-700">Share your experience with other customers.</p>
        <Button onClick={startWriting}>Write a review</Button>
      </div>
    );
  }

  return (
    <div className="mb-6 space-y-3">
      {notice && mode === 'view' && <Alert tone="success">{notice}</Alert>}
      {body}
      <DeleteReviewDialog
        open={confirmDelete}
        remove={remove}
        onConfirm={() => review && remove.mutate(review.id)}
        onCancel={() => {
          setConfirmDelete(false);
          remove.reset();
        }}
      />
    </div>
  );
}

/** Creates or updates the member's review, or deletes it; the review lists refresh after either. */
function useReviewMutations(
  namespace: string,
  entityId: string,
  review: Review | undefined,
  then: { onSaved: (published: boolean) => void; onDeleted: () => void },
) {
  const plaza = usePlaza();
  const refresh = useInvalidateReviews();
  const save = useMutation({
    mutationFn: (draft: ReviewDraft) =>
      review
        ? plaza.reviews.updateReview(review.id, { content: contentOf(draft, review) }, [...REVIEW_MASK_PATHS])
        : plaza.reviews.createReview({ namespace, entityId, content: contentOf(draft) }),
    onSuccess: async ({ review: saved }) => {
      then.onSaved(saved.moderation.moderationStatus === 'APPROVED');
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => plaza.reviews.deleteReview(id),
    onSuccess: async () => {
      then.onDeleted();
      await refresh();
    },
  });
  return { save, remove };
}

/** The review form in its frame; it loads on first use. */
function WritePanel({
  review,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  review: Review | undefined;
  busy: boolean;
  error: unknown;
  onSubmit: (draft: ReviewDraft) => void;
  onCancel: () => void;
}) {
  return (
    <div className="rounded-lg border border-neutral-200 p-4 sm:p-5">
      <h3 className="mb-4 text-base font-semibold">{review ? 'Edit your review' : 'Write a review'}</h3>
      <Suspense fallback={<Skeleton className="h-64 w-full" />}>
        <ReviewForm review={review} busy={busy} error={error} onSubmit={onSubmit} onCancel={onCancel} />
      </Suspense>
    </div>
  );
}

/** The member's own review, marked as theirs, with Edit and Delete. */
function OwnReview({
  review,
  replyFrom,
  onEdit,
  onDelete,
}: {
  review: Review;
  replyFrom: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="rounded-lg border border-neutral-200 px-4 sm:px-5" data-testid="my-review">
      <ReviewCard
        review={review}
        replyFrom={replyFrom}
        badge={<Badge tone="accent">Your review</Badge>}
        actions={
          <>
            <Button variant="secondary" onClick={onEdit}>
              Edit
            </Button>
            <Button variant="ghost" className="text-red-700 hover:text-red-800" onClick={onDelete}>
              Delete
            </Button>
          </>
        }
      />
    </div>
  );
}

/** Asks before deleting the review for good; a failed delete says why inside the dialog. */
function DeleteReviewDialog({
  open,
  remove,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  remove: ReturnType<typeof useReviewMutations>['remove'];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title="Delete your review?"
      confirmLabel="Delete review"
      danger
      busy={remove.isPending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>Your rating and text are removed for good. You can write a new review afterwards.</p>
      {remove.error !== null && (
        <div className="mt-3">
          <ErrorMessage error={remove.error} />
        </div>
      )}
    </ConfirmDialog>
  );
}
