import type { ReactNode } from 'react';
import type { Review } from '@plaza/contracts';
import { Avatar } from '../../ui/Avatar.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { StarRating } from '../../ui/StarRating.js';
import { useDayFormat } from '../format.js';

/** Only http(s) links reach an href or src: the server checks too, but a `javascript:` URL must never render. */
export const isHttpUrl = (url: string | undefined): url is string => !!url && /^https?:\/\//i.test(url);

/** Words for a review that is not public yet (only its author and the owner ever see one). */
export function pendingLabel(status: Review['moderation']['moderationStatus']): string | null {
  if (status === 'APPROVED') return null;
  if (status === 'REJECTED') return 'Not published';
  return 'Waiting for approval';
}

/**
 * One review: author, date, stars, title, body and media, and the store's reply under it. Title and body are plain
 * text rendered by React (escaped), with the author's line breaks kept.
 */
export function ReviewCard({
  review,
  replyFrom,
  badge,
  actions,
}: {
  review: Review;
  /** Who answers: the store's name. */
  replyFrom: string;
  /** Shown next to the author ("Your review"). */
  badge?: ReactNode;
  /** Edit and delete, for the author. */
  actions?: ReactNode;
}) {
  const day = useDayFormat();
  const { content, author, reply } = review;
  const name = author.name?.trim() || (author.authorType === 'MEMBER' ? 'A member' : 'A customer');
  const pending = pendingLabel(review.moderation.moderationStatus);
  const media = (content.media ?? []).filter((m) => isHttpUrl(m.image) || isHttpUrl(m.video));
  return (
    <article className="py-5" data-testid="review" aria-label={`Review by ${name}`}>
      <header className="flex items-start gap-3">
        <Avatar src={isHttpUrl(author.photoUrl) ? author.photoUrl : undefined} name={name} size="sm" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p className="font-medium break-words text-neutral-900" data-testid="review-author">
              {name}
            </p>
            {badge}
            {pending && (
              <Badge tone={review.moderation.moderationStatus === 'REJECTED' ? 'danger' : 'warning'}>{pending}</Badge>
            )}
          </div>
          <div className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-neutral-600">
            <StarRating value={content.rating} size="sm" />
            <time dateTime={review.reviewDate}>{day(review.reviewDate)}</time>
          </div>
        </div>
      </header>
      {content.title && (
        <h3 className="mt-3 font-semibold break-words text-neutral-900" data-testid="review-title">
          {content.title}
        </h3>
      )}
      {content.body && (
        <p
          className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line text-neutral-800"
          data-testid="review-body"
        >
          {content.body}
        </p>
      )}
      {media.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos and videos">
          {media.map((m, i) => (
            <li key={i}>
              <MediaLink image={m.image} video={m.video} index={i + 1} />
            </li>
          ))}
        </ul>
      )}
      {reply && (
        <div
          className="mt-4 rounded-md border-l-4 border-accent bg-accent-soft/60 px-4 py-3"
          data-testid="review-reply"
        >
          <p className="text-sm font-medium text-accent-ink">
            Reply from {replyFrom}
            <span className="font-normal text-neutral-600">
              {' · '}
              <time dateTime={reply.updatedDate}>{day(reply.updatedDate)}</time>
            </span>
          </p>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-neutral-800">{reply.message}</p>
        </div>
      )}
      {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
    </article>
  );
}

function MediaLink({ image, video, index }: { image?: string | undefined; video?: string | undefined; index: number }) {
  // User-supplied links: never pass our page as referrer or opener, and tell search engines we don't vouch for them.
  const link = { target: '_blank', rel: 'noopener noreferrer nofollow ugc' } as const;
  if (isHttpUrl(image)) {
    return (
      <a
        href={image}
        {...link}
        aria-label={`Photo ${index} (opens in a new tab)`}
        className="block h-20 w-20 overflow-hidden rounded-md border border-neutral-200 bg-neutral-100"
      >
        <img src={image} alt="" loading="lazy" referrerPolicy="no-referrer" className="h-full w-full object-cover" />
      </a>
    );
  }
  return (
    <a
      href={video}
      {...link}
      className="flex h-20 w-20 flex-col items-center justify-center rounded-md border border-neutral-200 bg-neutral-50 text-xs font-medium text-neutral-700 hover:bg-neutral-100"
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="currentColor">
        <path d="M8 5v14l11-7z" />
      </svg>
      Video {index}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** A page of reviews as cards, one under the other; `busy` while another sort of them loads. */
export function ReviewCardList({ reviews, replyFrom, busy }: { reviews: Review[]; replyFrom: string; busy?: boolean }) {
  return (
    <div className="divide-y divide-neutral-200" aria-busy={busy || undefined}>
      {reviews.map((r) => (
        <ReviewCard key={r.id} review={r} replyFrom={replyFrom} />
      ))}
    </div>
  );
}

/** "Show more reviews" under a list that has another page. */
export function MoreReviewsButton({
  list,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  if (!list.hasNextPage) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="secondary" onClick={() => void list.fetchNextPage()} busy={list.isFetchingNextPage}>
        Show more reviews
      </Button>
    </div>
  );
}
