import { asc, eq, inArray } from 'drizzle-orm';
import type { CreditBalance, Membership, Plan, PlanBenefit } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { toMoney } from '../pricing/index.js';
import { nextBillingDates } from '../subscriptions/index.js';
import { getSite } from '../../platform/site/index.js';
import { creditPeriodAt } from './periods.js';
import { planBenefits, planCreditBalances, planMemberships, plans } from './tables.js';

export type PlanRow = typeof plans.$inferSelect;
export type BenefitRow = typeof planBenefits.$inferSelect;
export type MembershipRow = typeof planMemberships.$inferSelect;

/** How the site writes money: plans keep their own currency (the site's when made), formatted in the site's locale. */
export interface MoneyFormat {
  locale: string;
}

export const moneyFormat = async (ctx: Ctx): Promise<MoneyFormat> => ({ locale: (await getSite(ctx)).locale });

const iso = (d: Date | null) => (d ? d.toISOString() : undefined);

/** A benefit row's fields as both the API and a plan's input write them (all but its amount off). */
export function benefitFields(b: BenefitRow) {
  return {
    kind: b.kind as PlanBenefit['kind'],
    productIds: b.productIds,
    collectionIds: b.collectionIds,
    wholeOrder: b.wholeOrder,
    ...(b.credits !== null ? { credits: b.credits } : {}),
    ...(b.creditPeriod ? { creditPeriod: b.creditPeriod } : {}),
    ...(b.percentOff !== null ? { percentOff: b.percentOff } : {}),
    deliveryOptionCodes: b.deliveryOptionCodes,
  };
}

function benefitToWire(b: BenefitRow, currency: string, fmt: MoneyFormat): PlanBenefit {
  return {
    id: b.id,
    ...benefitFields(b),
    ...(b.amountOffMinor !== null ? { amountOff: toMoney(b.amountOffMinor, currency, fmt.locale) } : {}),
  };
}

