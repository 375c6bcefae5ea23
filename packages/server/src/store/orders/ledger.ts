import { eq } from 'drizzle-orm';
import type { Order, OrderActivity, OrderApprovalStatus } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError, notFound } from '../../kernel/errors.js';
import { hasScope } from '../../kernel/caller.js';
import { emitEvent } from '../../platform/events/index.js';
import { getCheckoutSettings } from '../checkout/index.js';
import { activity } from './activity.js';
import { planDownloadLinks } from './download-plan.js';
import { canMove, derivePaymentStatus, holdsStock } from './payment-status.js';
import { takeStock } from '../catalog/index.js';
import { orders } from './tables.js';
import { orderById, toOrder, transactionsOf, type OrderRow } from './wire.js';

/** The owner and `ecom` API keys manage every order; members and visitors only read their own. */
export const managesOrders = (ctx: Ctx): boolean =>
  (ctx.caller.type === 'MEMBER' && ctx.caller.role === 'OWNER') || hasScope(ctx.caller, 'ecom');

/** An order the caller manages, locked for the change; anyone else's is the same 404 as a missing one. */
export async function lockOrder(tx: Ctx, id: string): Promise<OrderRow> {
  const row = await orderById(tx, id, true);
  // Jobs (scheduled captures) run as the system (no caller); HTTP callers reach here only through managers' routes.
  if (!row || !(managesOrders(tx) || tx.caller.type === 'NONE')) throw notFound('Order');
  return row;
}

export function assertMove(from: OrderApprovalStatus, to: OrderApprovalStatus): void {
  if (!canMove(from, to)) {
    throw new AppError('VALIDATION', `An order cannot go from ${from} to ${to}`, {
      violations: [{ field: 'status', violatedRule: 'VALIDATION', description: `${from} → ${to} is not allowed` }],
    });
  }
}

/**
 * After any change to an order's payments or refunds: derives the payment status again, logs ORDER_PAID or
 * ORDER_PARTIALLY_PAID when it becomes so, takes the stock an ON_ORDER_PAID shop waits for (once money is in or
 * authorized: holdsStock), approves an order that was waiting for its money, and emits the order's events. Call it
 * in the change's transaction.
 */
export async function settleOrder(tx: Ctx, id: string, added: OrderActivity[] = []): Promise<Order> {
  const row = (await orderById(tx, id))!;
  const { payments, refunds } = await transactionsOf(tx, [id]);
  const paymentStatus = derivePaymentStatus({
    totalMinor: row.totalMinor,
    approval: row.status as OrderApprovalStatus,
    payments,
  });
  const activities = [...added];
  const changed = paymentStatus !== row.paymentStatus;
  if (changed && paymentStatus === 'PAID') {
    activities.push(activity(tx, 'ORDER_PAID'));
    await planDownloadLinks(tx, id, row.snapshot.lineItems);
  }
  if (changed && paymentStatus === 'PARTIALLY_PAID') activities.push(activity(tx, 'ORDER_PARTIALLY_PAID'));
  let stockTaken = row.stockTaken;
  if (holdsStock(paymentStatus) && !stockTaken && !row.snapshot.keepStock && row.status !== 'CANCELED') {
    const settings = await getCheckoutSettings(tx);
    if (settings.inventoryUpdateTrigger === 'ON_ORDER_PAID') {
      await takeStock(tx, row.snapshot.lineItems);
      stockTaken = true;
    }
  }
  const money = paymentStatus === 'PAID' || paymentStatus === 'PARTIALLY_PAID' || paymentStatus === 'PENDING_MERCHANT';
  const status = row.status === 'INITIALIZED' && money ? 'APPROVED' : row.status;
  await tx.db
    .update(orders)
    .set({
      paymentStatus,
      status,
      stockTaken,
      activities: [...row.activities, ...activities],
      updatedDate: tx.clock(),
    })
    .where(eq(orders.id, id));
  const order = await toOrder(tx, (await orderById(tx, id))!, payments, refunds);
  await emitEvent(tx, { type: 'ecom.order.updated', entityId: id, entity: order, modifiedFields: ['paymentStatus'] });
  if (changed) await emitEvent(tx, { type: 'ecom.order.payment_status_updated', entityId: id, entity: order });
  return order;
}

/**
 * Appends `added` to a locked order's activity log (with any other columns changed alongside, such as a snapshot)
 * and emits `ecom.order.updated`, in the caller's transaction. Answers the order as it now is.
 */
export async function logOnOrder(
  tx: Ctx,
  row: OrderRow,
  added: OrderActivity[],
  set: Partial<Pick<OrderRow, 'snapshot'>> = {},
): Promise<Order> {
  const next = { ...row, ...set, activities: [...row.activities, ...added], updatedDate: tx.clock() };
  await tx.db
    .update(orders)
    .set({ ...set, activities: next.activities, updatedDate: next.updatedDate })
    .where(eq(orders.id, row.id));
  const { payments, refunds } = await transactionsOf(tx, [row.id]);
  const order = await toOrder(tx, next, payments, refunds);
  await emitEvent(tx, { type: 'ecom.order.updated', entityId: row.id, entity: order, modifiedFields: ['activities'] });
  return order;
}
