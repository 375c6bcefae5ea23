import type {
  BulkByFilterRequest,
  CreateMemberRequest,
  EmptyResponse,
  Fieldset,
  ListMembersResponse,
  MemberFilter,
  MemberInput,
  MemberResponse,
  MemberSort,
  QueryMembersRequest,
  StartJobResponse,
} from '@plaza/contracts';
import { defineMethod, seg } from '../core/method.js';
import { listReports, reportMember, resolveReport } from './member-reports.js';

export * from './member-reports.js';

export type {
  BulkByFilterRequest,
  CreateMemberRequest,
  EmptyResponse,
  Fieldset,
  ListMembersResponse,
  MemberFilter,
  MemberInput,
  MemberResponse,
  MemberSort,
  QueryMembersRequest,
  StartJobResponse,
};
export type { Member, MemberReport, MemberStatus, MemberRoleName, ReportReason, ReportStatus } from '@plaza/contracts';

/** Offset paging of list routes: at most 100 a page (50 when left out). */
export type OffsetPaging = { limit?: number; offset?: number };

/** Free-text search over names, nickname and login e-mail: `{ expression: 'ann' }`. */
export type MemberSearch = NonNullable<BulkByFilterRequest['search']>;

/** Options of {@link listMembers}. */
export type ListMembersOptions = { paging?: OffsetPaging; fieldsets?: Fieldset[]; sorting?: MemberSort };

const MEMBERS = '/members/v1/members';
const member = (id: string, action = '') => `${MEMBERS}/${seg(id)}${action}`;
/** One `POST /members/v1/members/{id}/<action>` moderation call with an empty body. */
const moderate = (action: string) =>
  defineMethod<[id: string], MemberResponse>({
    argumentNames: ['id'],
    request: (id) => ({ method: 'POST', path: member(id, `/${action}`), body: {} }),
  });
/** One `DELETE /members/v1/members/{id}/<group>` that empties a contact group. */
const deleteGroup = (group: string) =>
  defineMethod<[id: string], MemberResponse>({
    argumentNames: ['id'],
    request: (id) => ({ method: 'DELETE', path: member(id, `/${group}`) }),
  });

/**
 * The signed-in member, FULL fieldset (contact included) unless `fieldsets` asks for less.
 *
 * @example
 * const { member } = await client.members.getMyMember();
 */
export const getMyMember = defineMethod<[fieldsets?: Fieldset[]], MemberResponse>({
  argumentNames: ['fieldsets'],
  request: (fieldsets) => ({ method: 'GET', path: `${MEMBERS}/my`, query: { fieldsets } }),
});

/**
 * Changes the signed-in member's slug (lowercase letters, digits and dashes). A taken slug is a 409.
 *
 * @example
 * const { member } = await client.members.updateMySlug('ann-lee');
 */
export const updateMySlug = defineMethod<[slug: string], MemberResponse>({
  argumentNames: ['slug'],
  request: (slug) => ({ method: 'POST', path: `${MEMBERS}/my/slug`, body: { slug } }),
});

/**
 * Changes another member's slug; for owners and API keys. A taken slug is a 409.
 *
 * @example
 * await admin.members.updateMemberSlug(memberId, 'shop-support');
 */
export const updateMemberSlug = defineMethod<[id: string, slug: string], MemberResponse>({
  argumentNames: ['id', 'slug'],
  request: (id, slug) => ({ method: 'POST', path: member(id, '/slug'), body: { slug } }),
});

/**
 * Makes the signed-in member PUBLIC: listed on the community page, profile visible to everyone.
 *
 * @example
 * const { member } = await client.members.joinCommunity(); // member.privacyStatus === 'PUBLIC'
 */
export const joinCommunity = defineMethod<[], MemberResponse>({
  argumentNames: [],
  request: () => ({ method: 'POST', path: `${MEMBERS}/join-community`, body: {} }),
});

/**
 * Makes the signed-in member PRIVATE: hidden from other visitors and members.
 *
 * @example
 * await client.members.leaveCommunity();
 */
export const leaveCommunity = defineMethod<[], MemberResponse>({
  argumentNames: [],
  request: () => ({ method: 'POST', path: `${MEMBERS}/leave-community`, body: {} }),
});

/**
 * One member. Visitors and members get the PUBLIC fieldset of PUBLIC members only (others are a 404); owners,
 * contributors and API keys may ask for EXTENDED or FULL.
 *
 * @example
 * const { member } = await admin.members.getMember(id, ['FULL']);
 */
