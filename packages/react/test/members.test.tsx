import { describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { QueryObserver } from '@tanstack/react-query';
import type { ListMembersResponse, Member, QueryMembersRequest } from '@plaza/contracts';
import type { Tokens } from '@plaza/sdk';
import {
  createPlazaQueryClient,
  memberQueries,
  PlazaProvider,
  useInvalidateMembers,
  useMemberBySlug,
  useMembersQuery,
  useMyMember,
  type MembersClient,
} from '../src/index.js';

const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const jwt = (claims: Record<string, unknown>) => `${b64url('{"alg":"ES256"}')}.${b64url(JSON.stringify(claims))}.sig`;

const ANN_ID = '0190a1b2-0000-7000-8000-000000000001';
const ann: Member = { id: ANN_ID, slug: 'ann', profile: { nickname: 'Ann' }, privacyStatus: 'PUBLIC' };
const bo: Member = { id: '0190a1b2-0000-7000-8000-000000000002', slug: 'bo', profile: {}, privacyStatus: 'PUBLIC' };
const pageOf = (members: Member[], offset = 0): ListMembersResponse => ({
  members,
  metadata: { count: members.length, offset, total: 2 },
});

// A stand-in for an SDK client built with modules: { members }; only the shape matters to the bindings.
function fakeClient(auth?: object) {
  const members = {
    getMyMember: vi.fn(async () => ({ member: ann })),
    getMember: vi.fn(async () => ({ member: bo })),
    queryMembers: vi.fn(async (r: QueryMembersRequest) =>
      pageOf(r.query?.filter?.slug === 'nobody' ? [] : [ann], r.query?.paging?.offset),
    ),
    listReports: vi.fn(async () => ({ reports: [], metadata: { count: 0, offset: 0, total: 0 } })),
  };
  return { members, ...(auth ? { auth } : {}) } satisfies MembersClient;
}

/** The part of OAuthStrategy the "my" hook reads: the tokens and their change events. */
function fakeAuth(tokens: Tokens) {
  return {
    getTokens: () => tokens,
    getLoginState: () => ({ loginState: 'INITIAL', data: {} }),
    onTokensChange: () => () => {},
  };
}
const visitorTokens: Tokens = {
  accessToken: { value: jwt({ sub: 'v-1' }), expiresAt: 2e9 },
  refreshToken: { value: 'rv', role: 'visitor' },
};
const memberTokens: Tokens = {
  accessToken: { value: jwt({ sub: ANN_ID, member_role: 'MEMBER' }), expiresAt: 2e9 },
  refreshToken: { value: 'rm', role: 'member' },
};

describe('memberQueries', () => {
  it('keys everything under plaza/members, with what changes the answer', () => {
    const c = fakeClient();
    expect(memberQueries.all()).toEqual(['plaza', 'members']);
    expect(memberQueries.my(c, ANN_ID).queryKey).toEqual(['plaza', 'members', 'my', ANN_ID]);
    expect(memberQueries.my(c).queryKey).toEqual(['plaza', 'members', 'my', null]);
    expect(memberQueries.byId(c, 'x', ['FULL']).queryKey).toEqual(['plaza', 'members', 'byId', 'x', ['FULL']]);
    expect(memberQueries.bySlug(c, 'ann').queryKey).toEqual(['plaza', 'members', 'bySlug', 'ann']);
    const request = { query: { paging: { offset: 20 } } };
    expect(memberQueries.query(c, request).queryKey).toEqual(['plaza', 'members', 'query', request]);
    expect(memberQueries.reports(c).queryKey).toEqual(['plaza', 'members', 'reports', {}]);
  });

  it('fetches through the client and unwraps { member }', async () => {
    const c = fakeClient();
    const qc = createPlazaQueryClient();
    await expect(qc.fetchQuery(memberQueries.my(c, ANN_ID))).resolves.toEqual(ann);
    await expect(qc.fetchQuery(memberQueries.byId(c, bo.id, ['EXTENDED']))).resolves.toEqual(bo);
    expect(c.members.getMember).toHaveBeenCalledWith(bo.id, ['EXTENDED']);
    await qc.fetchQuery(memberQueries.reports(c, { status: 'OPEN' }));
    expect(c.members.listReports).toHaveBeenCalledWith({ status: 'OPEN' });
  });

  it('finds a member by slug with a one-item filtered query, or null', async () => {
    const c = fakeClient();
    const qc = createPlazaQueryClient();
    await expect(qc.fetchQuery(memberQueries.bySlug(c, 'ann'))).resolves.toEqual(ann);
    expect(c.members.queryMembers).toHaveBeenCalledWith({ query: { filter: { slug: 'ann' }, paging: { limit: 1 } } });
    await expect(qc.fetchQuery(memberQueries.bySlug(c, 'nobody'))).resolves.toBeNull();
  });

  it('keeps the last page shown while the next one loads', async () => {
    const c = fakeClient();
    const qc = createPlazaQueryClient();
    let release!: () => void;
    c.members.queryMembers
      .mockImplementationOnce(async () => pageOf([ann]))
      .mockImplementationOnce(() => new Promise((r) => (release = () => r(pageOf([bo], 1)))));
    const observer = new QueryObserver(qc, memberQueries.query(c, { query: { paging: { limit: 1, offset: 0 } } }));
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.members).toEqual([ann]));
    observer.setOptions(memberQueries.query(c, { query: { paging: { limit: 1, offset: 1 } } }));
    expect(observer.getCurrentResult()).toMatchObject({ isPlaceholderData: true, data: pageOf([ann]) });
    release();
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.members).toEqual([bo]));
    expect(observer.getCurrentResult().isPlaceholderData).toBe(false);
    stop();
  });

  it('names the missing module instead of a TypeError', async () => {
    const qc = createPlazaQueryClient();
    const bare = {} as MembersClient;
    await expect(qc.fetchQuery({ ...memberQueries.bySlug(bare, 'a'), retry: false })).rejects.toThrow(
      /no members module: create it with modules: \{ members \}/,
    );
  });
});

