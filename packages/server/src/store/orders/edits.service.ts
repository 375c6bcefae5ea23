import { eq } from 'drizzle-orm';
import {
  LINE_ITEM_MASK_PATHS,
  ORDER_CLEARABLE_PATHS,
  ORDER_MASK_PATHS,
  type BulkOrderResults,
  type BulkUpdateOrdersRequest,
  type CheckoutInfoInput,
  type CreateOrderByMerchantRequest,
  type Order,
  type OrderActivity,
  type OrderChanges,
  type UpdateOrderActivityRequest,
  type UpdateOrderLineItemRequest,
  type UpdateOrderRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound, violation } from '../../kernel/errors.js';
import { checkFieldMask, getPath } from '../../lib/field-mask.js';
import { applyInfo, deleteOpenCheckout, getCheckoutSettings, insertCheckout, pathsOf } from '../checkout/index.js';
import { toStoredLines } from '../pricing/index.js';
import { emitEvent } from '../../platform/events/index.js';
import { memberLoginEmail } from '../../platform/members/index.js';
import { getSite } from '../../platform/site/index.js';
import { checkTaxId } from '../tax/index.js';
import { activity } from './activity.js';
import { lockOrder } from './ledger.js';
import { placeOrder } from './placement.js';
import { orders, type OrderSnapshot } from './tables.js';
import { orderById, searchTextOf, toOrder, transactionsOf, type OrderRow } from './wire.js';

const authorOf = (ctx: Ctx) => (ctx.caller.type === 'APP' ? 'An app' : 'Owner');

/**
 * POST /ecom/v1/orders: an order the merchant makes for a buyer (a phone order, an import, a sale elsewhere). It
 * goes through the same placement as a shopper's checkout (prices, taxes, discounts, stock, numbering, events), on
 * a checkout made for it in the same transaction, so the two can never disagree.
 */
export async function createOrderByMerchant(ctx: Ctx, req: CreateOrderByMerchantRequest): Promise<Order> {
  const o = req.order;
  if (!o.lineItems?.length && !o.customLineItems?.length) {
    throw violation('order.lineItems', 'REQUIRED_FIELD', 'Add at least one item');
  }
  const memberId = o.buyerInfo?.memberId;
  let email = o.buyerInfo?.email;
  if (memberId) {
    const m = await memberLoginEmail(ctx, memberId);
    if (!m) throw violation('order.buyerInfo.memberId', 'VALIDATION', 'no such member');
    email ??= m.email ?? undefined;
  }
  const [site, settings] = await Promise.all([getSite(ctx), getCheckoutSettings(ctx)]);
  const lines = await toStoredLines(ctx, site.currency, o, {
    lines: 'order.lineItems',
    custom: 'order.customLineItems',
  });
  const input: CheckoutInfoInput = {
    ...(email ? { buyerInfo: { email } } : {}),
    ...(o.billingInfo ? { billingInfo: o.billingInfo } : {}),
    ...(o.shippingInfo ? { shippingInfo: o.shippingInfo } : {}),
    ...(o.buyerNote ? { buyerNote: o.buyerNote } : {}),
    ...(o.merchantDiscounts ? { merchantDiscounts: o.merchantDiscounts } : {}),
    paymentOption: o.paymentOption ?? 'FULL_PAYMENT_OFFLINE',
  };
  const { info } = applyInfo(ctx, { paymentOption: 'FULL_PAYMENT_OFFLINE' }, input, pathsOf(input), {
    prefix: 'order',
    currency: site.currency,
    settings,
    hasDeposit: false,
  });
  // The checkout made for it is written first, then placed like a shopper's (quote, commit); an order that is
  // refused takes its checkout with it, so nothing half-made stays.
  const checkout = await withTx(ctx, (tx) =>
    insertCheckout(tx, {
      lines,
      info,
      channelType: o.channelInfo?.type ?? 'BACKOFFICE_MERCHANT',
      forMember: { memberId: memberId ?? null },
      ...(o.couponCode ? { couponCode: o.couponCode } : {}),
      silent: true,
    }),
  );
  try {
    const placed = await placeOrder(ctx, checkout.id, {
      merchant: {
        sendEmail: req.settings?.sendOrderPlacedEmail === true,
        stock: req.settings?.updateInventory === false ? 'KEEP' : 'TAKE',
        tags: [...new Set(o.tags ?? [])],
        author: authorOf(ctx),
      },
    });
    return placed.order;
  } catch (err) {
    await deleteOpenCheckout(ctx, checkout.id);
    throw err;
  }
}