export const getMember = defineMethod<[id: string, fieldsets?: Fieldset[]], MemberResponse>({
  argumentNames: ['id', 'fieldsets'],
  request: (id, fieldsets) => ({ method: 'GET', path: member(id), query: { fieldsets } }),
});

/**
 * A page of members (visitors and members see PUBLIC members only). Sent as a GET; when its URL would pass 4000
 * characters the SDK sends the same paging, fieldsets and sort to `POST /members/v1/members/query` instead.
 *
 * @example
 * const { members, metadata } = await client.members.listMembers({
 *   paging: { limit: 20, offset: 40 },
 *   sorting: { fieldName: 'profile.nickname', order: 'ASC' },
 * });
 */
export const listMembers = defineMethod<[options?: ListMembersOptions], ListMembersResponse>({
  argumentNames: ['options'],
  request: (options = {}) => ({
    method: 'GET',
    path: MEMBERS,
    query: { paging: options.paging, fieldsets: options.fieldsets, sorting: options.sorting },
  }),
  fallback: (options = {}) => ({
    method: 'POST',
    path: `${MEMBERS}/query`,
    body: {
      query: { paging: options.paging, sort: options.sorting && [options.sorting] },
      fieldsets: options.fieldsets,
    },
  }),
});

/**
 * Members by filter, sort, offset paging and free-text search. Filters are Mongo-like (`$eq $ne $in $nin $gt $gte
 * $lt $lte`); `status` also accepts the legacy names (APPLICANT, ACTIVE, INACTIVE, BLOCKED, OFFLINE_ONLY).
 *
 * @example
 * const { members, metadata } = await admin.members.queryMembers({
 *   query: { filter: { status: 'PENDING', role: { $in: ['MEMBER'] } }, sort: [{ fieldName: 'createdDate', order: 'DESC' }], paging: { limit: 50 } },
 *   search: { expression: 'ann' },
 *   fieldsets: ['EXTENDED'],
 * });
 */
export const queryMembers = defineMethod<[request: QueryMembersRequest], ListMembersResponse>({
  argumentNames: ['request'],
  request: (request) => ({ method: 'POST', path: `${MEMBERS}/query`, body: request }),
});

/**
 * Mutes a member: they can still sign in but can't write (owners and contributors, API keys).
 *
 * @example
 * const { member } = await admin.members.muteMember(id); // member.activityStatus === 'MUTED'
 */
export const muteMember = moderate('mute');

/**
 * Lifts a mute.
 *
 * @example
 * await admin.members.unmuteMember(id);
 */
export const unmuteMember = moderate('unmute');

/**
 * Approves a PENDING (or BLOCKED) member. A forbidden transition is a 4xx naming both states.
 *
 * @example
 * await admin.members.approveMember(id);
 */
export const approveMember = moderate('approve');

/**
 * Blocks a member: their sessions end at once and they can't sign in.
 *
 * @example
 * await admin.members.blockMember(id);
 */
export const blockMember = moderate('block');

/**
 * Disconnects a member (status OFFLINE): their sessions end and they can't sign in until approved again.
 *
 * @example
 * await admin.members.disconnectMember(id);
 */
export const disconnectMember = moderate('disconnect');

/**
 * Deletes a member and their identity. Their reviews go to `contentAssigneeId` when given, else are removed.
 *
 * @example
 * await admin.members.deleteMember(id, ownerMemberId);
 */
export const deleteMember = defineMethod<[id: string, contentAssigneeId?: string], EmptyResponse>({
  argumentNames: ['id', 'contentAssigneeId'],
  request: (id, contentAssigneeId) => ({ method: 'DELETE', path: member(id), query: { contentAssigneeId } }),
});

/**
 * Deletes the signed-in member's account. Sign the client out afterwards: its tokens no longer work.
 *
 * @example
 * await client.members.deleteMyMember();
 */
export const deleteMyMember = defineMethod<[contentAssigneeId?: string], EmptyResponse>({
  argumentNames: ['contentAssigneeId'],
  request: (contentAssigneeId) => ({ method: 'DELETE', path: `${MEMBERS}/my`, query: { contentAssigneeId } }),
});

/**
 * Deletes up to 10,000 members in a background job; poll it with `jobs.getJob(jobId)`.
 *
 * @example
 * const { jobId } = await admin.members.bulkDeleteMembers([idA, idB]);
 */
