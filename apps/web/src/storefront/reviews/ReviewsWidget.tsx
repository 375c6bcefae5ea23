import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Review } from '@plaza/contracts';
import { useAuth, useRatingSummary, useReviews, useSite } from '@plaza/react';
import { EmptyState } from '../../ui/EmptyState.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { inputClass } from '../../ui/inputClass.js';
import { cx } from '../../ui/cx.js';
import { Skeleton } from '../../ui/Skeleton.js';
import { RatingSummaryPanel } from './RatingSummaryPanel.js';
import { MoreReviewsButton, ReviewCardList } from './ReviewCard.js';
import { ReviewCardsSkeleton, ReviewsSkeleton } from './ReviewsSkeleton.js';
import { REVIEW_SORTS, listRequest, type ReviewSortKey } from './requests.js';

// A member's own review (and the form to write it) is code only members run: it loads when a member is signed in.
const MyReview = lazy(() => import('./MyReview.js').then((m) => ({ default: m.MyReview })));

export interface ReviewsWidgetProps {
  /** What is reviewed: `site` + `store` for the store itself, `stores` + a product id, `members` + a member id. */
  namespace: string;
  entityId: string;
  /** The heading; "Reviews" by default. */
  title?: string;
  /** How many reviews a page brings. */
  pageSize?: number;
}

/**
 * Reviews of any entity: the rating summary, the approved reviews with sort and "Show more", and for a signed-in
 * member their own review (also while it waits for approval) to write, edit or delete.
 */
export function ReviewsWidget({ namespace, entityId, title = 'Reviews', pageSize = 10 }: ReviewsWidgetProps) {
  const headingId = useId();
  const { member } = useAuth();
  const { data: site } = useSite();
  const [sort, setSort] = useState<ReviewSortKey>('relevance');
  const summary = useRatingSummary(namespace, entityId);
  const list = useReviews(listRequest(namespace, entityId, sort, pageSize));

  if (summary.isPending && list.isPending) return <ReviewsSkeleton title={title} />;

  const storeName = site?.name ?? 'the store';
  // The member's own review is shown apart (with its status); the public list leaves it out.
  const reviews = (list.data?.pages.flatMap((p) => p.reviews) ?? []).filter(
    (r: Review) => !member || r.author.memberId !== member.id,
  );

  return (
    <section aria-labelledby={headingId} className="mt-12" data-testid="reviews-widget">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-neutral-900">
        {title}
      </h2>
      <div className="mt-6 grid gap-8 md:grid-cols-[16rem_1fr] md:gap-10">
        <div className="space-y-6">
          {summary.error ? (
            <ErrorMessage error={summary.error} onRetry={() => void summary.refetch()} retrying={summary.isFetching} />
          ) : summary.data ? (
            <RatingSummaryPanel summary={summary.data} />
          ) : (
            <Skeleton className="h-40 w-full" />
          )}
          {!member && <SignInPrompt storeName={storeName} />}
        </div>
        <div className="min-w-0">
          {member && (
            <Suspense fallback={<Skeleton className="mb-6 h-24 w-full" />}>
              <MyReview namespace={namespace} entityId={entityId} memberId={member.id} replyFrom={storeName} />
            </Suspense>
          )}
          <SortSelect sort={sort} setSort={setSort} />
          {list.error ? (
            <div className="mt-4">
              <ErrorMessage error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
            </div>
          ) : list.isPending ? (
            <ListSkeleton />
          ) : reviews.length === 0 ? (
            <div className="mt-4">
              <EmptyState title="No reviews yet — be the first">
                {member ? 'Tell others what you think.' : 'Sign in and tell others what you think.'}
              </EmptyState>
            </div>
          ) : (
            <ReviewCardList reviews={reviews} replyFrom={storeName} busy={list.isFetching} />
          )}
          <MoreReviewsButton list={list} />
        </div>
      </div>
    </section>
  );
}
/** For a visitor: a link to sign in (and come back here) to write a review. */
function SignInPrompt({ storeName }: { storeName: string }) {
  const here = useLocation();
  return (
    <div className="rounded-lg border border-neutral-200 bg-neutral-50 p-4 text-sm text-neutral-700">
      <p>Bought from {storeName}? Share your experience.</p>
      <Link
        to={`/login?returnTo=${encodeURIComponent(here.pathname + here.search)}`}
        className="mt-3 inline-flex min-h-10 items-center rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-strong"
      >
        Sign in to write a review
      </Link>
    </div>
  );
}

function SortSelect({ sort, setSort }: { sort: ReviewSortKey; setSort: (sort: ReviewSortKey) => void }) {
  const sortId = useId();
  return (
    <div className="flex items-center justify-end gap-2 border-b border-neutral-200 pb-3">
      <label htmlFor={sortId} className="text-sm whitespace-nowrap text-neutral-700">
        Sort by
      </label>
      <select
        id={sortId}
        value={sort}
        onChange={(e) => setSort(e.target.value as ReviewSortKey)}
        className={cx(inputClass, 'max-w-48 pr-8')}
      >
        {Object.entries(REVIEW_SORTS).map(([key, s]) => (
          <option key={key} value={key}>
            {s.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading reviews" className="space-y-6 py-5">
      <ReviewCardsSkeleton />
    </div>
  );
}

export default ReviewsWidget;