/** Which fields a change names: the mask's paths, or (without a mask) every editable field it carries. */
function changedPaths(changes: OrderChanges, mask: string[] | undefined, prefix: string): string[] {
  if (!mask) return ORDER_MASK_PATHS.filter((p) => getPath(changes, p) !== undefined);
  const clearable = new Set<string>(ORDER_CLEARABLE_PATHS);
  // A named optional field left out of the change clears it; the mask check only asks for the others.
  checkFieldMask(
    mask.filter((p) => !clearable.has(p)),
    ORDER_MASK_PATHS,
    changes,
    prefix,
  );
  return mask.flatMap((p) => ORDER_MASK_PATHS.filter((a) => a === p || a.startsWith(`${p}.`)));
}

/** Writes a changed order, logs what the change adds to its history, and emits `ecom.order.updated`. */
async function saveOrder(
  tx: Ctx,
  row: OrderRow,
  set: Partial<Pick<OrderRow, 'snapshot' | 'buyerEmail' | 'tags' | 'activities'>>,
  modifiedFields: string[],
  logged: OrderActivity[] = [],
): Promise<Order> {
  const snapshot = set.snapshot ?? row.snapshot;
  const email = set.buyerEmail !== undefined ? set.buyerEmail : row.buyerEmail;
  await tx.db
    .update(orders)
    .set({
      ...set,
      activities: [...(set.activities ?? row.activities), ...logged],
      searchText: searchTextOf(row.number, email, snapshot),
      updatedDate: tx.clock(),
    })
    .where(eq(orders.id, row.id));
  const { payments, refunds } = await transactionsOf(tx, [row.id]);
  const order = await toOrder(tx, (await orderById(tx, row.id))!, payments, refunds);
  await emitEvent(tx, { type: 'ecom.order.updated', entityId: row.id, entity: order, modifiedFields });
  return order;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

async function applyChanges(
  tx: Ctx,
  id: string,
  changes: OrderChanges,
  mask: string[] | undefined,
  prefix: string,
): Promise<Order> {
  const paths = changedPaths(changes, mask, prefix);
  if (!paths.length) throw violation(prefix, 'REQUIRED_FIELD', 'Nothing to change: name a field');
  const row = await lockOrder(tx, id);
  const snapshot: OrderSnapshot = structuredClone(row.snapshot);
  const set: Parameters<typeof saveOrder>[2] = {};
  const logged: OrderActivity[] = [];
  for (const p of paths) {
    switch (p) {
      case 'buyerInfo.email': {
        const email = changes.buyerInfo!.email!;
        if (email !== row.buyerEmail) logged.push(activity(tx, 'EMAIL_EDITED', { author: authorOf(tx) }));
        set.buyerEmail = email;
        break;
      }
      case 'billingInfo': {
        const b = changes.billingInfo;
        if (b?.taxId && !checkTaxId(b.taxId.type, b.taxId.value)) {
          throw violation(`${prefix}.billingInfo.taxId.value`, 'FORMAT', `not a valid ${b.taxId.type} (check digits)`);
        }
        if (b) snapshot.billingInfo = b;
        else delete snapshot.billingInfo;
        break;
      }
      case 'shippingInfo.logistics.shippingDestination': {
        const to = changes.shippingInfo?.logistics?.shippingDestination;
        const before = snapshot.shippingInfo?.logistics.shippingDestination;
        if (!same(to, before)) logged.push(activity(tx, 'SHIPPING_ADDRESS_EDITED', { author: authorOf(tx) }));
        const logistics = { ...(to ? { shippingDestination: to } : {}) };
        snapshot.shippingInfo = { ...(snapshot.shippingInfo ?? {}), logistics };
        break;
      }
      case 'buyerNote':
        if (changes.buyerNote) snapshot.buyerNote = changes.buyerNote;
        else delete snapshot.buyerNote;
        break;
      case 'tags':
        set.tags = [...new Set(changes.tags)];
        break;
    }
  }
  set.snapshot = snapshot;
  return saveOrder(tx, row, set, paths, logged);
}

/** PATCH /ecom/v1/orders/{id}: contact, addresses, note and tags (what does not change the money). */
export function updateOrder(ctx: Ctx, id: string, req: UpdateOrderRequest): Promise<Order> {
  return withTx(ctx, (tx) => applyChanges(tx, id, req.order, req.fieldMask?.paths, 'order'));
}

/** Many orders at once; each succeeds or fails on its own, and its changes are all-or-nothing. */
export async function bulkUpdateOrders(ctx: Ctx, req: BulkUpdateOrdersRequest): Promise<BulkOrderResults> {
  const results: BulkOrderResults['results'] = [];
  for (const [i, item] of req.orders.entries()) {
    const { id, ...changes } = item.order;
    try {
      const order = await withTx(ctx, (tx) =>
        applyChanges(tx, id, changes, item.fieldMask?.paths, `orders[${i}].order`),
      );
      results.push({ itemMetadata: { id, success: true }, ...(req.returnEntity ? { item: order } : {}) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ itemMetadata: { id, success: false, error: { code: err.code, description: err.message } } });
    }
  }
  const ok = results.filter((r) => r.itemMetadata.success).length;
  return { results, bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok } };
}

