/**
 * The members, reviews and jobs modules build the requests of the route list: method, path, query and body, through a
 * real client with a recording fetch (the server side is in integration/community.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy, createClient, MAX_GET_QUERY_LENGTH } from '../src/index.js';
import { resolveRequest } from '../src/core/call.js';
import { jobs } from '../src/modules/jobs.js';
import { listMembers, members } from '../src/modules/members.js';
import { reviews } from '../src/modules/reviews.js';
import type { FetchLike } from '../src/core/types.js';

interface Sent {
  method: string;
  path: string;
  query: string;
  body: unknown;
}

function client() {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    sent.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.search.slice(1),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const c = createClient({
    baseUrl: 'https://api.example.com',
    auth: ApiKeyStrategy({ apiKey: 'k' }),
    modules: { members, reviews, jobs },
    fetch,
  });
  return { c, sent };
}

type Client = ReturnType<typeof client>['c'];
type Case = [name: string, run: (c: Client) => Promise<unknown>, expected: Partial<Sent>];

const ID = '0190a000-0000-7000-8000-000000000001';
const ID2 = '0190a000-0000-7000-8000-000000000002';
const M = '/members/v1/members';

const memberCases: Case[] = [
  ['getMyMember', (c) => c.members.getMyMember(), { method: 'GET', path: `${M}/my`, query: '', body: undefined }],
  ['getMyMember(fieldsets)', (c) => c.members.getMyMember(['PUBLIC']), { path: `${M}/my`, query: 'fieldsets=PUBLIC' }],
  [
    'updateMySlug',
    (c) => c.members.updateMySlug('ann'),
    { method: 'POST', path: `${M}/my/slug`, body: { slug: 'ann' } },
  ],
  [
    'updateMemberSlug',
    (c) => c.members.updateMemberSlug(ID, 'bo'),
    { method: 'POST', path: `${M}/${ID}/slug`, body: { slug: 'bo' } },
  ],
  ['joinCommunity', (c) => c.members.joinCommunity(), { method: 'POST', path: `${M}/join-community`, body: {} }],
  ['leaveCommunity', (c) => c.members.leaveCommunity(), { method: 'POST', path: `${M}/leave-community`, body: {} }],
  [
    'getMember',
    (c) => c.members.getMember(ID, ['EXTENDED', 'FULL']),
    { method: 'GET', path: `${M}/${ID}`, query: 'fieldsets=EXTENDED&fieldsets=FULL' },
  ],
  ['getMember without fieldsets', (c) => c.members.getMember(ID), { path: `${M}/${ID}`, query: '' }],
  ['listMembers()', (c) => c.members.listMembers(), { method: 'GET', path: M, query: '' }],
  [
    'listMembers(options)',
    (c) =>
      c.members.listMembers({
        paging: { limit: 20, offset: 40 },
        fieldsets: ['PUBLIC'],
        sorting: { fieldName: 'profile.nickname', order: 'DESC' },
      }),
    {
      method: 'GET',
      path: M,
      query: 'paging.limit=20&paging.offset=40&fieldsets=PUBLIC&sorting.fieldName=profile.nickname&sorting.order=DESC',
    },
  ],
  [
    'queryMembers',
    (c) =>
      c.members.queryMembers({
        query: { filter: { status: 'PENDING' }, sort: [{ fieldName: 'createdDate' }], paging: { limit: 5 } },
        search: { expression: 'ann' },
      }),
    {
      method: 'POST',
      path: `${M}/query`,
      body: {
        query: { filter: { status: 'PENDING' }, sort: [{ fieldName: 'createdDate' }], paging: { limit: 5 } },
        search: { expression: 'ann' },
      },
    },
  ],
  ...(['mute', 'unmute', 'approve', 'block', 'disconnect'] as const).map((action): Case => [
    `${action}Member`,
    (c) => c.members[`${action}Member`](ID),
    { method: 'POST', path: `${M}/${ID}/${action}`, body: {} },
  ]),
  ['deleteMember', (c) => c.members.deleteMember(ID), { method: 'DELETE', path: `${M}/${ID}`, query: '' }],
  [
    'deleteMember(assignee)',
    (c) => c.members.deleteMember(ID, ID2),
    { method: 'DELETE', path: `${M}/${ID}`, query: `contentAssigneeId=${ID2}` },
  ],
  ['deleteMyMember', (c) => c.members.deleteMyMember(), { method: 'DELETE', path: `${M}/my`, query: '' }],
  [
    'deleteMyMember(assignee)',
    (c) => c.members.deleteMyMember(ID2),
    { method: 'DELETE', path: `${M}/my`, query: `contentAssigneeId=${ID2}` },
  ],
  [
    'bulkDeleteMembers',
    (c) => c.members.bulkDeleteMembers([ID, ID2]),
    { method: 'POST', path: `${M}/bulk/delete`, body: { memberIds: [ID, ID2] } },
  ],
  [
    'bulkDeleteMembers(assignee)',
    (c) => c.members.bulkDeleteMembers([ID], ID2),
    { body: { memberIds: [ID], contentAssigneeId: ID2 } },
  ],
  [
    'bulkDeleteMembersByFilter',
    (c) => c.members.bulkDeleteMembersByFilter({ status: 'BLOCKED' }),
    { method: 'POST', path: `${M}/bulk/delete-by-filter`, body: { filter: { status: 'BLOCKED' } } },
  ],
  [
    'bulkDeleteMembersByFilter(options)',
    (c) => c.members.bulkDeleteMembersByFilter({}, { search: { expression: 'x' }, contentAssigneeId: ID2 }),
    { body: { filter: {}, search: { expression: 'x' }, contentAssigneeId: ID2 } },
  ],
  [
    'bulkApproveMembersByFilter',
    (c) => c.members.bulkApproveMembersByFilter({ status: 'PENDING' }, { expression: 'a' }),
    {
      method: 'POST',
      path: `${M}/bulk/approve-by-filter`,
      body: { filter: { status: 'PENDING' }, search: { expression: 'a' } },
    },
  ],
  [
    'bulkBlockMembersByFilter',
    (c) => c.members.bulkBlockMembersByFilter({ id: { $in: [ID] } }),
    { method: 'POST', path: `${M}/bulk/block-by-filter`, body: { filter: { id: { $in: [ID] } } } },
  ],
  [
    'createMember',
    (c) => c.members.createMember({ loginEmail: 'a@b.co', profile: { nickname: 'A' } }),
    { method: 'POST', path: M, body: { member: { loginEmail: 'a@b.co', profile: { nickname: 'A' } } } },
  ],
  [
    'updateMember',
    (c) => c.members.updateMember(ID, { profile: { title: 'Baker' } }, ['profile.title']),
    {
      method: 'PATCH',
      path: `${M}/${ID}`,
      body: { member: { profile: { title: 'Baker' } }, fieldMask: { paths: ['profile.title'] } },
    },
  ],
  ...(['Phones', 'Emails', 'Addresses'] as const).map((group): Case => [
    `deleteMember${group}`,
    (c) => c.members[`deleteMember${group}`](ID),
    { method: 'DELETE', path: `${M}/${ID}/${group.toLowerCase()}`, body: undefined },
  ]),
  [
    'reportMember',
    (c) => c.members.reportMember({ memberId: ID, reason: 'SPAM', text: 'ads' }),
    { method: 'POST', path: '/members/v1/reports', body: { memberId: ID, reason: 'SPAM', text: 'ads' } },
  ],
  ['listReports()', (c) => c.members.listReports(), { method: 'GET', path: '/members/v1/reports', query: '' }],
  [
    'listReports(query)',
    (c) => c.members.listReports({ status: 'OPEN', memberId: ID, paging: { limit: 10, offset: 10 } }),
    { query: `status=OPEN&memberId=${ID}&paging.limit=10&paging.offset=10` },
  ],
  [
    'resolveReport',
    (c) => c.members.resolveReport(ID, 'BLOCK'),
    { method: 'POST', path: `/members/v1/reports/${ID}/resolve`, body: { action: 'BLOCK' } },
  ],
];

const R = '/reviews/v1/reviews';
const content = { rating: 4, title: 'Good', body: 'Warm' };
const reviewRequest = {
  namespace: 'stores',
  entityId: 'p1',
  entityName: 'Mug',
  link: 'https://shop.example/p1',
  contact: { email: 'a@b.co' },
  sendDate: '2026-01-01T00:00:00.000Z',
};
const reviewCases: Case[] = [
  ['getReview', (c) => c.reviews.getReview(ID), { method: 'GET', path: `${R}/${ID}`, query: '' }],
  [
    'getReview(private)',
    (c) => c.reviews.getReview(ID, { returnPrivateReviews: true }),
    { query: 'returnPrivateReviews=true' },
  ],
  [
    'createContactReview',
    (c) =>
      c.reviews.createContactReview({ namespace: 'stores', entityId: 'p1', content, name: 'Ann', email: 'a@b.co' }),
    {
      method: 'POST',
      path: `${R}/contact`,
      body: { namespace: 'stores', entityId: 'p1', content, name: 'Ann', email: 'a@b.co' },
    },
  ],
  [
    'createReview',
    (c) => c.reviews.createReview({ namespace: 'stores', entityId: 'p1', content }),
    { method: 'POST', path: R, body: { review: { namespace: 'stores', entityId: 'p1', content } } },
  ],
  [
    'updateReview',
    (c) => c.reviews.updateReview(ID, { content: { rating: 2 } }, ['content.rating']),
    {
      method: 'PATCH',
      path: `${R}/${ID}`,
      body: { review: { content: { rating: 2 } }, fieldMask: { paths: ['content.rating'] } },
    },
  ],
  ['deleteReview', (c) => c.reviews.deleteReview(ID), { method: 'DELETE', path: `${R}/${ID}`, body: undefined }],
  [
    'setReply',
    (c) => c.reviews.setReply(ID, 'Thanks!'),
    { method: 'PATCH', path: `${R}/${ID}/reply`, body: { message: 'Thanks!' } },
  ],
  ['removeReply', (c) => c.reviews.removeReply(ID), { method: 'DELETE', path: `${R}/${ID}/reply` }],
  [
    'queryReviews',
    (c) =>
      c.reviews.queryReviews({
        query: { filter: { entityId: 'p1' }, sort: [{ fieldName: 'relevanceScore' }], cursorPaging: { limit: 3 } },
        returnPrivateReviews: true,
      }),
    {
      method: 'POST',
      path: `${R}/query`,
      body: {
        query: { filter: { entityId: 'p1' }, sort: [{ fieldName: 'relevanceScore' }], cursorPaging: { limit: 3 } },
        returnPrivateReviews: true,
      },
    },
  ],
  [
    'countReviews',
    (c) => c.reviews.countReviews({ filter: { entityId: 'p1' }, includePrivateReviews: false }),
    { method: 'POST', path: `${R}/count`, body: { filter: { entityId: 'p1' }, includePrivateReviews: false } },
  ],
  [
    'updateModerationStatus',
    (c) => c.reviews.updateModerationStatus(ID, 'REJECTED'),
    { method: 'POST', path: `${R}/${ID}/update-moderation-status`, body: { moderationStatus: 'REJECTED' } },
  ],
  [
    'getRatingSummary',
    (c) => c.reviews.getRatingSummary('stores', 'p 1&x'),
    { method: 'GET', path: '/reviews/v1/rating-summary', query: 'namespace=stores&entityId=p+1%26x' },
  ],
  [
    'createReviewRequest',
    (c) => c.reviews.createReviewRequest(reviewRequest),
    { method: 'POST', path: '/reviews/v1/review-requests', body: { reviewRequest } },
  ],
  [
    'listReviewRequests()',
    (c) => c.reviews.listReviewRequests(),
    { method: 'GET', path: '/reviews/v1/review-requests', query: '' },
  ],
  [
    'listReviewRequests(query)',
    (c) => c.reviews.listReviewRequests({ status: 'SCHEDULED', entityId: 'p1', paging: { limit: 5 } }),
    { query: 'status=SCHEDULED&entityId=p1&paging.limit=5' },
  ],
  [
    'cancelReviewRequest',
    (c) => c.reviews.cancelReviewRequest(ID),
    { method: 'POST', path: `/reviews/v1/review-requests/${ID}/cancel`, body: {} },
  ],
];

const jobCases: Case[] = [['getJob', (c) => c.jobs.getJob(ID), { method: 'GET', path: `/jobs/v1/jobs/${ID}` }]];

describe.each([
  ['members', memberCases],
  ['reviews', reviewCases],
  ['jobs', jobCases],
])('%s module requests', (_, cases) => {
  it.each(cases)('%s', async (_name, run, expected) => {
    const { c, sent } = client();
    await run(c);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject(expected);
    // `toMatchObject` ignores extra keys; a body must carry nothing unexpected (no undefined-turned-null either).
    if ('body' in expected) expect(sent[0]!.body).toEqual(expected.body);
  });
});

describe('every method is covered', () => {
  it('has a case per module method', () => {
    const names = (cases: Case[]) => new Set(cases.map(([n]) => n.replace(/[( ].*$/, '')));
    expect([...names(memberCases)].sort()).toEqual(Object.keys(members).sort());
    expect([...names(reviewCases)].sort()).toEqual(Object.keys(reviews).sort());
    expect([...names(jobCases)].sort()).toEqual(Object.keys(jobs).sort());
  });
});

describe('path segments are encoded', () => {
  it('an id with / or ? cannot change the path', async () => {
    const { c, sent } = client();
    await c.members.getMember('a/../b?x=1');
    await c.reviews.setReply('../reply', 'hi');
    await c.jobs.getJob('#frag');
    expect(sent.map((s) => s.path)).toEqual([
      `${M}/a%2F..%2Fb%3Fx%3D1`,
      `${R}/..%2Freply/reply`,
      '/jobs/v1/jobs/%23frag',
    ]);
  });
});

describe('listMembers GET → POST /query fallback', () => {
  // Fieldsets hold at most 3 on the wire; only an oversized list (or a future long parameter) passes 4000 characters.
  const many = (n: number) => Array.from({ length: n }, () => 'EXTENDED') as ['EXTENDED'];

  it('stays a GET up to 4000 characters of query string', () => {
    // 'fieldsets=EXTENDED' is 18 characters, joined by '&': 210 of them make 210 * 19 - 1 = 3989.
    const req = resolveRequest(listMembers, [{ fieldsets: many(210) }]);
    expect(req.method).toBe('GET');
  });

  it('sends the same paging, fieldsets and sort to POST /members/v1/members/query above 4000', async () => {
    const { c, sent } = client();
    const fieldsets = many(211); // 211 * 19 - 1 = 4008 characters
    expect(211 * 19 - 1).toBeGreaterThan(MAX_GET_QUERY_LENGTH);
    await c.members.listMembers({
      paging: { limit: 10, offset: 20 },
      fieldsets,
      sorting: { fieldName: 'createdDate', order: 'DESC' },
    });
    expect(sent).toEqual([
      {
        method: 'POST',
        path: `${M}/query`,
        query: '',
        body: {
          query: { paging: { limit: 10, offset: 20 }, sort: [{ fieldName: 'createdDate', order: 'DESC' }] },
          fieldsets,
        },
      },
    ]);
  });

  it('leaves out what the options leave out', async () => {
    const { c, sent } = client();
    await c.members.listMembers({ fieldsets: many(300) });
    expect(sent[0]!.body).toStrictEqual({ query: {}, fieldsets: many(300) });
  });
});
