import { eq } from 'drizzle-orm';
import type {
  CommitDeltasRequest,
  CommitDeltasResponse,
  DraftBlockedReason,
  LineItem,
  OrderApprovalStatus,
  SalesChannel,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, violation } from '../../kernel/errors.js';
import { parseAmount, resolveLines, type StoredLine, toMoney, toStoredLines } from '../pricing/index.js';
import { afterWrite, returnStock, takeStock } from '../catalog/index.js';
import { uuidv7 } from '../../lib/ids.js';
import { webBase } from '../../lib/urls.js';
import { getSite } from '../../platform/site/index.js';
import {
  appliedDiscountsWire,
  computeTotals,
  priceSummaryWire,
  taxSummaryWire,
  type TotalsLine,
} from '../totals/index.js';
import { activity } from './activity.js';
import {
  draftDiscounts,
  draftFees,
  draftShipping,
  frozenShipping,
  keptLines,
  lineChanges,
  renamedDiscounts,
} from './draft-steps.js';
import { describeChanges } from './draft-words.js';
import { lockOrder, settleOrder } from './ledger.js';
import { derivePaymentStatus } from './payment-status.js';
import { orders, type OrderSnapshot } from './tables.js';
import { searchTextOf, toOrder, transactionsOf, type OrderRow, type PaymentRow } from './wire.js';

/** Orders from another marketplace are changed there, never here. */
const EDITABLE_CHANNELS: readonly SalesChannel[] = ['WEB', 'POS', 'BACKOFFICE_MERCHANT', 'PLAZA_INVOICES'];

const REASON_WORDS: Record<DraftBlockedReason, string> = {
  PARTIALLY_OR_FULLY_REFUNDED: 'Money was already refunded on this order, so its items can no longer change',
  UNSUPPORTED_CHANNEL_TYPE: 'This order came from another sales channel: change it there',
  UNSUPPORTED_ORDER_STATUS: 'Only open orders that have not been shipped yet can change',
  INCONSISTENT_CURRENCY_OR_WEIGHT_UNIT: 'The store’s currency changed since this order was placed',
  AMOUNTS_NOT_ADDING_UP: 'The new total would be less than what was already paid: refund the difference first',
  ORDER_NOT_FOUND: 'No such order',
  SUBSCRIPTION_LINE_ITEM_EXISTS: 'Orders with a subscription cannot change their items',
  UNSUPPORTED_CATALOG_ITEM: 'Gift cards and items no longer sold cannot be added or changed',
  TAXABLE_EXISTING_ADDITIONAL_FEE: 'This order has taxed fees that cannot be recalculated',
};

const blocked = (reasons: DraftBlockedReason[]) =>
  new AppError('CONFLICT', REASON_WORDS[reasons[0]!], {
    applicationCode: 'DRAFT_ORDER_COMMIT_BLOCKED',
    data: { reasons },
  });

/** Why this order cannot take a draft at all, whatever the changes. */
function orderBlocks(row: OrderRow, siteCurrency: string): DraftBlockedReason[] {
  const s = row.snapshot;
  const out: DraftBlockedReason[] = [];
  if (row.paymentStatus === 'PARTIALLY_REFUNDED' || row.paymentStatus === 'FULLY_REFUNDED') {
    out.push('PARTIALLY_OR_FULLY_REFUNDED');
  }
  if (!EDITABLE_CHANNELS.includes(row.channel as SalesChannel)) out.push('UNSUPPORTED_CHANNEL_TYPE');
  // Sent items would no longer match their fulfilments: changes stop at the first parcel.
  if (row.status === 'CANCELED' || row.status === 'REJECTED' || row.fulfillmentStatus !== 'NOT_FULFILLED') {
    out.push('UNSUPPORTED_ORDER_STATUS');
  }
  if (row.currency !== siteCurrency) out.push('INCONSISTENT_CURRENCY_OR_WEIGHT_UNIT');
  if (s.lineItems.some((l) => l.subscriptionOptionInfo)) out.push('SUBSCRIPTION_LINE_ITEM_EXISTS');
  // The order keeps a fee's total, not what it was taxed by: a taxed fee could not be taxed again the same way.
  if (Number(s.priceSummary.additionalFees.amount) > 0 && Number(s.priceSummary.tax.amount) > 0) {
    out.push('TAXABLE_EXISTING_ADDITIONAL_FEE');
  }
  return out;
}

