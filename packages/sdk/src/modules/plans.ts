import type {
  CreatePlanRequest,
  GrantMembershipRequest,
  ListCreditUsesResponse,
  ListMembershipsQuery,
  ListMembershipsResponse,
  ListPlansQuery,
  ListPlansResponse,
  MembershipResponse,
  PlanInput,
  PlanResponse,
  PlanStatsResponse,
} from '@plaza/contracts';
import { actionMethod, bodyMethod, createMethod, getMethod, queryMethod, updateMethod } from '../core/crud.js';
import { defineMethod, seg } from '../core/method.js';

export type {
  CreatePlanRequest,
  CreditBalance,
  CreditUse,
  GrantMembershipRequest,
  ListCreditUsesResponse,
  ListMembershipsQuery,
  ListMembershipsResponse,
  ListPlansQuery,
  ListPlansResponse,
  Membership,
  MembershipResponse,
  MembershipStatus,
  Plan,
  PlanBenefit,
  PlanBenefitInput,
  PlanBenefitKind,
  PlanDuration,
  PlanInput,
  PlanRecurrence,
  PlanResponse,
  PlanStatsResponse,
} from '@plaza/contracts';
export { PLAN_APP_ID } from '@plaza/contracts/constants';

/*
 * Paid plans: memberships a shopper buys and then pays with (credits, member prices, free shipping, member-only
 * products). A plan is bought like a product: add `{ catalogReference: { appId: PLAN_APP_ID, catalogItemId: planId } }`
 * to the cart. Visitors read the public plans; members read and cancel their own memberships; owners manage all.
 */

const PLANS = '/plans/v1/plans';
const MEMBERSHIPS = '/plans/v1/memberships';

/** Visitors: the public plans on sale. Owners: every plan. @example const { plans } = await client.plans.listPlans(); */
export const listPlans = queryMethod<ListPlansQuery, ListPlansResponse>(PLANS);
/** A plan on sale (hidden ones too, by their link). @example const { plan } = await client.plans.getPlan(id); */
export const getPlan = getMethod<PlanResponse>(PLANS, 'plan');
/** @example const { plan } = await client.plans.getPlanBySlug('coffee-club'); */
export const getPlanBySlug = defineMethod<[slug: string], PlanResponse>({
  argumentNames: ['slug'],
  request: (slug) => ({ method: 'GET', path: `${PLANS}/by-slug/${seg(slug)}` }),
});
/** Owners. @example const { plan } = await admin.plans.createPlan({ name: 'Coffee club', price: { amount: '20' } }); */
export const createPlan = createMethod<CreatePlanRequest['plan'], PlanResponse>(PLANS, 'plan');
/** Owners. @example await admin.plans.updatePlan(id, { name: 'Coffee club+' }, ['name']); */
export const updatePlan = updateMethod<Partial<PlanInput>, PlanResponse>(PLANS, 'plan');
/** Owners: no more sales; holders keep their plan. @example await admin.plans.archivePlan(id); */
export const archivePlan = actionMethod<PlanResponse>(PLANS, 'plan', 'archive');
/** Owners: buyers, active members, paid orders and revenue. @example const { stats } = await admin.plans.getPlanStats(id); */
export const getPlanStats = getMethod<PlanStatsResponse>(PLANS, 'plan', '/stats');

/** Members: their own. Owners: every one (by plan, member, status). @example const { memberships } = await client.plans.listMemberships(); */
export const listMemberships = queryMethod<ListMembershipsQuery, ListMembershipsResponse>(MEMBERSHIPS);
/** @example const { membership } = await client.plans.getMembership(id); */
export const getMembership = getMethod<MembershipResponse>(MEMBERSHIPS, 'membership');
/** The credits used, newest first. @example const { creditUses } = await client.plans.listCreditUses(id); */
export const listCreditUses = getMethod<ListCreditUsesResponse>(MEMBERSHIPS, 'membership', '/credit-uses');
/** Owners give a member a plan by hand. @example await admin.plans.grantMembership({ planId, memberId }); */
export const grantMembership = bodyMethod<GrantMembershipRequest, MembershipResponse>(MEMBERSHIPS, 'grant');
/** The holder or an owner: no more renewals; benefits last to the end of the paid period. @example await client.plans.cancelMembership(id); */
export const cancelMembership = actionMethod<MembershipResponse>(MEMBERSHIPS, 'membership', 'cancel');
/** Owners: ends it now. @example await admin.plans.revokeMembership(id); */
export const revokeMembership = actionMethod<MembershipResponse>(MEMBERSHIPS, 'membership', 'revoke');

/** The module for `createClient({ modules: { plans } })`. */
export const plans = {
  listPlans,
  getPlan,
  getPlanBySlug,
  createPlan,
  updatePlan,
  archivePlan,
  getPlanStats,
  listMemberships,
  getMembership,
  listCreditUses,
  grantMembership,
  cancelMembership,
  revokeMembership,
};
