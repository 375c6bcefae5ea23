import { useQuery } from '@tanstack/react-query';
import type { Identity } from '@plaza/contracts';
import {
  identityQueries,
  memberQueries,
  reviewQueries,
  useAuth,
  usePlaza,
  type MembersClient,
  type ReviewsClient,
} from '@plaza/react';

/** Whether a pending identity waits for the owner (the others still verify their e-mail). */
export const waitsForOwner = (i: Identity) => i.status.reasons.includes('ADMIN_APPROVAL_REQUIRED');

/**
 * The pending identities. The sidebar's count keeps this query alive, so the approvals page asks again whenever it
 * opens (`fresh`) rather than showing what the count last loaded.
 */
export function usePendingIdentities({ enabled = true, fresh = false } = {}) {
  return useQuery({
    // The approvals queue: pending identities (those still verifying their e-mail too). Owner only.
    ...identityQueries.identities(usePlaza(), { status: 'PENDING', 'paging.limit': 100 }),
    enabled,
    ...(fresh ? { refetchOnMount: 'always' as const } : { refetchInterval: COUNTS_REFRESH_MS }),
  });
}

// New sign-ups, reviews and reports arrive from elsewhere: the counts look again every minute.
const COUNTS_REFRESH_MS = 60_000;

const IN_MODERATION = { filter: { 'moderation.moderationStatus': 'IN_MODERATION' }, includePrivateReviews: true };

/** The newest open reports: the count for the sidebar, the first few for the overview's activity. */
export const useOpenReports = () =>
  useQuery({
    ...memberQueries.reports(usePlaza<MembersClient>(), { status: 'OPEN', paging: { limit: 5 } }),
    refetchInterval: COUNTS_REFRESH_MS,
  });

export interface WaitingCounts {
  /** Reviews in moderation (owner only). */
  reviews?: number;
  /** Open member reports. */
  reports?: number;
  /** Accounts waiting for the owner's approval (owner only). */
  approvals?: number;
}

/**
 * What waits for the signed-in staff member, for the sidebar and the overview. A count is undefined while it loads,
 * when it failed, or when the caller may not see that queue (contributors don't moderate or approve).
 */
export function useWaitingCounts(): WaitingCounts {
  const isOwner = useAuth().member?.role === 'OWNER';
  const reviews = useQuery({
    ...reviewQueries.count(usePlaza<ReviewsClient>(), IN_MODERATION),
    enabled: isOwner,
    refetchInterval: COUNTS_REFRESH_MS,
  });
  const reports = useOpenReports();
  const identities = usePendingIdentities({ enabled: isOwner });
  return {
    reviews: isOwner ? reviews.data : undefined,
    reports: reports.data?.metadata.total,
    approvals: isOwner ? identities.data?.identities.filter(waitsForOwner).length : undefined,
  };
}