/** Only what people wrote can be changed; the rest of the log is the order's history. */
function editableActivity(row: OrderRow, activityId: string): OrderActivity {
  const found = row.activities.find((a) => a.id === activityId);
  if (!found) throw notFound('Activity');
  if (found.type !== 'MERCHANT_COMMENT' && found.type !== 'CUSTOM_ACTIVITY') {
    throw new AppError('VALIDATION', 'Only comments and custom activities can be changed or deleted', {
      violations: [
        {
          field: 'activityId',
          violatedRule: 'VALIDATION',
          description: `${found.type} is part of the order's history and cannot be changed`,
        },
      ],
    });
  }
  return found;
}

export async function updateOrderActivity(
  ctx: Ctx,
  id: string,
  activityId: string,
  req: UpdateOrderActivityRequest,
): Promise<{ order: Order; activity: OrderActivity }> {
  return withTx(ctx, async (tx) => {
    const row = await lockOrder(tx, id);
    const found = editableActivity(row, activityId);
    const a = req.activity;
    let changed: OrderActivity;
    if (found.type === 'MERCHANT_COMMENT') {
      if (!a.merchantComment) throw violation('activity.merchantComment', 'REQUIRED_FIELD', 'Write the comment');
      changed = { ...found, merchantComment: a.merchantComment };
    } else {
      if (!a.customActivity) throw violation('activity.customActivity', 'REQUIRED_FIELD', 'Describe the activity');
      changed = { ...found, customActivity: a.customActivity };
    }
    const activities = row.activities.map((x) => (x.id === activityId ? changed : x));
    const order = await saveOrder(tx, row, { activities }, ['activities']);
    return { order, activity: changed };
  });
}

export async function deleteOrderActivity(ctx: Ctx, id: string, activityId: string): Promise<Order> {
  return withTx(ctx, async (tx) => {
    const row = await lockOrder(tx, id);
    editableActivity(row, activityId);
    return saveOrder(tx, row, { activities: row.activities.filter((x) => x.id !== activityId) }, ['activities']);
  });
}

/** PATCH a line's name, description, SKU or picture (its price and quantity change only through a draft). */
export async function updateOrderLineItem(
  ctx: Ctx,
  id: string,
  lineItemId: string,
  req: UpdateOrderLineItemRequest,
): Promise<Order> {
  const l = req.lineItem;
  const paths = req.fieldMask?.paths ?? LINE_ITEM_MASK_PATHS.filter((p) => l[p] !== undefined);
  if (req.fieldMask) checkFieldMask(paths, LINE_ITEM_MASK_PATHS, l, 'lineItem');
  if (!paths.length) throw violation('lineItem', 'REQUIRED_FIELD', 'Nothing to change: name a field');
  return withTx(ctx, async (tx) => {
    const row = await lockOrder(tx, id);
    const index = row.snapshot.lineItems.findIndex((x) => x.id === lineItemId);
    if (index < 0) throw notFound('Line item');
    const snapshot: OrderSnapshot = structuredClone(row.snapshot);
    const line = snapshot.lineItems[index]!;
    for (const p of paths) {
      if (p === 'productName') line.productName = l.productName!;
      if (p === 'descriptionLines') line.descriptionLines = l.descriptionLines!;
      if (p === 'sku') line.sku = l.sku!;
      if (p === 'image') line.image = l.image!;
    }
    return saveOrder(
      tx,
      row,
      { snapshot },
      paths.map((p) => `lineItems.${p}`),
    );
  });
}
