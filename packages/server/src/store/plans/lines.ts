import { inArray } from 'drizzle-orm';
import { PLAN_APP_ID, type LineItem, type LineItemInput, type Money, type Violation } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError, violation } from '../../kernel/errors.js';
import type { AppLine, AppLineSource, StoredLine } from '../pricing/index.js';
import { plans } from './tables.js';
import type { PlanRow } from './wire.js';

/**
 * A plan sold as a cart or checkout line `{ appId: 'plaza-plans', catalogItemId: planId }`: priced from the plan
 * (nothing during a free trial), one per line, never shipped nor counted in stock. A recurring plan's line carries
 * its subscription, so the subscription engine makes the contract at placement and renews it.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function plansById(ctx: Ctx, ids: string[]): Promise<Map<string, PlanRow>> {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (!wanted.length) return new Map();
  const rows = await ctx.db.select().from(plans).where(inArray(plans.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

const soldOut = (p: PlanRow) => p.buyerLimit !== null && p.buyers >= p.buyerLimit;

/** Why a plan can't be bought now, in the buyer's words; undefined when it can. */
export function unbuyable(p: PlanRow | undefined): string | undefined {
  if (!p) return 'no such plan';
  if (p.status !== 'ACTIVE') return `${p.name} is no longer sold`;
  if (soldOut(p)) return `${p.name} is sold out`;
  return undefined;
}

/** What the buyer pays at checkout: the plan's price, or nothing while a recurring plan's free trial runs. */
export const checkoutPrice = (p: PlanRow): bigint => (p.recurrence?.freeTrialDays ? 0n : p.priceMinor);

async function check(ctx: Ctx, lines: Array<{ line: LineItemInput; field: string }>): Promise<void> {
  const found = await plansById(
    ctx,
    lines.map((l) => l.line.catalogReference.catalogItemId),
  );
  for (const { line, field } of lines) {
    const why = unbuyable(found.get(line.catalogReference.catalogItemId));
    if (why) throw violation(`${field}.catalogReference.catalogItemId`, 'VALIDATION', why);
    if (line.quantity > 1) throw violation(`${field}.quantity`, 'MAX', 'a plan is bought one at a time (quantity 1)');
    if (line.catalogOverrideFields) {
      throw violation(`${field}.catalogOverrideFields`, 'FIELD_NOT_ALLOWED', "a plan's line takes its plan as it is");
    }
  }
}

/** A trial bought now ends this many days on (its first charge). */
const trialEnd = (ctx: Ctx, days: number) => new Date(ctx.clock().getTime() + days * 86_400_000);

const lineError = (id: string, description: string): Violation => ({
  severity: 'ERROR',
  target: { lineItem: { id } },
  description,
  suggestedFix: 'REMOVE_LINE_ITEM',
});

/** The refusals a plan line shows before placement (the placement checks again, under lock). */
function lineViolations(ctx: Ctx, l: StoredLine, p: PlanRow | undefined): Violation[] {
  const out: Violation[] = [];
  const why = unbuyable(p);
  if (why) out.push(lineError(l.id, `${why[0]!.toUpperCase()}${why.slice(1)}.`));
  if (l.quantity > 1) out.push(lineError(l.id, 'A plan is bought one at a time: keep one.'));
  // A plan belongs to a member: the placement refuses a visitor, this says so before they pay.
  if (ctx.caller.type === 'ANONYMOUS_VISITOR') {
    out.push({
      severity: 'WARNING',
      target: { lineItem: { id: l.id } },
      description: 'Sign in or join to buy a plan.',
    });
  }
  return out;
}

function planLine(ctx: Ctx, l: StoredLine, p: PlanRow | undefined, money: (m: bigint) => Money, web: string): AppLine {
  const ref = l.catalogReference!;
  const price = p ? checkoutPrice(p) : 0n;
  const r = p?.recurrence;
  const lineItem: LineItem = {
    id: l.id,
    quantity: l.quantity,
    catalogReference: ref,
    productName: p?.name ?? 'Unavailable plan',
    itemType: 'SERVICE',
    ...(p ? { url: `${web}/plans/${p.slug}` } : {}),
    ...(p?.image ? { image: { url: p.image } } : {}),
    descriptionLines: [],
    price: money(price),
    fullPrice: money(p?.priceMinor ?? 0n),
    lineItemPrice: money(price * BigInt(l.quantity)),
    physicalProperties: { weight: 0, shippable: false },
    // Archived or sold out is said by the line's ERROR (not "out of stock").
    availability: { status: p ? 'AVAILABLE' : 'NOT_FOUND' },
    ...(r
      ? {
          subscriptionOptionInfo: {
            subscriptionSettings: {
              frequency: r.frequency,
              interval: r.interval,
              ...(r.billingCycles ? { billingCycles: r.billingCycles } : {}),
            },
          },
        }
      : {}),
  };
  return {
    lineItem,
    totalsLine: {
      id: l.id,
      name: lineItem.productName,
      collectionIds: [],
      itemType: 'SERVICE',
      quantity: l.quantity,
      unitPrice: price,
      unitWeight: 0,
      shippable: false,
    },
    ...(p && r
      ? {
          subscription: {
            lineId: l.id,
            name: p.name,
            settings: {
              frequency: r.frequency,
              interval: r.interval,
              ...(r.freeTrialDays ? { startDate: trialEnd(ctx, r.freeTrialDays).toISOString() } : {}),
            },
            ...(r.billingCycles ? { billingCycles: r.billingCycles } : {}),
            lineTotal: p.priceMinor * BigInt(l.quantity),
            ...(r.freeTrialDays ? { firstChargeLater: true } : {}),
          },
        }
      : {}),
    violations: lineViolations(ctx, l, p),
  };
}

async function resolve(ctx: Ctx, lines: StoredLine[], money: (m: bigint) => Money, web: string) {
  const found = await plansById(
    ctx,
    lines.map((l) => l.catalogReference!.catalogItemId),
  );
  const seen = new Set<string>();
  const out = new Map<string, AppLine>();
  for (const l of lines) {
    const planId = l.catalogReference!.catalogItemId;
    const line = planLine(ctx, l, found.get(planId), money, web);
    // A second line of the same plan (a checkout's lines are not merged): one membership per plan and order.
    if (seen.has(planId))
      line.violations.push(lineError(l.id, `${line.lineItem.productName} is already in this order.`));
    seen.add(planId);
    out.set(l.id, line);
  }
  return out;
}

/** Handed to pricing by the app (src/module-wiring.ts). */
export const planLineSource: AppLineSource = { appId: PLAN_APP_ID, quantityMax: 1, check, resolve };

/** A plan a buyer may be sent to buy (ACTIVE, whatever its visibility): its slug, or a 404 naming `field`. */
export async function buyablePlanSlug(ctx: Ctx, planId: string, field: string): Promise<string> {
  const p = (await plansById(ctx, [planId])).get(planId);
  if (!p || p.status !== 'ACTIVE') {
    throw new AppError('NOT_FOUND', `${field}: no plan for sale with this id`, {
      violations: [{ field, violatedRule: 'VALIDATION', description: 'no plan for sale with this id' }],
    });
  }
  return p.slug;
}
