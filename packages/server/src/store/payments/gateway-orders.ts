import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type {
  CreatePaymentGatewayOrderRequest,
  PaymentGatewayOrderResponse,
  PreparePaymentCollectionRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, violation } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { parseAmount, toMoney } from '../pricing/index.js';
import { lockOrder, transactionsOf } from '../orders/index.js';
import { paymentGatewayOrders as pgo } from './tables.js';

/** How long a gateway order holds its part of the balance when nothing collects it. */
export const GATEWAY_ORDER_HOLD_MS = 24 * 3_600_000;

type Row = typeof pgo.$inferSelect;

/**
 * Locks the order and answers what of it is still free to collect: the total less captured money, less authorizations
 * still waiting for a capture, less what other open gateway orders hold (`except`: the one being prepared again).
 * Refuses orders nothing can be collected for: canceled or rejected, paid, or already being collected in full.
 */
async function lockCollectable(tx: Ctx, orderId: string, except?: string) {
  const row = await lockOrder(tx, orderId);
  if (row.status === 'CANCELED' || row.status === 'REJECTED') {
    throw new AppError('CONFLICT', `The order is ${row.status === 'CANCELED' ? 'canceled' : 'rejected'}`, {
      applicationCode: 'ORDER_CANCELED',
    });
  }
  const { payments } = await transactionsOf(tx, [orderId]);
  const captured = payments.reduce((s, p) => s + p.capturedMinor, 0n);
  if (captured >= row.totalMinor) {
    throw new AppError('CONFLICT', 'The order is already paid', { applicationCode: 'ORDER_ALREADY_PAID' });
  }
  const authorized = payments
    .filter((p) => p.status === 'AUTHORIZED')
    .reduce((s, p) => s + (p.amountMinor - p.capturedMinor), 0n);
  const [held] = await tx.db
    .select({ minor: sql<string>`coalesce(sum(${pgo.amountMinor}), 0)` })
    .from(pgo)
    .where(and(eq(pgo.orderId, orderId), gt(pgo.expiresDate, tx.clock()), except ? ne(pgo.id, except) : undefined));
  const free = row.totalMinor - captured - authorized - BigInt(held!.minor);
  if (free <= 0n) {
    throw new AppError('CONFLICT', 'All that is due on this order is already being collected', {
      applicationCode: 'PAYMENT_COLLECTION_IN_PROGRESS',
    });
  }
  return { row, free };
}

/** The gateway order `id` of this order, still open; a 400 on the field otherwise (another order's is unknown too). */
async function openGatewayOrder(tx: Ctx, orderId: string, id: string): Promise<Row> {
  const [found] = await tx.db
    .select()
    .from(pgo)
    .where(and(eq(pgo.id, id), eq(pgo.orderId, orderId)));
  if (!found)
    throw violation('paymentGatewayOrderId', 'VALIDATION', 'No payment gateway order of this order has this id');
  if (found.expiresDate.getTime() <= tx.clock().getTime()) {
    throw violation('paymentGatewayOrderId', 'VALIDATION', 'This payment gateway order has expired: prepare a new one');
  }
  return found;
}

/**
 * Registers an intended payment of `amount` for the order (at most what is still free to collect, in the order's
 * currency) and answers its gateway order id. With `paymentGatewayOrderId`, that gateway order is prepared again: its
 * amount and capture settings replaced, its hold renewed. Under the order's lock, so two collections racing for the
 * last of the balance never both get it.
 */
export async function preparePaymentCollection(
  ctx: Ctx,
  orderId: string,
  req: PreparePaymentCollectionRequest,
): Promise<PaymentGatewayOrderResponse> {
  if (req.delayedCapture === false && req.delayedCaptureSettings) {
    throw violation('delayedCaptureSettings', 'VALIDATION', 'Only with delayed capture (delayedCapture: true)');
  }
  return withTx(ctx, async (tx) => {
    const { row, free } = await lockCollectable(tx, orderId, req.paymentGatewayOrderId);
    const existing = req.paymentGatewayOrderId
      ? await openGatewayOrder(tx, orderId, req.paymentGatewayOrderId)
      : undefined;
    const amount = parseAmount(req.amount.amount, row.currency, 'amount.amount');
    if (amount <= 0n || amount > free) {
      throw violation(
        'amount.amount',
        'VALIDATION',
        `At most ${toMoney(free, row.currency, 'en').amount} of this order can still be collected`,
      );
    }
    const now = tx.clock();
    const values = {
      amountMinor: amount,
      delayedCapture: req.delayedCapture ?? Boolean(req.delayedCaptureSettings),
      delayedCaptureSettings: req.delayedCaptureSettings ?? null,
      expiresDate: new Date(now.getTime() + GATEWAY_ORDER_HOLD_MS),
      updatedDate: now,
    };
    if (existing) {
      await tx.db.update(pgo).set(values).where(eq(pgo.id, existing.id));
      return { paymentGatewayOrderId: existing.id };
    }
    const id = uuidv7(now.getTime());
    await tx.db.insert(pgo).values({ id, orderId, currency: row.currency, createdDate: now, ...values });
    return { paymentGatewayOrderId: id };
  });
}

/** A gateway order for all that is still free to collect, with who takes the payment. */
export async function createPaymentGatewayOrder(
  ctx: Ctx,
  orderId: string,
  req: CreatePaymentGatewayOrderRequest,
): Promise<PaymentGatewayOrderResponse> {
  return withTx(ctx, async (tx) => {
    const { row, free } = await lockCollectable(tx, orderId);
    const now = tx.clock();
    const id = uuidv7(now.getTime());
    await tx.db.insert(pgo).values({
      id,
      orderId,
      amountMinor: free,
      currency: row.currency,
      chargedBy: req.chargedBy ?? null,
      expiresDate: new Date(now.getTime() + GATEWAY_ORDER_HOLD_MS),
      createdDate: now,
      updatedDate: now,
    });
    return { paymentGatewayOrderId: id };
  });
}
