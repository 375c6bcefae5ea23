import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  archivePlan,
  cancelMembership,
  createPlan,
  getMembership,
  getPlan,
  getPlanBySlug,
  getPlanStats,
  grantMembership,
  listCreditUses,
  listMemberships,
  listPlans,
  revokeMembership,
  updatePlan,
  type ListMembershipsQuery,
  type ListPlansQuery,
  type PlanInput,
} from '@plaza/sdk/plans';
import { call, invalidating, type FetchClient } from '../call.js';
import { invalidatingCall, pageQuery, patching } from '../factories.js';
import { shopQueries, storeQueries } from './roots.js';

/**
 * Paid plans: the plans (the owner's list and the shop's), their memberships and stats. The signed-in member's own
 * memberships sit under the shop's root, so placing an order (a plan bought) reads them again.
 */
export const planQueries = {
  all: () => [...storeQueries.all(), 'plans'] as const,
  /** One page; the last page stays shown while the next loads. Visitors get the public plans whatever they ask. */
  list: (client: FetchClient, query: ListPlansQuery = {}) =>
    pageQuery([...planQueries.all(), 'list', query] as const, () => call(client, listPlans, query)),
  one: (client: FetchClient, id: string) =>
    queryOptions({ queryKey: [...planQueries.all(), 'one', id] as const, queryFn: () => call(client, getPlan, id) }),
  bySlug: (client: FetchClient, slug: string) =>
    queryOptions({
      queryKey: [...planQueries.all(), 'slug', slug] as const,
      queryFn: () => call(client, getPlanBySlug, slug),
    }),
  stats: (client: FetchClient, id: string) =>
    queryOptions({
      queryKey: [...planQueries.all(), 'stats', id] as const,
      queryFn: () => call(client, getPlanStats, id).then((r) => r.stats),
    }),
  /** The owner's list of memberships (by plan, member, status); a member gets their own. */
  memberships: (client: FetchClient, query: ListMembershipsQuery = {}) =>
    pageQuery([...planQueries.all(), 'memberships', query] as const, () => call(client, listMemberships, query)),
  membership: (client: FetchClient, id: string) =>
    queryOptions({
      queryKey: [...planQueries.all(), 'membership', id] as const,
      queryFn: () => call(client, getMembership, id).then((r) => r.membership),
    }),
  myMemberships: (client: FetchClient) =>
    queryOptions({
      queryKey: [...shopQueries.all(), 'my-memberships'] as const,
      queryFn: () => call(client, listMemberships, { limit: 100 }).then((r) => r.memberships),
    }),
  creditUses: (client: FetchClient, membershipId: string) =>
    queryOptions({
      queryKey: [...planQueries.all(), 'credit-uses', membershipId] as const,
      queryFn: () => call(client, listCreditUses, membershipId).then((r) => r.creditUses),
    }),
};

/** A change to a membership: the plans' queries (counts, lists) and the member's own list are read again. */
const membershipChange =
  <V, R>(run: (client: FetchClient, v: V) => Promise<R>) =>
  (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, planQueries.all(), async (v: V) => {
      const r = await run(client, v);
      await qc.invalidateQueries({ queryKey: planQueries.myMemberships(client).queryKey });
      return r;
    });

export const planMutations = {
  create: invalidatingCall(planQueries.all(), createPlan),
  /** Changes the fields given (their names become the field mask); `benefits` replaces them all. */
  update: patching(
    planQueries.all(),
    updatePlan,
    ({ id: _id, ...fields }: { id: string } & Partial<PlanInput>) => fields,
  ),
  archive: invalidatingCall(planQueries.all(), archivePlan),
  grant: membershipChange((client, v: { planId: string; memberId: string; endDate?: string }) =>
    call(client, grantMembership, v),
  ),
  /** The holder (their own) or the owner. */
  cancel: membershipChange((client, id: string) => call(client, cancelMembership, id)),
  revoke: membershipChange((client, id: string) => call(client, revokeMembership, id)),
};
