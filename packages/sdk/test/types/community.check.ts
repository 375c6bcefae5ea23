// Compile-time checks of the members, reviews and jobs modules; test/types.test.ts runs tsc on this file.
import type { Job, Member, RatingSummary, Review } from '@plaza/contracts';
import { ApiKeyStrategy, createClient } from '@plaza/sdk';
import { jobs } from '@plaza/sdk/jobs';
import { members } from '@plaza/sdk/members';
import { reviews } from '@plaza/sdk/reviews';

const admin = createClient({
  baseUrl: 'https://x',
  auth: ApiKeyStrategy({ apiKey: 'k' }),
  modules: { members, reviews, jobs },
});

export const me: Promise<Member> = admin.members.getMyMember().then((r) => r.member);
export const page: Promise<Member[]> = admin.members
  .listMembers({ paging: { limit: 10 }, sorting: { fieldName: 'createdDate', order: 'DESC' } })
  .then((r) => r.members);
export const total: Promise<number> = admin.members
  .queryMembers({ query: { filter: {} } })
  .then((r) => r.metadata.total);
export const jobId: Promise<string> = admin.members
  .bulkBlockMembersByFilter({ status: 'PENDING' })
  .then((r) => r.jobId);
export const job: Promise<Job> = admin.jobs.getJob('j').then((r) => r.job);
export const summary: Promise<RatingSummary> = admin.reviews.getRatingSummary('stores', 'p1').then((r) => r.summary);
export const list: Promise<Review[]> = admin.reviews.queryReviews({}).then((r) => r.reviews);
export const next: Promise<string | undefined> = admin.reviews
  .queryReviews({})
  .then((r) => r.pagingMetadata.cursors.next);

// @ts-expect-error only PUBLIC, EXTENDED and FULL are fieldsets
void admin.members.getMember('id', ['ALL']);
// @ts-expect-error sorting by an unindexed field
void admin.members.listMembers({ sorting: { fieldName: 'loginEmail' } });
// @ts-expect-error the field mask is required
void admin.members.updateMember('id', { profile: { nickname: 'A' } });
// @ts-expect-error a report needs a reason from the list
void admin.members.reportMember({ memberId: 'id', reason: 'RUDE' });
// @ts-expect-error resolving takes DISMISS, MUTE or BLOCK
void admin.members.resolveReport('r', 'DELETE');
// @ts-expect-error moderation decisions are APPROVED or REJECTED only
void admin.reviews.updateModerationStatus('id', 'IN_MODERATION');
// @ts-expect-error a rating is a number
void admin.reviews.createReview({ namespace: 'stores', entityId: 'p1', content: { rating: '5' } });
// @ts-expect-error the entity is required
void admin.reviews.getRatingSummary('stores');
