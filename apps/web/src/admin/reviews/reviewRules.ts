import type { ModerationStatus, QueryReviewsRequest, ReviewFilter } from '@plaza/contracts';

// Written out rather than imported: the contracts' values would pull the schema library into the dashboard chunk.
export const moderationLabels: Record<ModerationStatus, string> = {
  UNKNOWN: 'Unknown',
  APPROVED: 'Approved',
  IN_MODERATION: 'Waiting',
  REJECTED: 'Rejected',
  SUBMITTED: 'Submitted',
};

export type StatusTab = 'IN_MODERATION' | 'APPROVED' | 'REJECTED' | 'ALL';
export const statusTabs: Array<{ value: StatusTab; label: string }> = [
  { value: 'IN_MODERATION', label: 'Waiting for you' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'ALL', label: 'All' },
];

export type ReviewSort = 'newest' | 'oldest' | 'lowest' | 'highest';
export const sortOptions: Array<{ value: ReviewSort; label: string }> = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'lowest', label: 'Lowest rating first' },
  { value: 'highest', label: 'Highest rating first' },
];
const sorts: Record<ReviewSort, { fieldName: 'reviewDate' | 'content.rating'; order: 'ASC' | 'DESC' }> = {
  newest: { fieldName: 'reviewDate', order: 'DESC' },
  oldest: { fieldName: 'reviewDate', order: 'ASC' },
  lowest: { fieldName: 'content.rating', order: 'ASC' },
  highest: { fieldName: 'content.rating', order: 'DESC' },
};

export interface ReviewFilters {
  /** '' for any rating. */
  rating: '' | '1' | '2' | '3' | '4' | '5';
  namespace: string;
  entityId: string;
  sort: ReviewSort;
}
export const noReviewFilters: ReviewFilters = { rating: '', namespace: '', entityId: '', sort: 'newest' };

/** The filter of everything but the moderation status (shared by the list and the per-status counts). */
export function baseFilter(filters: ReviewFilters): ReviewFilter {
  const filter: ReviewFilter = {};
  if (filters.namespace.trim()) filter.namespace = filters.namespace.trim();
  if (filters.entityId.trim()) filter.entityId = filters.entityId.trim();
  if (filters.rating) filter['content.rating'] = Number(filters.rating);
  return filter;
}

export function statusFilter(filters: ReviewFilters, status: StatusTab): ReviewFilter {
  const filter = baseFilter(filters);
  if (status !== 'ALL') filter['moderation.moderationStatus'] = status;
  return filter;
}

/** The moderation queue's query: private reviews included, as only the owner sees them. */
export function queueRequest(filters: ReviewFilters, status: StatusTab, limit = 20): QueryReviewsRequest {
  return {
    query: { filter: statusFilter(filters, status), sort: [sorts[filters.sort]], cursorPaging: { limit } },
    returnPrivateReviews: true,
  };
}
