import { Type } from 'typebox';
import { CreditUse, Membership, Plan } from './plans.js';

const PLAN = 'plaza.plans.v1.plan';
const MEMBERSHIP = 'plaza.plans.v1.membership';
const action = (slug: string, payload: typeof Membership | typeof CreditUseEvent, description: string) =>
  ({ entityFqdn: MEMBERSHIP, slug, kind: 'action', payload, description }) as const;

/** A use of credits with the membership it came from. */
export const CreditUseEvent = Type.Object({ membership: Membership, creditUse: CreditUse });

/** The paid plans' part of the event catalogue. */
export const PLAN_EVENT_CATALOGUE = {
  'plans.plan.created': {
    entityFqdn: PLAN,
    slug: 'created',
    kind: 'created',
    payload: Plan,
    description: 'The owner made a plan.',
  },
  'plans.plan.updated': {
    entityFqdn: PLAN,
    slug: 'updated',
    kind: 'updated',
    payload: Plan,
    description: 'A plan was edited or archived.',
  },
  'plans.membership.purchased': action(
    'purchased',
    Membership,
    'A member bought a plan (or the owner granted one): its benefits start.',
  ),
  'plans.membership.renewed': action('renewed', Membership, "A recurring plan's renewal was paid: its end moved on."),
  'plans.membership.paused': action(
    'paused',
    Membership,
    "A renewal failed after the subscription engine's retries: benefits pause until it is paid.",
  ),
  'plans.membership.canceled': action(
    'canceled',
    Membership,
    'The holder or the owner canceled: no more renewals; benefits last to the end of the paid period.',
  ),
  'plans.membership.expired': action(
    'expired',
    Membership,
    'A membership ended (its period ran out after a cancel, its validity ended, or the owner revoked it).',
  ),
  'plans.membership.credit_used': action(
    'credit_used',
    CreditUseEvent,
    "An order line was paid with a plan's credits.",
  ),
} as const;