/** A line of the order as the totals engine prices it: at the price it was sold for. */
function frozenLine(l: LineItem, minor: (a: string) => bigint): TotalsLine {
  return {
    id: l.id,
    name: l.productName,
    ...(l.catalogReference ? { catalogItemId: l.catalogReference.catalogItemId } : {}),
    collectionIds: [],
    itemType: l.itemType,
    quantity: l.quantity,
    unitPrice: minor(l.price.amount),
    unitWeight: l.physicalProperties?.weight ?? 0,
    shippable: l.physicalProperties?.shippable ?? l.itemType === 'PHYSICAL',
    ...(l.taxGroupId ? { taxGroupId: l.taxGroupId } : {}),
  };
}

/** New items: catalog ones at today's price (checked like a checkout's), custom ones as the merchant names them. */
async function addedLines(
  ctx: Ctx,
  c: CommitDeltasRequest['changes'],
  currency: string,
  minor: (amount: string, field?: string) => bigint,
): Promise<StoredLine[]> {
  const added: StoredLine[] = c.lineItemsAdded?.length
    ? await toStoredLines(
        ctx,
        currency,
        { lineItems: c.lineItemsAdded },
        { lines: 'changes.lineItemsAdded', custom: '' },
      )
    : [];
  for (const [i, item] of (c.customLineItemsAdded ?? []).entries()) {
    added.push({
      id: uuidv7(),
      quantity: item.quantity,
      custom: {
        productName: item.productName,
        priceMinor: String(minor(item.price.amount, `changes.customLineItemsAdded[${i}].price.amount`)),
        itemType: item.itemType ?? 'CUSTOM_AMOUNT_ITEM',
        ...(item.taxGroupId ? { taxGroupId: item.taxGroupId } : {}),
      },
    });
  }
  return added;
}

interface Draft {
  snapshot: OrderSnapshot;
  totalMinor: bigint;
  words: string[];
}

/** The order with the changes applied, priced by the totals engine. Throws 400 for bad changes, 409 when blocked. */
async function applyChanges(ctx: Ctx, row: OrderRow, req: CommitDeltasRequest): Promise<Draft> {
  const site = await getSite(ctx);
  const reasons = orderBlocks(row, site.currency);
  const c = req.changes;
  const s = row.snapshot;
  const currency = row.currency;
  const minor = (amount: string, field = 'amount') => parseAmount(amount, currency, field);
  const money = (m: bigint) => toMoney(m, currency, site.locale);
  const edits = lineChanges(c, s, reasons, minor);
  const added = await addedLines(ctx, c, currency, minor);
  const fresh = await resolveLines(ctx, added, currency, site.locale, webBase(ctx));
  if (added.some((l) => l.subscriptionOptionInfo)) reasons.push('SUBSCRIPTION_LINE_ITEM_EXISTS');
  if (fresh.lineItems.some((l) => l.availability.status === 'NOT_FOUND' || l.itemType === 'GIFT_CARD')) {
    reasons.push('UNSUPPORTED_CATALOG_ITEM');
  }
  if (reasons.length) throw blocked([...new Set(reasons)]);

  const kept = keptLines(s, edits, minor, money);
  const lineItems = [...kept, ...fresh.lineItems];
  if (!lineItems.length) throw violation('changes.lineItemsRemoved', 'VALIDATION', 'an order keeps at least one item');

  const { dropped, carriedDiscounts, merchantDiscounts } = draftDiscounts(c, s, lineItems, minor);
  const shipping = draftShipping(c, s, dropped, minor);
  const manualFees = draftFees(c, s, minor);

  const shippingAddress = s.shippingInfo?.logistics.shippingDestination?.address;
  const billingAddress = s.billingInfo?.address;
  const totals = await computeTotals(ctx, {
    source: 'ORDER',
    purchaseFlowId: row.id,
    currency,
    weightUnit: 'KG',
    lines: [...kept.map((l) => frozenLine(l, minor)), ...fresh.totalsLines],
    merchantDiscounts,
    ...(shippingAddress ? { shippingAddress } : {}),
    ...(billingAddress ? { billingAddress } : {}),
    calculateShipping: false,
    calculateTax: shippingAddress !== undefined || billingAddress !== undefined,
    manualFees,
    frozen: { ...frozenShipping(c, s, shipping), tip: minor(s.priceSummary.tip.amount) },
    now: ctx.clock(),
  });
  const applied = renamedDiscounts(appliedDiscountsWire(totals, money), carriedDiscounts);
  const snapshot: OrderSnapshot = {
    ...s,
    lineItems,
    ...(shipping
      ? {
          shippingInfo: {
            ...s.shippingInfo,
            title: shipping.title,
            code: c.shipping ? 'draft' : (s.shippingInfo?.code ?? 'draft'),
            cost: money(shipping.cost),
            logistics: s.shippingInfo?.logistics ?? {},
          },
        }
      : {}),
    appliedDiscounts: applied,
    priceSummary: priceSummaryWire(totals, money),
    taxSummary: taxSummaryWire(totals, money),
  };
  return {
    snapshot,
    totalMinor: totals.total,
    words: describeChanges(s, snapshot, c, (a) => money(minor(a)).formattedAmount),
  };
}

