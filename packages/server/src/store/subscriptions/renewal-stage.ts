import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PLAZA_CATALOG_APP_ID, type LineItem } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { toMoney } from '../pricing/index.js';
import { itemStock } from '../catalog/index.js';
import { orderById, type OrderSnapshot } from '../orders/index.js';
import { getSite } from '../../platform/site/index.js';
import { subscriptionContracts as sc } from './tables.js';
import type { ContractRow } from './wire.js';

/** One try at renewing a contract's cycle, read and priced outside any transaction. */
export interface RenewalStage {
  /** The contract as read (unlocked): the commit renews only if it is still at this try. */
  contract: ContractRow;
  cycle: number;
  attempt: number;
  /** Our id for the charge at the provider and for its payment row: the same for every run of this try. */
  paymentId: string;
  /** The order's frozen copy: the subscription line, the origin order's addresses, the charged amount. */
  snapshot: OrderSnapshot;
  /** The line is sold out now: the try fails before any card is charged. */
  soldOut: boolean;
}

/**
 * Our transaction id for a renewal charge: a name-based UUID (RFC 9562 version 8, from SHA-256) of the contract, the
 * cycle and the try's date (the contract's next billing date, which every failure and every resume moves). Every run
 * of one try (a retried job, two workers at once) is the same charge at the provider, and a released charge is never
 * asked for again: the next try has another id.
 */
export function renewalPaymentId(contract: Pick<ContractRow, 'id' | 'nextBillingDate'>, cycle: number): string {
  const name = `${contract.id}-${cycle}@${contract.nextBillingDate?.toISOString() ?? ''}`;
  const b = createHash('sha256').update(name).digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Whether the locked contract is still where the stage found it: active, this cycle due, this attempt, this try. */
export const stillThisTry = (row: ContractRow, stage: RenewalStage): boolean =>
  row.status === 'ACTIVE' &&
  row.cyclesCompleted === stage.cycle - 1 &&
  row.failedAttempts === stage.attempt &&
  row.nextBillingDate?.getTime() === stage.contract.nextBillingDate?.getTime();

/**
 * Stage 1 of a renewal, no transaction: the contract checked (a job for a cycle already charged, a retry overtaken by
 * a newer one, a paused or canceled contract: nothing to do) and the order's snapshot built.
 */
export async function stageRenewal(
  ctx: Ctx,
  contractId: string,
  cycle: number,
  attempt: number,
): Promise<RenewalStage | undefined> {
  const [contract] = await ctx.db.select().from(sc).where(eq(sc.id, contractId));
  if (!contract || contract.status !== 'ACTIVE') return undefined;
  if (contract.cyclesCompleted !== cycle - 1 || contract.failedAttempts !== attempt) return undefined;
  const availability = await availabilityNow(ctx, contract.lineItem);
  const line: LineItem = { ...contract.lineItem, ...(availability ? { availability } : {}) };
  return {
    contract,
    cycle,
    attempt,
    paymentId: renewalPaymentId(contract, cycle),
    snapshot: await renewalSnapshot(ctx, contract, line),
    soldOut: availability?.status === 'NOT_AVAILABLE',
  };
}

/**
 * The line's stock now. A counted item carries `quantityAvailable`, so the placement's stock handler takes it under
 * lock at commit; an item that is not counted is only checked here, as a checkout's quote checks it.
 */
async function availabilityNow(ctx: Ctx, line: LineItem): Promise<LineItem['availability'] | undefined> {
  const ref = line.catalogReference;
  if (!ref || ref.appId !== PLAZA_CATALOG_APP_ID) return undefined;
  const variantId = (ref.options as { variantId?: string } | undefined)?.variantId;
  const item = await itemStock(ctx, ref.catalogItemId, variantId);
  if (!item) return { status: 'NOT_AVAILABLE' };
  if (!item.track) return { status: item.inStock ? 'AVAILABLE' : 'NOT_AVAILABLE' };
  const left = Math.max(item.quantity ?? 0, 0);
  return { status: left >= line.quantity ? 'AVAILABLE' : 'NOT_AVAILABLE', quantityAvailable: left };
}

/** The renewal charges what the checkout showed for each cycle, its tax included; nothing is priced again. */
async function renewalSnapshot(ctx: Ctx, row: ContractRow, line: LineItem): Promise<OrderSnapshot> {
  const origin = await orderById(ctx, row.originOrderId);
  const { locale } = await getSite(ctx);
  const money = (minor: bigint) => toMoney(minor, row.currency, locale);
  const zero = money(0n);
  const s = origin?.snapshot;
  const destination = s?.shippingInfo?.logistics.shippingDestination;
  return {
    lineItems: [line],
    ...(s?.billingInfo ? { billingInfo: s.billingInfo } : {}),
    // Where the first order went; not its delivery option or time (no shipping is charged again).
    ...(destination ? { shippingInfo: { logistics: { shippingDestination: destination } } } : {}),
    appliedDiscounts: [],
    priceSummary: {
      subtotal: money(row.amountMinor),
      discount: zero,
      shipping: zero,
      additionalFees: zero,
      tax: zero,
      tip: zero,
      total: money(row.amountMinor),
      taxIncludedInPrices: true,
      payNow: money(row.amountMinor),
    },
    taxSummary: {
      totalTax: zero,
      calculationDetails: s?.taxSummary.calculationDetails ?? { rateType: 'NO_TAX_COLLECTED' },
      taxBreakdown: [],
    },
    paymentOption: 'FULL_PAYMENT_ONLINE',
  };
}
