import { Type } from 'typebox';
import {
  CatalogSlug,
  CreatePlanRequest,
  ListCreditUsesResponse,
  ListMembershipsQuery,
  ListMembershipsResponse,
  ListPlansQuery,
  ListPlansResponse,
  MembershipResponse,
  PlanResponse,
  PlanStatsResponse,
  UpdatePlanRequest,
} from '@plaza/contracts';
import type { Access } from '../../kernel/caller.js';
import type { App } from '../../http/types.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers, routeOptions } from '../../http/route-options.js';
import { getMembership, getPlanStats, listCreditUses, listMemberships } from './memberships-read.js';
import { archivePlan, createPlan, getPlan, listPlans, updatePlan } from './plans.service.js';

/** Plans on sale: any token (visitor, member, any API key); what each sees is decided in the service. */
const readers: Access = { visitor: true, member: true, scope: 'any' };
/** Memberships: members (their own) and managers (every one). */
const holders: Access = { member: true, scope: 'ecom' };

export const PlanParams = Type.Object({ planId: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
export const MembershipParams = Type.Object(
  { membershipId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
const SlugParams = Type.Object({ slug: CatalogSlug }, { additionalProperties: false });

export const PLANS = '/plans/v1/plans';
export const MEMBERSHIPS = '/plans/v1/memberships';

const route = routeOptions({ tags: ['plans'], errors: errorResponses(404, 409), access: ecomManagers });

/** The plans' catalogue and the owner's edits of it, and the reads of memberships (grant/cancel/revoke are apart). */
export function planRoutes(app: App): void {
  registerPlanReadRoutes(app);
  registerPlanWriteRoutes(app);
  registerMembershipReadRoutes(app);
}

function registerPlanReadRoutes(app: App): void {
  app.get(
    PLANS,
    route({
      summary: 'List plans',
      description:
        'Newest first. Visitors and members get the ACTIVE, PUBLIC plans (filters are ignored); the owner and ' +
        '`ecom` API keys every plan, narrowed by `status` and `visibility`.',
      querystring: ListPlansQuery,
      response: ListPlansResponse,
      access: readers,
    }),
    async (req) => listPlans(req.ctx, req.query),
  );
  app.get(
    `${PLANS}/:planId`,
    route({
      summary: 'Get a plan',
      description:
        'An ACTIVE plan, HIDDEN ones too (their link is the way in); an archived plan is 404 but to managers.',
      params: PlanParams,
      response: PlanResponse,
      access: readers,
    }),
    async (req) => ({ plan: await getPlan(req.ctx, { id: req.params.planId }) }),
  );
  app.get(
    `${PLANS}/by-slug/:slug`,
    route({
      summary: 'Get a plan by its slug',
      description: 'As getPlan, by the slug in its link (/plans/{slug}).',
      params: SlugParams,
      response: PlanResponse,
      access: readers,
    }),
    async (req) => ({ plan: await getPlan(req.ctx, { slug: req.params.slug }) }),
  );
  app.get(
    `${PLANS}/:planId/stats`,
    route({
      summary: 'Get a plan’s stats',
      description:
        'Memberships sold or granted, the ACTIVE ones, and the paid orders of the plan (renewals included) with ' +
        'what its lines came to. Fully refunded orders are left out; partial refunds are not taken off.',
      params: PlanParams,
      response: PlanStatsResponse,
    }),
    async (req) => ({ stats: await getPlanStats(req.ctx, req.params.planId) }),
  );
}

function registerPlanWriteRoutes(app: App): void {
  app.post(
    PLANS,
    route({
      summary: 'Create a plan',
      description:
        'In the site currency. Without `slug` one is made from the name (-2, -3, … when taken); a slug in use is ' +
        '409 SLUG_ALREADY_EXISTS. CREDITS needs `credits` and products or collections; MEMBER_PRICE exactly one ' +
        'of `percentOff` and `amountOff`, and products, collections or `wholeOrder`; MEMBER_ONLY products or ' +
        'collections.',
      body: CreatePlanRequest,
      response: PlanResponse,
    }),
    async (req) => ({ plan: await createPlan(req.ctx, req.body) }),
  );
  app.patch(
    `${PLANS}/:planId`,
    route({
      summary: 'Update a plan',
      description:
        'Only the paths in `fieldMask.paths` change. `benefits` replaces every benefit (and the member-only ' +
        'products they hide). Renaming keeps the slug unless `slug` is in the mask.',
      params: PlanParams,
      body: UpdatePlanRequest,
      response: PlanResponse,
    }),
    async (req) => ({ plan: await updatePlan(req.ctx, req.params.planId, req.body) }),
  );
  app.post(
    `${PLANS}/:planId/archive`,
    route({
      summary: 'Archive a plan',
      description: 'It can no longer be bought and leaves the public list; its holders keep their memberships.',
      params: PlanParams,
      response: PlanResponse,
    }),
    async (req) => ({ plan: await archivePlan(req.ctx, req.params.planId) }),
  );
}

function registerMembershipReadRoutes(app: App): void {
  app.get(
    MEMBERSHIPS,
    route({
      summary: 'List memberships',
      description:
        'Newest first. A member gets their own (only `status` narrows them); the owner and `ecom` API keys every ' +
        'one, by `planId`, `memberId` and `status`, each with the member’s name and e-mail.',
      querystring: ListMembershipsQuery,
      response: ListMembershipsResponse,
      access: holders,
    }),
    async (req) => listMemberships(req.ctx, req.query),
  );
  app.get(
    `${MEMBERSHIPS}/:membershipId`,
    route({
      summary: 'Get a membership',
      description: 'With the credits left this period. The holder or a manager; anyone else gets 404.',
      params: MembershipParams,
      response: MembershipResponse,
      access: holders,
    }),
    async (req) => ({ membership: await getMembership(req.ctx, req.params.membershipId) }),
  );
  app.get(
    `${MEMBERSHIPS}/:membershipId/credit-uses`,
    route({
      summary: 'List a membership’s credit uses',
      description: 'Newest first: each order line paid with its credits. The holder or a manager; others get 404.',
      params: MembershipParams,
      response: ListCreditUsesResponse,
      access: holders,
    }),
    async (req) => ({ creditUses: await listCreditUses(req.ctx, req.params.membershipId) }),
  );
}