const paidNet = (payments: PaymentRow[]) => payments.reduce((sum, p) => sum + p.capturedMinor - p.refundedMinor, 0n);

/** Stock for the difference: more of an item takes more out, fewer puts some back. */
async function moveStock(tx: Ctx, before: LineItem[], after: LineItem[]): Promise<void> {
  const qty = new Map<string, number>();
  for (const l of before) qty.set(l.id, -l.quantity);
  for (const l of after) qty.set(l.id, (qty.get(l.id) ?? 0) + l.quantity);
  const lines = new Map([...before, ...after].map((l) => [l.id, l]));
  const delta = (sign: 1 | -1) =>
    [...qty].filter(([, d]) => d * sign > 0).map(([id, d]) => ({ ...lines.get(id)!, quantity: Math.abs(d) }));
  await returnStock(tx, delta(-1));
  await takeStock(tx, delta(1));
}

/**
 * POST /ecom/v1/orders/{id}/commit-deltas: changes what an open, unshipped order holds and costs. With
 * `previewOnly` it only answers the order as it would be (DRAFT); otherwise one transaction moves the stock for the
 * difference, writes the new lines and totals, logs DRAFT_ORDER_CHANGES_APPLIED with the changes in words, derives
 * the payment status again (more to pay: PARTIALLY_PAID) and emits the order's events. The same `draftOrderId`
 * committed twice changes the order once.
 */
export async function commitDeltas(ctx: Ctx, orderId: string, req: CommitDeltasRequest): Promise<CommitDeltasResponse> {
  const preview = req.commitSettings?.previewOnly === true;
  return afterWrite(
    withTx(ctx, async (tx) => {
      const row = await lockOrder(tx, orderId);
      const { payments, refunds } = await transactionsOf(tx, [orderId]);
      const site = await getSite(tx);
      const money = (m: bigint) => toMoney(m, row.currency, site.locale);
      const paid = paidNet(payments);
      const due = (total: bigint) => money(total > paid ? total - paid : 0n);
      const done = req.draftOrderId
        ? row.activities.some((a) => a.draftOrderChanges?.draftOrderId === req.draftOrderId)
        : false;
      if (done) {
        return {
          commitStatus: 'COMMITTED' as const,
          order: await toOrder(tx, row, payments, refunds),
          previousPriceSummary: row.snapshot.priceSummary,
          balanceDue: due(row.totalMinor),
        };
      }
      const draft = await applyChanges(tx, row, req);
      if (draft.totalMinor < paid) throw blocked(['AMOUNTS_NOT_ADDING_UP']);
      if (preview) {
        const paymentStatus = derivePaymentStatus({
          totalMinor: draft.totalMinor,
          approval: row.status as OrderApprovalStatus,
          payments,
        });
        const would = { ...row, snapshot: draft.snapshot, totalMinor: draft.totalMinor, paymentStatus };
        return {
          commitStatus: 'DRAFT' as const,
          order: await toOrder(tx, would, payments, refunds),
          previousPriceSummary: row.snapshot.priceSummary,
          balanceDue: due(draft.totalMinor),
        };
      }
      if (row.stockTaken && !row.snapshot.keepStock) {
        await moveStock(tx, row.snapshot.lineItems, draft.snapshot.lineItems);
      }
      await tx.db
        .update(orders)
        .set({
          snapshot: draft.snapshot,
          totalMinor: draft.totalMinor,
          searchText: searchTextOf(row.number, row.buyerEmail, draft.snapshot),
          updatedDate: tx.clock(),
        })
        .where(eq(orders.id, orderId));
      const applied = activity(tx, 'DRAFT_ORDER_CHANGES_APPLIED', {
        author: tx.caller.type === 'APP' ? 'An app' : 'Owner',
        draftOrderChanges: {
          ...(req.draftOrderId ? { draftOrderId: req.draftOrderId } : {}),
          ...(req.reason ? { reason: req.reason } : {}),
          changes: draft.words,
        },
      });
      const order = await settleOrder(tx, orderId, [applied]);
      return {
        commitStatus: 'COMMITTED' as const,
        order,
        previousPriceSummary: row.snapshot.priceSummary,
        balanceDue: due(draft.totalMinor),
      };
    }),
  );
}