describe('member hooks', () => {
  function MyName() {
    const { data, status, fetchStatus } = useMyMember();
    return <p>{status === 'success' ? data.profile.nickname : `${status}/${fetchStatus}`}</p>;
  }

  it('useMyMember stays idle for a visitor and sends nothing', () => {
    const c = fakeClient(fakeAuth(visitorTokens));
    const html = renderToString(
      <PlazaProvider client={c}>
        <MyName />
      </PlazaProvider>,
    );
    expect(html).toBe('<p>pending/idle</p>');
    expect(c.members.getMyMember).not.toHaveBeenCalled();
  });

  it("useMyMember reads the signed-in member's own cache entry", async () => {
    const c = fakeClient(fakeAuth(memberTokens));
    const qc = createPlazaQueryClient();
    await qc.prefetchQuery(memberQueries.my(c, ANN_ID));
    // Another member's entry (an earlier sign-in in this tab) is not shown.
    qc.setQueryData(memberQueries.my(c, bo.id).queryKey, bo);
    const html = renderToString(
      <PlazaProvider client={c} queryClient={qc}>
        <MyName />
      </PlazaProvider>,
    );
    expect(html).toBe('<p>Ann</p>');
  });

  it('useMemberBySlug and useMembersQuery render cached answers', async () => {
    const c = fakeClient();
    const qc = createPlazaQueryClient();
    const request = { query: { filter: { status: 'APPROVED' } } };
    await qc.prefetchQuery(memberQueries.bySlug(c, 'ann'));
    await qc.prefetchQuery(memberQueries.query(c, request));
    function Profile() {
      const member = useMemberBySlug('ann');
      const list = useMembersQuery(request);
      return (
        <p>
          {member.data?.slug}:{list.data?.metadata.total}
        </p>
      );
    }
    const html = renderToString(
      <PlazaProvider client={c} queryClient={qc}>
        <Profile />
      </PlazaProvider>,
    );
    expect(html).toBe('<p>ann<!-- -->:<!-- -->2</p>');
  });

  it('useInvalidateMembers marks every members query stale', async () => {
    const c = fakeClient();
    const qc = createPlazaQueryClient();
    await qc.prefetchQuery(memberQueries.bySlug(c, 'ann'));
    await qc.prefetchQuery(memberQueries.byId(c, bo.id));
    let invalidate!: () => Promise<void>;
    function Grab() {
      invalidate = useInvalidateMembers();
      return null;
    }
    renderToString(
      <PlazaProvider client={c} queryClient={qc}>
        <Grab />
      </PlazaProvider>,
    );
    await invalidate();
    expect(qc.getQueryState(memberQueries.bySlug(c, 'ann').queryKey)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(memberQueries.byId(c, bo.id).queryKey)?.isInvalidated).toBe(true);
  });
});
