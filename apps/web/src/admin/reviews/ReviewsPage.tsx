import { useMemo, useState } from 'react';
import { useAuth, useReviewCount, useReviews } from '@plaza/react';
import { Alert } from '../../ui/Alert.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { ListSkeleton } from '../ListSkeleton.js';
import { PageHeader } from '../SiteQuery.js';
import { MemberDrawer, useMemberDrawer } from '../members/MemberDrawer.js';
import { FilterTabs } from '../ui/FilterTabs.js';
import { useDebouncedValue } from '../ui/useDebouncedValue.js';
import { ReviewCard } from './ReviewCard.js';
import { ReviewFiltersBar } from './ReviewFiltersBar.js';
import {
  noReviewFilters,
  queueRequest,
  statusFilter,
  statusTabs,
  type ReviewFilters,
  type StatusTab,
} from './reviewRules.js';

/** /admin/reviews: the moderation queue (waiting reviews first), and every review by status, rating and entity. */
export function ReviewsPage() {
  const drawer = useMemberDrawer();
  const { member: me } = useAuth();
  const isOwner = me?.role === 'OWNER';
  // Reviews not yet approved are the owner's to see: contributors start on the approved ones.
  const [status, setStatus] = useState<StatusTab>(isOwner ? 'IN_MODERATION' : 'APPROVED');
  const [filters, setFilters] = useState<ReviewFilters>(noReviewFilters);
  // The entity boxes query after typing pauses; the dropdowns at once.
  const namespace = useDebouncedValue(filters.namespace, 400);
  const entityId = useDebouncedValue(filters.entityId, 400);
  const applied = useMemo(() => ({ ...filters, namespace, entityId }), [filters, namespace, entityId]);
  const { data, error, isPending, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = useReviews(
    queueRequest(applied, status),
  );
  const reviews = data?.pages.flatMap((p) => p.reviews) ?? [];
  const filtered = Boolean(applied.rating || applied.namespace.trim() || applied.entityId.trim());

  return (
    <>
      <PageHeader
        title="Reviews"
        description="Approve or reject what people write before it shows on your site, reply to it, or delete it."
      />
      <div className="space-y-4">
        {!isOwner && <Alert>Only the owner sees reviews waiting for moderation or rejected, and acts on them.</Alert>}
        <StatusTabs filters={applied} value={status} onChange={setStatus} />
        <ReviewFiltersBar filters={filters} onChange={setFilters} />
        {isPending ? (
          <ListSkeleton label="Loading reviews" rows={4} />
        ) : error ? (
          <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : reviews.length === 0 ? (
          <EmptyState title={status === 'IN_MODERATION' && !filtered ? 'Nothing waiting for you' : 'No reviews here'}>
            {status === 'IN_MODERATION' && !filtered
              ? 'New reviews wait here until you approve or reject them (Settings → Community).'
              : 'Try another status or clear the filters.'}
          </EmptyState>
        ) : (
          <>
            {/* The cards' titles are h3: this heading keeps the outline h1 → h2 → h3 for screen readers. */}
            <h2 className="sr-only">{statusTabs.find((t) => t.value === status)?.label ?? 'Reviews'}</h2>
            <ul className="space-y-3" aria-label="Reviews">
              {reviews.map((r) => (
                <ReviewCard key={r.id} review={r} memberLink={drawer.link} />
              ))}
            </ul>
            {hasNextPage && (
              <div className="flex justify-center">
                <Button variant="secondary" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                  Load more
                </Button>
              </div>
            )}
          </>
        )}
      </div>
      <MemberDrawer memberId={drawer.memberId} onClose={drawer.close} />
    </>
  );
}

/** The status tabs, each with the number of reviews it holds under the other filters. */
function StatusTabs({
  filters,
  value,
  onChange,
}: {
  filters: ReviewFilters;
  value: StatusTab;
  onChange: (s: StatusTab) => void;
}) {
  const counts = {
    IN_MODERATION: useReviewCount({ filter: statusFilter(filters, 'IN_MODERATION'), includePrivateReviews: true }).data,
    APPROVED: useReviewCount({ filter: statusFilter(filters, 'APPROVED'), includePrivateReviews: true }).data,
    REJECTED: useReviewCount({ filter: statusFilter(filters, 'REJECTED'), includePrivateReviews: true }).data,
    ALL: useReviewCount({ filter: statusFilter(filters, 'ALL'), includePrivateReviews: true }).data,
  };
  return (
    <FilterTabs
      label="Moderation status"
      tabs={statusTabs.map((t) => ({ ...t, count: counts[t.value] }))}
      value={value}
      onChange={onChange}
    />
  );
}