/** A plan as the API answers it; `benefits` are the plan's rows in position order. */
export function planToWire(row: PlanRow, benefits: BenefitRow[], fmt: MoneyFormat): Plan {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    ...(row.image ? { image: row.image } : {}),
    price: toMoney(row.priceMinor, row.currency, fmt.locale),
    currency: row.currency,
    ...(row.recurrence ? { recurrence: row.recurrence } : {}),
    ...(row.validity ? { validity: row.validity } : {}),
    ...(row.buyerLimit !== null ? { buyerLimit: row.buyerLimit } : {}),
    buyers: row.buyers,
    available: row.status === 'ACTIVE' && (row.buyerLimit === null || row.buyers < row.buyerLimit),
    visibility: row.visibility as Plan['visibility'],
    status: row.status as Plan['status'],
    paidOffline: row.paidOffline,
    taxCreditedLines: row.taxCreditedLines,
    benefits: benefits.map((b) => benefitToWire(b, row.currency, fmt)),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

/** The benefits of these plans, in position order, by plan id. */
export async function benefitsOf(ctx: Ctx, planIds: string[]): Promise<Map<string, BenefitRow[]>> {
  const out = new Map<string, BenefitRow[]>(planIds.map((id) => [id, []]));
  if (planIds.length === 0) return out;
  const rows = await ctx.db
    .select()
    .from(planBenefits)
    .where(inArray(planBenefits.planId, planIds))
    .orderBy(asc(planBenefits.planId), asc(planBenefits.position));
  for (const r of rows) out.get(r.planId)?.push(r);
  return out;
}

/** Plans rows with their benefits, as the API answers them. */
export async function plansToWire(ctx: Ctx, rows: PlanRow[]): Promise<Plan[]> {
  const [benefits, fmt] = await Promise.all([
    benefitsOf(
      ctx,
      rows.map((r) => r.id),
    ),
    moneyFormat(ctx),
  ]);
  return rows.map((r) => planToWire(r, benefits.get(r.id) ?? [], fmt));
}

/** One plan by id, whatever its status (callers decide who may see it). */
export async function loadPlanWire(ctx: Ctx, id: string): Promise<Plan> {
  const [row] = await ctx.db.select().from(plans).where(eq(plans.id, id)).limit(1);
  if (!row) throw notFound('Plan');
  return (await plansToWire(ctx, [row]))[0]!;
}

/**
 * The credits left of each CREDITS benefit in the period holding now: the period's balance row when credits were
 * used, else the benefit's full quota (balances are made on first use).
 */
async function creditsOf(
  tx: Ctx,
  rows: MembershipRow[],
  planById: Map<string, PlanRow>,
  benefits: Map<string, BenefitRow[]>,
): Promise<Map<string, CreditBalance[]>> {
  const now = tx.clock();
  const balances = rows.length
    ? await tx.db
        .select()
        .from(planCreditBalances)
        .where(
          inArray(
            planCreditBalances.membershipId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const out = new Map<string, CreditBalance[]>();
  for (const m of rows) {
    const plan = planById.get(m.planId);
    const list: CreditBalance[] = [];
    for (const b of benefits.get(m.planId) ?? []) {
      if (b.kind !== 'CREDITS' || b.credits === null || !plan) continue;
      const period = creditPeriodAt({ membership: m, plan, benefit: b }, now);
      const bal = balances.find(
        (x) => x.membershipId === m.id && x.benefitId === b.id && x.periodStart.getTime() === period.start.getTime(),
      );
      const total = bal?.quota ?? b.credits;
      list.push({
        benefitId: b.id,
        total,
        remaining: Math.max(0, total - (bal?.used ?? 0)),
        ...(period.end ? { periodEnd: period.end.toISOString() } : {}),
      });
    }
    out.set(m.id, list);
  }
  return out;
}

/**
 * The clock, not the minute's sweep, ends a membership: past its end with no renewal to wait for (none, or the holder
 * canceled), it answers ENDED at once, as the sweep will write it. A recurring one still billing waits for its
 * contract, whose renewal may yet pay.
 */
function endedByClock(r: MembershipRow, now: Date): 'CANCELED' | 'EXPIRED' | undefined {
  if (r.status === 'ENDED' || !r.endDate || r.endDate > now) return undefined;
  if (r.subscriptionContractId && !r.canceledDate) return undefined;
  return r.canceledDate ? 'CANCELED' : 'EXPIRED';
}

/** Memberships as the API answers them: today's credits and, for a recurring plan still billing, the next charge. */
export async function membershipsToWire(tx: Ctx, rows: MembershipRow[]): Promise<Membership[]> {
  if (rows.length === 0) return [];
  const planIds = [...new Set(rows.map((r) => r.planId))];
  const contractIds = rows.flatMap((r) => (r.subscriptionContractId ? [r.subscriptionContractId] : []));
  const [planRows, benefits, renewals] = await Promise.all([
    tx.db.select().from(plans).where(inArray(plans.id, planIds)),
    benefitsOf(tx, planIds),
    nextBillingDates(tx, contractIds),
  ]);
  const credits = await creditsOf(tx, rows, new Map(planRows.map((p) => [p.id, p])), benefits);
  const now = tx.clock();
  return rows.map((r) => {
    const over = endedByClock(r, now);
    // Canceled or no longer ACTIVE: nothing more will be charged.
    const renewal =
      r.status === 'ACTIVE' && !r.canceledDate && r.subscriptionContractId
        ? renewals.get(r.subscriptionContractId)
        : undefined;
    return {
      id: r.id,
      planId: r.planId,
      planName: r.planName,
      memberId: r.memberId,
      status: over ? 'ENDED' : (r.status as Membership['status']),
      startDate: r.startDate.toISOString(),
      ...(r.endDate ? { endDate: iso(r.endDate) } : {}),
      ...(renewal ? { renewalDate: renewal.toISOString() } : {}),
      ...(r.canceledDate ? { canceledDate: iso(r.canceledDate) } : {}),
      ...(over
        ? { endReason: over }
        : r.endReason
          ? { endReason: r.endReason as Membership['endReason'] & string }
          : {}),
      ...(r.originOrderId ? { originOrderId: r.originOrderId } : {}),
      ...(r.subscriptionContractId ? { subscriptionContractId: r.subscriptionContractId } : {}),
      grantedByOwner: r.grantedBy !== null,
      credits: credits.get(r.id) ?? [],
      createdDate: r.createdDate.toISOString(),
      updatedDate: r.updatedDate.toISOString(),
    };
  });
}

/** One membership by id, whoever holds it (callers decide who may see it). */
export async function loadMembershipWire(tx: Ctx, id: string): Promise<Membership> {
  const [row] = await tx.db.select().from(planMemberships).where(eq(planMemberships.id, id)).limit(1);
  if (!row) throw notFound('Membership');
  return (await membershipsToWire(tx, [row]))[0]!;
}

/** A membership row by id with the plan it belongs to, for services that check who may act on it. */
export async function loadMembershipRow(tx: Ctx, id: string, lock = false): Promise<MembershipRow> {
  const q = tx.db.select().from(planMemberships).where(eq(planMemberships.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Membership');
  return row;
}