export const bulkDeleteMembers = defineMethod<[memberIds: string[], contentAssigneeId?: string], StartJobResponse>({
  argumentNames: ['memberIds', 'contentAssigneeId'],
  request: (memberIds, contentAssigneeId) => ({
    method: 'POST',
    path: `${MEMBERS}/bulk/delete`,
    body: { memberIds, contentAssigneeId },
  }),
});

/**
 * Deletes every member the filter (and search) matches, in a background job. `{}` means everyone.
 *
 * @example
 * const { jobId } = await admin.members.bulkDeleteMembersByFilter({ status: 'BLOCKED' }, { contentAssigneeId: ownerId });
 */
export const bulkDeleteMembersByFilter = defineMethod<
  [filter: MemberFilter, options?: { search?: MemberSearch; contentAssigneeId?: string }],
  StartJobResponse
>({
  argumentNames: ['filter', 'options'],
  request: (filter, options) => ({
    method: 'POST',
    path: `${MEMBERS}/bulk/delete-by-filter`,
    body: { ...options, filter },
  }),
});

/**
 * Approves every member the filter (and search) matches, in a background job.
 *
 * @example
 * const { jobId } = await admin.members.bulkApproveMembersByFilter({ status: 'PENDING' });
 */
export const bulkApproveMembersByFilter = byFilter('approve');

/**
 * Blocks every member the filter (and search) matches, in a background job.
 *
 * @example
 * const { jobId } = await admin.members.bulkBlockMembersByFilter({ id: { $in: selectedIds } });
 */
export const bulkBlockMembersByFilter = byFilter('block');

function byFilter(action: string) {
  return defineMethod<[filter: MemberFilter, search?: MemberSearch], StartJobResponse>({
    argumentNames: ['filter', 'search'],
    request: (filter, search) => ({
      method: 'POST',
      path: `${MEMBERS}/bulk/${action}-by-filter`,
      body: { filter, search },
    }),
  });
}

/**
 * Creates a member (and an identity without password, who signs in after password recovery or SSO).
 *
 * @example
 * const { member } = await admin.members.createMember({ loginEmail: 'ann@example.com', profile: { nickname: 'Ann' } });
 */
export const createMember = defineMethod<[member: CreateMemberRequest['member']], MemberResponse>({
  argumentNames: ['member'],
  request: (member) => ({ method: 'POST', path: MEMBERS, body: { member } }),
});

/**
 * Changes the fields named in `fieldMask` (`profile.nickname`, `contact.phones`, ...; owners also `role` and
 * `privacyStatus`). A member may update their own id; an unknown path is a violation.
 *
 * @example
 * await client.members.updateMember(me.id, { profile: { nickname: 'Ann', title: 'Baker' } }, ['profile.nickname', 'profile.title']);
 */
export const updateMember = defineMethod<[id: string, member: MemberInput, fieldMask: string[]], MemberResponse>({
  argumentNames: ['id', 'member', 'fieldMask'],
  request: (id, member_, fieldMask) => ({
    method: 'PATCH',
    path: member(id),
    body: { member: member_, fieldMask: { paths: fieldMask } },
  }),
});

/**
 * Removes every phone of a member's contact.
 *
 * @example
 * await admin.members.deleteMemberPhones(id);
 */
export const deleteMemberPhones = deleteGroup('phones');

/**
 * Removes every e-mail of a member's contact (the login e-mail stays).
 *
 * @example
 * await admin.members.deleteMemberEmails(id);
 */
export const deleteMemberEmails = deleteGroup('emails');

/**
 * Removes every address of a member's contact.
 *
 * @example
 * await admin.members.deleteMemberAddresses(id);
 */
export const deleteMemberAddresses = deleteGroup('addresses');

/**
 * The members module (member reports included): `import { members } from '@plaza/sdk/members'`, then
 * `createClient({ ..., modules: { members } })`.
 *
 * @example
 * const client = createClient({ baseUrl, auth, modules: { members } });
 * const { member } = await client.members.getMyMember();
 */
export const members = {
  getMyMember,
  updateMySlug,
  updateMemberSlug,
  joinCommunity,
  leaveCommunity,
  getMember,
  listMembers,
  queryMembers,
  muteMember,
  unmuteMember,
  approveMember,
  blockMember,
  disconnectMember,
  deleteMember,
  deleteMyMember,
  bulkDeleteMembers,
  bulkDeleteMembersByFilter,
  bulkApproveMembersByFilter,
  bulkBlockMembersByFilter,
  createMember,
  updateMember,
  deleteMemberPhones,
  deleteMemberEmails,
  deleteMemberAddresses,
  reportMember,
  listReports,
  resolveReport,
};
