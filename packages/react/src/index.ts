export {
  PlazaProvider,
  usePlaza,
  createPlazaQueryClient,
  shouldRetry,
  type PlazaProviderProps,
  type Register,
  type RegisteredClient,
} from './context.js';
export { siteQueries, useSite, type SiteClient } from './site.js';
export { authStore, claimsOf, useAuth, type AuthClient, type AuthLike, type AuthMember, type UseAuth } from './auth.js';
export {
  memberQueries,
  useInvalidateMembers,
  useMember,
  useMemberBySlug,
  useMembersQuery,
  useMyMember,
  type MembersClient,
} from './members.js';
export {
  nextPageRequest,
  reviewQueries,
  useInvalidateReviews,
  useRatingSummary,
  useReviewCount,
  useReviews,
  type ReviewsClient,
} from './reviews.js';
export { JOB_POLL_INTERVAL_MS, jobQueries, useJob, type JobsClient } from './jobs.js';
