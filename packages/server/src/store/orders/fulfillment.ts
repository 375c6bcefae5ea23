import { and, asc, eq } from 'drizzle-orm';
import type { CreateFulfillmentRequest, Fulfillment, Order, UpdateFulfillmentRequest } from '@plaza/contracts';
import { isPickupCode } from '@plaza/contracts/constants';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound, violation } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { emitEvent } from '../../platform/events/index.js';
import { deliverQueued, queueMail } from '../../platform/mail/index.js';
import { getSite } from '../../platform/site/index.js';
import { activity } from './activity.js';
import { getOrder } from './service.js';
import { lockOrder } from './ledger.js';
import { mailLines, mailShipping, orderMailHeader, pickupMail } from './mail-lines.js';
import { orderFulfillments, orders } from './tables.js';
import type { OrderRow } from './wire.js';

type Row = typeof orderFulfillments.$inferSelect;
const toFulfillment = (r: Row): Fulfillment => ({
  id: r.id,
  orderId: r.orderId,
  status: r.status as Fulfillment['status'],
  lineItems: r.lineItems,
  ...(r.trackingInfo ? { trackingInfo: r.trackingInfo } : {}),
  createdDate: r.createdDate.toISOString(),
  updatedDate: r.updatedDate.toISOString(),
});

/** How many of each line are still to send, given the fulfillments so far. */
function leftToSend(order: OrderRow, done: Row[]): Map<string, number> {
  const left = new Map(order.snapshot.lineItems.map((l) => [l.id, l.quantity]));
  for (const f of done) {
    if (f.status === 'CANCELED') continue;
    for (const l of f.lineItems) left.set(l.id, (left.get(l.id) ?? 0) - l.quantity);
  }
  return left;
}

const statusOf = (left: Map<string, number>, total: number): Order['fulfillmentStatus'] => {
  const remaining = [...left.values()].reduce((s, n) => s + Math.max(0, n), 0);
  return remaining === 0 ? 'FULFILLED' : remaining === total ? 'NOT_FULFILLED' : 'PARTIALLY_FULFILLED';
};

export async function listFulfillments(ctx: Ctx, orderId: string, token?: string): Promise<Fulfillment[]> {
  await getOrder(ctx, orderId, token); // the order's readers only
  const rows = await ctx.db
    .select()
    .from(orderFulfillments)
    .where(eq(orderFulfillments.orderId, orderId))
    .orderBy(asc(orderFulfillments.createdDate));
  return rows.map(toFulfillment);
}

/**
 * Sends some or all of the remaining items: never more of a line than was ordered and not yet sent. Logs
 * ORDER_FULFILLED (or nothing for a part) and TRACKING_NUMBER_ADDED / TRACKING_LINK_ADDED, and mails the buyer the
 * shipping confirmation (SHIPPING_CONFIRMATION_EMAIL_SENT), in the order's transaction.
 */
export async function createFulfillment(ctx: Ctx, orderId: string, req: CreateFulfillmentRequest) {
  let mailId: string | undefined;
  const result = await withTx(ctx, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'CANCELED') {
      throw new AppError('CONFLICT', 'A canceled order is not sent', { applicationCode: 'ORDER_CANCELED' });
    }
    const done = await tx.db.select().from(orderFulfillments).where(eq(orderFulfillments.orderId, orderId));
    const left = leftToSend(order, done);
    const lines = takeLines(req, left);
    const now = tx.clock();
    const tracking = req.fulfillment.trackingInfo;
    const [row] = await tx.db
      .insert(orderFulfillments)
      .values({
        id: uuidv7(now.getTime()),
        orderId,
        status: 'FULFILLED',
        lineItems: lines,
        ...(tracking ? { trackingInfo: tracking } : {}),
        createdDate: now,
        updatedDate: now,
      })
      .returning();
    const total = order.snapshot.lineItems.reduce((s, l) => s + l.quantity, 0);
    const fulfillmentStatus = statusOf(left, total);
    const log = [
      ...(fulfillmentStatus === 'FULFILLED' ? [activity(tx, 'ORDER_FULFILLED')] : []),
      ...(tracking?.trackingNumber ? [activity(tx, 'TRACKING_NUMBER_ADDED')] : []),
      ...(tracking?.trackingLink ? [activity(tx, 'TRACKING_LINK_ADDED')] : []),
    ];
    if (order.buyerEmail && req.notifyBuyer !== false) {
      const mail = await mailParcel(tx, order, order.buyerEmail, lines, tracking);
      mailId = mail.mailId;
      log.push(mail.logged);
    }
    await tx.db
      .update(orders)
      .set({ fulfillmentStatus, activities: [...order.activities, ...log], updatedDate: now })
      .where(eq(orders.id, orderId));
    const fulfillment = toFulfillment(row!);
    await emitEvent(tx, { type: 'ecom.fulfillment.created', entityId: fulfillment.id, entity: fulfillment });
    return { fulfillment, orderFulfillmentStatus: fulfillmentStatus };
  });
  if (mailId) void deliverQueued(ctx, mailId);
  return result;
}

