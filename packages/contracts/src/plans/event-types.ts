/** The paid plans' event types (schema-free; payloads in plans/events.ts). */
export const PLAN_EVENT_TYPES = [
  'plans.plan.created',
  'plans.plan.updated',
  'plans.membership.purchased',
  'plans.membership.renewed',
  'plans.membership.paused',
  'plans.membership.canceled',
  'plans.membership.expired',
  'plans.membership.credit_used',
] as const;
export type PlanEventType = (typeof PLAN_EVENT_TYPES)[number];
