import { useCallback, useSyncExternalStore } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Fieldset,
  ListMembersResponse,
  ListReportsOptions,
  ListReportsResponse,
  Member,
  MemberResponse,
  QueryMembersRequest,
} from '@plaza/sdk/members';
import { authStore, claimsOf, type AuthLike } from './auth.js';
import { moduleOf, usePlaza } from './context.js';
import { pageQuery } from './factories.js';

/** The part of an SDK client these queries need: a client created with `modules: { members }`. */
export interface MembersClient {
  members: {
    getMyMember(fieldsets?: Fieldset[]): Promise<MemberResponse>;
    getMember(id: string, fieldsets?: Fieldset[]): Promise<MemberResponse>;
    queryMembers(request: QueryMembersRequest): Promise<ListMembersResponse>;
    listReports(query?: ListReportsOptions): Promise<ListReportsResponse>;
  };
}

const membersOf = (client: MembersClient) => moduleOf(client, 'members');

export const memberQueries = {
  all: () => ['plaza', 'members'] as const,
  /** The signed-in member (FULL). `memberId` keys the cache per member, so a sign-in never shows the last one's. */
  my: (client: MembersClient, memberId?: string | null) =>
    queryOptions({
      queryKey: [...memberQueries.all(), 'my', memberId ?? null] as const,
      queryFn: () =>
        membersOf(client)
          .getMyMember()
          .then((r) => r.member),
    }),
  byId: (client: MembersClient, id: string, fieldsets?: Fieldset[]) =>
    queryOptions({
      queryKey: [...memberQueries.all(), 'byId', id, fieldsets ?? null] as const,
      queryFn: () =>
        membersOf(client)
          .getMember(id, fieldsets)
          .then((r) => r.member),
    }),
  /** The PUBLIC member with this slug, or `null` when there is none (or they are PRIVATE). */
  bySlug: (client: MembersClient, slug: string) =>
    queryOptions({
      queryKey: [...memberQueries.all(), 'bySlug', slug] as const,
      queryFn: (): Promise<Member | null> =>
        membersOf(client)
          .queryMembers({ query: { filter: { slug }, paging: { limit: 1 } } })
          .then((r) => r.members[0] ?? null),
    }),
  /** One page; while another page (or filter) loads, the last one stays shown (`isPlaceholderData`). */
  query: (client: MembersClient, request: QueryMembersRequest) =>
    pageQuery([...memberQueries.all(), 'query', request] as const, () => membersOf(client).queryMembers(request)),
  reports: (client: MembersClient, query?: ListReportsOptions) =>
    queryOptions({
      queryKey: [...memberQueries.all(), 'reports', query ?? {}] as const,
      queryFn: () => membersOf(client).listReports(query),
    }),
};

const noTokens = { subscribe: () => () => undefined, get: () => undefined };

/**
 * The member id of an OAuth client's tokens: a string for a member, `null` for a visitor, `undefined` when the client
 * has no OAuth strategy (an API key): then the server decides who "my" is.
 */
function useSignedInMemberId(client: object): string | null | undefined {
  const auth = (client as { auth?: AuthLike }).auth;
  const store = auth?.onTokensChange ? authStore(auth) : undefined;
  const tokens = useSyncExternalStore(
    store?.subscribe ?? noTokens.subscribe,
    () => (store ? store.get().tokens : noTokens.get()),
    () => (store ? store.get().tokens : noTokens.get()),
  );
  if (!tokens) return undefined;
  if (tokens.refreshToken.role !== 'member') return null;
  const sub = claimsOf(tokens.accessToken.value).sub;
  return typeof sub === 'string' ? sub : null;
}

/** The signed-in member, FULL fieldset; idle (no request) while the visitor is not signed in. */
export function useMyMember() {
  const client = usePlaza<MembersClient>();
  const memberId = useSignedInMemberId(client);
  return useQuery({ ...memberQueries.my(client, memberId), enabled: memberId !== null });
}

/** One member by id (PUBLIC of PUBLIC members for visitors and members; owners may ask for EXTENDED or FULL). */
export function useMember(id: string, fieldsets?: Fieldset[]) {
  return useQuery({ ...memberQueries.byId(usePlaza<MembersClient>(), id, fieldsets), enabled: !!id });
}

/** The public profile at `/members/:slug`: the member, or `null` when no PUBLIC member has that slug. */
export function useMemberBySlug(slug: string) {
  return useQuery({ ...memberQueries.bySlug(usePlaza<MembersClient>(), slug), enabled: !!slug });
}

/** A page of members; while the next page (or filter) loads, the last one stays shown (`isPlaceholderData`). */
export function useMembersQuery(request: QueryMembersRequest) {
  return useQuery(memberQueries.query(usePlaza<MembersClient>(), request));
}

/** Marks every members query stale (refetching those on screen): call it after a mutation. */
export function useInvalidateMembers() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: memberQueries.all() }), [queryClient]);
}