/** The lines this parcel sends (all that is left by default); more of a line than is left is a 400. */
function takeLines(req: CreateFulfillmentRequest, left: Map<string, number>) {
  const lines =
    req.fulfillment.lineItems ??
    [...left.entries()].filter(([, n]) => n > 0).map(([id, quantity]) => ({ id, quantity }));
  if (!lines.length)
    throw new AppError('CONFLICT', 'Everything in this order was already sent', {
      applicationCode: 'ALREADY_FULFILLED',
    });
  for (const [i, l] of lines.entries()) {
    const rest = left.get(l.id);
    if (rest === undefined)
      throw violation(`fulfillment.lineItems[${i}].id`, 'VALIDATION', 'This line is not in the order');
    if (l.quantity > rest) {
      throw violation(
        `fulfillment.lineItems[${i}].quantity`,
        'VALIDATION',
        `Only ${Math.max(0, rest)} of this line are left to send`,
      );
    }
    left.set(l.id, rest - l.quantity);
  }
  return lines;
}

type Tracking = CreateFulfillmentRequest['fulfillment']['trackingInfo'];

/** Queues the buyer's mail about this parcel (shipped, or ready for pickup) and the activity that logs it. */
async function mailParcel(
  tx: Ctx,
  order: OrderRow,
  to: string,
  lines: Array<{ id: string; quantity: number }>,
  tracking: Tracking,
) {
  const site = await getSite(tx);
  const base = {
    ...orderMailHeader(tx, site, order),
    // What this parcel holds: each line with the quantity sent now.
    items: mailLines(
      tx,
      lines.flatMap((l) => {
        const item = order.snapshot.lineItems.find((x) => x.id === l.id);
        return item ? [{ ...item, quantity: l.quantity }] : [];
      }),
    ),
  };
  // A pickup order is not sent: "fulfilled" means it waits at the pickup place.
  const pickup = isPickupCode(order.snapshot.shippingInfo?.code);
  const { id: mailId } = pickup
    ? await queueMail(tx, {
        to,
        template: 'ORDER_READY_FOR_PICKUP',
        data: {
          ...base,
          place: order.snapshot.shippingInfo?.title ?? 'the shop',
          ...pickupMail(order.snapshot.shippingInfo),
        },
      })
    : await queueMail(tx, {
        to,
        template: 'ORDER_SHIPPED',
        data: {
          ...base,
          ...mailShipping(order.snapshot.shippingInfo, site),
          ...(tracking?.trackingNumber ? { trackingNumber: tracking.trackingNumber } : {}),
          ...(tracking?.shippingProvider ? { carrier: tracking.shippingProvider } : {}),
          ...(tracking?.trackingLink ? { trackingLink: tracking.trackingLink } : {}),
        },
      });
  return { mailId, logged: activity(tx, pickup ? 'PICKUP_READY_EMAIL_SENT' : 'SHIPPING_CONFIRMATION_EMAIL_SENT') };
}

/** Changes a fulfillment's tracking (TRACKING_NUMBER_EDITED / TRACKING_LINK_ADDED on the order's log). */
export async function updateFulfillment(ctx: Ctx, orderId: string, id: string, req: UpdateFulfillmentRequest) {
  return withTx(ctx, async (tx) => {
    const order = await lockOrder(tx, orderId);
    const [row] = await tx.db
      .select()
      .from(orderFulfillments)
      .where(and(eq(orderFulfillments.id, id), eq(orderFulfillments.orderId, orderId)));
    if (!row) throw notFound('Fulfillment');
    const next = req.fulfillment.trackingInfo;
    const log = [
      ...(next.trackingNumber && next.trackingNumber !== row.trackingInfo?.trackingNumber
        ? [activity(tx, row.trackingInfo?.trackingNumber ? 'TRACKING_NUMBER_EDITED' : 'TRACKING_NUMBER_ADDED')]
        : []),
      ...(next.trackingLink && next.trackingLink !== row.trackingInfo?.trackingLink
        ? [activity(tx, 'TRACKING_LINK_ADDED')]
        : []),
    ];
    const now = tx.clock();
    const [saved] = await tx.db
      .update(orderFulfillments)
      .set({ trackingInfo: { ...row.trackingInfo, ...next }, updatedDate: now })
      .where(eq(orderFulfillments.id, id))
      .returning();
    await tx.db
      .update(orders)
      .set({ activities: [...order.activities, ...log], updatedDate: now })
      .where(eq(orders.id, orderId));
    const fulfillment = toFulfillment(saved!);
    await emitEvent(tx, {
      type: 'ecom.fulfillment.updated',
      entityId: id,
      entity: fulfillment,
      modifiedFields: ['trackingInfo'],
    });
    return { fulfillment, orderFulfillmentStatus: order.fulfillmentStatus };
  });
}
