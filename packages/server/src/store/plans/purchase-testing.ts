import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { PLAN_APP_ID, type CreateOrderResponse, type Membership } from '@plaza/contracts';
import type { TestServer } from '../../test/harness.js';
import { call } from '../../../test/http.js';
import { uuidv7 } from '../../lib/ids.js';
import { domainEvents } from '../../platform/events/tables.js';
import { newCheckout } from '../checkout/testing.js';
import { cardToken, placeAndCharge } from '../orders/testing.js';
import { planMemberships, plans, type PlanDuration, type PlanRecurrence } from './tables.js';

/** Test helpers of the buying tests: plans written straight to the table (their API is tested elsewhere). */

let seq = 0;
export async function insertPlan(
  srv: TestServer,
  p: {
    priceMinor?: bigint;
    validity?: PlanDuration;
    recurrence?: PlanRecurrence;
    buyerLimit?: number;
    status?: string;
  } = {},
) {
  const now = new Date();
  const id = uuidv7();
  const slug = `plan-${Date.now().toString(36)}-${++seq}`;
  const row = {
    id,
    slug,
    name: `Club ${seq}`,
    priceMinor: p.priceMinor ?? 1500n,
    currency: 'USD',
    recurrence: p.recurrence ?? null,
    validity: p.validity ?? null,
    buyerLimit: p.buyerLimit ?? null,
    visibility: 'PUBLIC',
    status: p.status ?? 'ACTIVE',
    createdDate: now,
    updatedDate: now,
  };
  await srv.ctx().db.insert(plans).values(row);
  return row;
}

export const planRef = (planId: string) => ({ appId: PLAN_APP_ID, catalogItemId: planId });

/** A checkout of one plan line for this caller. */
export const planCheckout = (srv: TestServer, auth: string, planId: string, quantity = 1) =>
  newCheckout(srv, auth, {
    lineItems: [{ catalogReference: planRef(planId), quantity }],
    checkoutInfo: { buyerInfo: { email: 'plan.buyer@example.com' } },
    channelType: 'WEB',
  });

/** Buys a plan through a checkout and the test card; answers the placement's response (status unchecked). */
export async function buyPlan(srv: TestServer, auth: string, planId: string) {
  const co = await planCheckout(srv, auth, planId);
  return placeAndCharge(srv, auth, co.id, await cardToken(srv, auth)) as Promise<{
    status: number;
    body: CreateOrderResponse;
  }>;
}

export const membershipRows = (srv: TestServer, planId: string) =>
  srv.ctx().db.select().from(planMemberships).where(eq(planMemberships.planId, planId));

export const planRow = async (srv: TestServer, planId: string) =>
  (await srv.ctx().db.select().from(plans).where(eq(plans.id, planId)))[0]!;

export async function membershipAction(srv: TestServer, auth: string, id: string, action: 'cancel' | 'revoke') {
  return call<{ membership: Membership }>(srv.url, 'POST', `/plans/v1/memberships/${id}/${action}`, { auth, body: {} });
}

export function expectOk(res: { status: number; body: unknown }, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
}

/** The `plans.membership.*` events of a membership, oldest first. */
export async function membershipEvents(srv: TestServer, membershipId: string): Promise<string[]> {
  const rows = await srv
    .ctx()
    .db.select()
    .from(domainEvents)
    .where(eq(domainEvents.entityId, membershipId))
    .orderBy(asc(domainEvents.seq));
  return rows.map((r) => r.eventType);
}

/** A membership as its holder (or a manager) reads it over HTTP. */
export const readMembership = (srv: TestServer, auth: string, id: string) =>
  call<{ membership: Membership }>(srv.url, 'GET', `/plans/v1/memberships/${id}`, { auth });
