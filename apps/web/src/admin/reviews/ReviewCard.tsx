import { useState } from 'react';
import { Link } from 'react-router';
import type { Review } from '@plaza/contracts';
import { useAuth, usePlaza } from '@plaza/react';
import { Badge } from '../../ui/Badge.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { StarRating } from '../../ui/StarRating.js';
import { useToast } from '../Toast.js';
import { useDateFormat } from '../dates.js';
import { useReviewsMutation } from '../data.js';
import { GuardedButton } from '../ui/GuardedButton.js';
import { ReplyBlock } from './ReplyBlock.js';
import { moderationLabels } from './reviewRules.js';
import { reviewSubject } from './subject.js';
import { DangerConfirm } from '../ui/DangerConfirm.js';

const tones = { APPROVED: 'success', REJECTED: 'danger', IN_MODERATION: 'warning' } as const;
const isHttp = (url: string) => /^https?:\/\//i.test(url);

/**
 * One review for the moderator. Title, body and reply are plain text rendered as React text (escaped): no HTML
 * from a review ever reaches the page.
 */
export function ReviewCard({ review, memberLink }: { review: Review; memberLink: (id: string) => string }) {
  const plaza = usePlaza();
  const { member: me } = useAuth();
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);
  const [replying, setReplying] = useState(false);
  const remove = useReviewsMutation(
    () => plaza.reviews.deleteReview(review.id),
    () => {
      setDeleting(false);
      toast('Review deleted');
    },
  );
  const ownerOnly = me?.role === 'OWNER' ? null : 'Only the owner can moderate reviews.';
  const status = review.moderation.moderationStatus;
  const author = review.author;
  const name = author.name || (author.authorType === 'CONTACT' ? 'A visitor' : 'A member');
  const media = (review.content.media ?? []).filter((m) => isHttp(m.image ?? m.video ?? ''));

  return (
    <li className="rounded-lg border border-neutral-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating value={review.content.rating} size="sm" />
        <Badge tone={status in tones ? tones[status as keyof typeof tones] : 'neutral'}>
          {moderationLabels[status]}
        </Badge>
        <span className="text-xs text-neutral-600">
          about <span className="font-medium break-all text-neutral-800">{reviewSubject(review)}</span>
        </span>
      </div>
      {review.content.title && <h3 className="mt-2 font-semibold break-words">{review.content.title}</h3>}
      {review.content.body ? (
        <p className="mt-1 text-sm break-words whitespace-pre-wrap text-neutral-800">{review.content.body}</p>
      ) : (
        !review.content.title && <p className="mt-2 text-sm text-neutral-500 italic">A rating without text.</p>
      )}
      {media.length > 0 && <ReviewMedia media={media} />}
      <ReviewByline review={review} name={name} memberLink={memberLink} />
      {/* Keyed by the reply, so the editor starts from the saved text each time it opens. */}
      <ReplyBlock
        key={review.reply?.updatedDate ?? 'none'}
        review={review}
        ownerOnly={ownerOnly}
        editing={replying}
        onEditing={setReplying}
      />
      <ReviewActions
        review={review}
        ownerOnly={ownerOnly}
        replying={replying}
        onReply={() => setReplying(true)}
        onDelete={() => {
          remove.reset();
          setDeleting(true);
        }}
      />
      <DangerConfirm
        open={deleting}
        title={`Delete ${name}'s review?`}
        confirmLabel="Delete review"
        error={remove.error}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined)}
        onCancel={() => setDeleting(false)}
      >
        <p>It disappears from your site and from the rating. This cannot be undone.</p>
      </DangerConfirm>
    </li>
  );
}

type ReviewMediaItem = NonNullable<Review['content']['media']>[number];

/** The review's photos and videos, each opening its web address in a new tab. */
function ReviewMedia({ media }: { media: ReviewMediaItem[] }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos and videos">
      {media.map((m, i) => {
        const url = (m.image ?? m.video)!;
        return (
          <li key={i}>
            <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="block">
              {m.image ? (
                <img
                  src={url}
                  alt={`Photo ${i + 1} of the review`}
                  loading="lazy"
                  referrerPolicy="no-referrer"
                  className="h-20 w-20 rounded-md border border-neutral-200 object-cover"
                />
              ) : (
                <span className="inline-flex h-20 items-center rounded-md border border-neutral-200 px-3 text-sm text-accent underline">
                  Video {i + 1}
                </span>
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** Who wrote the review (a member links to their page; a visitor shows their e-mail), when, and how it came. */
function ReviewByline({
  review,
  name,
  memberLink,
}: {
  review: Review;
  name: string;
  memberLink: (id: string) => string;
}) {
  const date = useDateFormat();
  const author = review.author;
  return (
    <div className="mt-3 flex items-center gap-2 text-xs text-neutral-600">
      <span className="min-w-0">
        {author.memberId ? (
          <Link to={memberLink(author.memberId)} className="font-medium text-neutral-800 hover:underline">
            {name}
          </Link>
        ) : (
          <span className="font-medium text-neutral-800">{name}</span>
        )}
        {author.authorType === 'CONTACT' && (
          <>
            {' '}
            (visitor
            {author.email ? (
              <>
                , <span className="break-all">{author.email}</span>
              </>
            ) : null}
            )
          </>
        )}{' '}
        · {date(review.reviewDate)}
        {review.updatedDate !== review.createdDate && <> · edited {date(review.updatedDate)}</>}
        {review.origin.type === 'REVIEW_REQUEST' && <> · after a review request</>}
      </span>
    </div>
  );
}

/** Approve, reject, reply and delete (the owner only), with a moderation that failed. */
function ReviewActions({
  review,
  ownerOnly,
  replying,
  onReply,
  onDelete,
}: {
  review: Review;
  ownerOnly: string | null;
  replying: boolean;
  onReply: () => void;
  onDelete: () => void;
}) {
  const plaza = usePlaza();
  const toast = useToast();
  const moderate = useReviewsMutation(
    (decision: 'APPROVED' | 'REJECTED') => plaza.reviews.updateModerationStatus(review.id, decision),
    (_r, decision) => toast(decision === 'APPROVED' ? 'Review approved: it shows on your site' : 'Review rejected'),
  );
  const status = review.moderation.moderationStatus;
  return (
    <>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-neutral-100 pt-3">
        {status !== 'APPROVED' && (
          <GuardedButton
            blockedReason={ownerOnly}
            busy={moderate.isPending && moderate.variables === 'APPROVED'}
            onClick={() => moderate.mutate('APPROVED')}
          >
            Approve
          </GuardedButton>
        )}
        {status !== 'REJECTED' && (
          <GuardedButton
            variant="secondary"
            blockedReason={ownerOnly}
            busy={moderate.isPending && moderate.variables === 'REJECTED'}
            onClick={() => moderate.mutate('REJECTED')}
          >
            Reject
          </GuardedButton>
        )}
        {!review.reply && !replying && (
          <GuardedButton variant="secondary" blockedReason={ownerOnly} onClick={onReply}>
            Reply
          </GuardedButton>
        )}
        <GuardedButton
          variant="ghost"
          className="text-red-700 hover:bg-red-50 hover:text-red-800 sm:ml-auto"
          blockedReason={ownerOnly}
          onClick={onDelete}
        >
          Delete
        </GuardedButton>
      </div>
      {moderate.error && (
        <div className="mt-3">
          <ErrorMessage error={moderate.error} />
        </div>
      )}
    </>
  );
}
