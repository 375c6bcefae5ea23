import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { PLAN_APP_ID } from '@plaza/contracts/constants';
import type {
  CreditUse,
  ListMembershipsQuery,
  ListMembershipsResponse,
  Membership,
  PlanStatsResponse,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { appItemSales } from '../orders/index.js';
import { parseAmount, toMoney } from '../pricing/index.js';
import { memberNames } from '../../platform/members/index.js';
import { getSite } from '../../platform/site/index.js';
import { managesPlans, planRowForManager } from './plans.service.js';
import { planCreditUses, planMemberships } from './tables.js';
import { loadMembershipRow, membershipsToWire, type MembershipRow } from './wire.js';

const NO_ONE = '00000000-0000-0000-0000-000000000000';

/** Members read their own memberships; managers every one. Anyone else's is the same 404 as a missing one. */
export async function readableMembership(ctx: Ctx, id: string): Promise<MembershipRow> {
  const row = await loadMembershipRow(ctx, id);
  const c = ctx.caller;
  const holder = c.type === 'MEMBER' && row.memberId === c.memberId;
  if (!(holder || managesPlans(ctx))) throw notFound('Membership');
  return row;
}

/** Newest first. A member gets their own (only `status` narrows them); managers filter by plan, member and status. */
export async function listMemberships(ctx: Ctx, q: ListMembershipsQuery): Promise<ListMembershipsResponse> {
  const pm = planMemberships;
  const limit = q.limit ?? 50;
  const offset = q.offset ?? 0;
  const status = q.status ? eq(pm.status, q.status) : undefined;
  const c = ctx.caller;
  const where: SQL | undefined = managesPlans(ctx)
    ? and(q.planId ? eq(pm.planId, q.planId) : undefined, q.memberId ? eq(pm.memberId, q.memberId) : undefined, status)
    : and(eq(pm.memberId, c.type === 'MEMBER' ? c.memberId : NO_ONE), status);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(pm).where(where).orderBy(desc(pm.createdDate), desc(pm.id)).limit(limit).offset(offset),
    ctx.db.select({ n: count() }).from(pm).where(where),
  ]);
  const [memberships, names] = await Promise.all([
    membershipsToWire(ctx, rows),
    memberNames(
      ctx,
      rows.map((r) => r.memberId),
    ),
  ]);
  return {
    memberships: memberships.map((m) => ({ ...m, member: names.get(m.memberId) ?? { name: '' } })),
    metadata: { count: rows.length, offset, total: total?.n ?? 0 },
  };
}

export async function getMembership(ctx: Ctx, id: string): Promise<Membership> {
  const row = await readableMembership(ctx, id);
  return (await membershipsToWire(ctx, [row]))[0]!;
}

/** The credits a membership used, newest first. */
export async function listCreditUses(ctx: Ctx, id: string): Promise<CreditUse[]> {
  await readableMembership(ctx, id);
  const rows = await ctx.db
    .select()
    .from(planCreditUses)
    .where(eq(planCreditUses.membershipId, id))
    .orderBy(desc(planCreditUses.createdDate), desc(planCreditUses.id));
  return rows.map((r) => ({
    id: r.id,
    membershipId: r.membershipId,
    orderId: r.orderId,
    lineItemId: r.lineItemId,
    productName: r.productName,
    quantity: r.quantity,
    date: r.createdDate.toISOString(),
  }));
}

/**
 * Buyers, active memberships, and the paid orders holding the plan's lines (renewals included) with what those lines
 * came to. A fully refunded order is not counted; a partial refund is not taken off (refunds aren't kept per line).
 */
export async function getPlanStats(ctx: Ctx, planId: string): Promise<PlanStatsResponse['stats']> {
  const plan = await planRowForManager(ctx, planId);
  const [[active], sales, site] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(planMemberships)
      .where(and(eq(planMemberships.planId, planId), eq(planMemberships.status, 'ACTIVE'))),
    appItemSales(ctx, PLAN_APP_ID, planId),
    getSite(ctx),
  ]);
  // The plan's own currency: its price never changes currency, and orders of it were charged in it.
  const total = sales.totals.find((t) => t.currency === plan.currency);
  const minor = total ? parseAmount(trimDecimals(total.amount), plan.currency, 'revenue') : 0n;
  return {
    buyers: plan.buyers,
    activeMemberships: active?.n ?? 0,
    orders: sales.orders,
    revenue: toMoney(minor, plan.currency, site.locale),
  };
}

/** "40.000" → "40": numeric sums keep the widest scale of their terms. */
const trimDecimals = (amount: string) => (amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount);
