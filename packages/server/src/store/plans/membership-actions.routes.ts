import { Type } from 'typebox';
import { GrantMembershipRequest, MembershipResponse } from '@plaza/contracts';
import type { Access } from '../../kernel/caller.js';
import type { App } from '../../http/types.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers, routeOptions } from '../../http/route-options.js';
import { cancelMembership, revokeMembership } from './lifecycle.js';
import { grantMembership } from './purchase.js';

const BASE = '/plans/v1/memberships';
/** Holders (their own) and managers; anyone else's membership is the same 404 as a missing one. */
const holders: Access = { member: true, admin: ['OWNER'], scope: 'ecom' };
const MembershipParams = Type.Object(
  { membershipId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);

const route = routeOptions({ tags: ['plans'], errors: errorResponses(404, 409), access: ecomManagers });

/** Granting, canceling and revoking memberships (buying one is an order: see lines.ts and on-placement.ts). */
export function membershipActionRoutes(app: App): void {
  app.post(
    BASE,
    route({
      summary: 'Grant a membership',
      description: 'Gives a member a plan by hand: no order, no charge. Takes one of the plan’s seats.',
      body: GrantMembershipRequest,
      response: MembershipResponse,
    }),
    async (req) => ({ membership: await grantMembership(req.ctx, req.body) }),
  );
  app.post(
    `${BASE}/:membershipId/cancel`,
    route({
      summary: 'Cancel a membership',
      description:
        'No more renewals; the benefits last until the end of the paid period. The holder (their own) or a manager.',
      params: MembershipParams,
      access: holders,
      response: MembershipResponse,
    }),
    async (req) => ({ membership: await cancelMembership(req.ctx, req.params.membershipId) }),
  );
  app.post(
    `${BASE}/:membershipId/revoke`,
    route({
      summary: 'Revoke a membership',
      description: 'Ends it now (REVOKED) and cancels its subscription. Managers.',
      params: MembershipParams,
      response: MembershipResponse,
    }),
    async (req) => ({ membership: await revokeMembership(req.ctx, req.params.membershipId) }),
  );
}
