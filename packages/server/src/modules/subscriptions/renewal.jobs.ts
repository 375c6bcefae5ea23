import { eq } from 'drizzle-orm';
import { SUBSCRIPTION_MAX_FAILED_ATTEMPTS } from '@plaza/contracts';
import { withTx, type Ctx } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { toMoney } from '../catalog/money.js';
import { webBase } from '../checkout/service.js';
import { emitEvent } from '../events/outbox.js';
import type { JobHandlers } from '../jobs/worker.js';
import type { JobRun } from '../jobs/types.js';
import { enqueueJob } from '../jobs/service.js';
import { deliverQueued, queueMail } from '../mail/service.js';
import { activity } from '../orders/activity.js';
import { mailLines, mailShipping } from '../orders/mail-lines.js';
import { nextOrderNumber } from '../orders/placement.js';
import { returnStock, takeStock } from '../orders/stock.js';
import { orders, type OrderSnapshot } from '../orders/tables.js';
import { orderById, searchTextOf, thankYouToken, toOrder, transactionsOf } from '../orders/wire.js';
import { insertCapturedCardPayment } from '../payments/card-payment.js';
import { providerForToken } from '../payments/app-provider.js';
import { getSite } from '../site/service.js';
import { billingDate } from './service.js';
import { subscriptionContracts as sc } from './tables.js';
import { toContract, type ContractRow } from './wire.js';
import { knownCallInTransaction } from '../../lib/tx-guard.js';

const RETRY_AFTER_MS = 86_400_000;

/** The renewal order's frozen copy: the subscription line, the origin order's addresses, the charged amount. */
async function renewalSnapshot(tx: Ctx, row: ContractRow): Promise<OrderSnapshot> {
  const origin = await orderById(tx, row.originOrderId);
  const { locale } = await getSite(tx);
  const money = (minor: bigint) => toMoney(minor, row.currency, locale);
  const zero = money(0n);
  const s = origin?.snapshot;
  return {
    lineItems: [row.lineItem],
    ...(s?.billingInfo ? { billingInfo: s.billingInfo } : {}),
    ...(s?.shippingInfo ? { shippingInfo: { logistics: s.shippingInfo.logistics } } : {}),
    appliedDiscounts: [],
    priceSummary: {
      subtotal: money(row.amountMinor),
      discount: zero,
      shipping: zero,
      additionalFees: zero,
      tax: zero,
      tip: zero,
      total: money(row.amountMinor),
      // The amount is what the checkout showed for each charge, its tax included.
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

/** A declined (or out-of-stock) renewal: tried again tomorrow, and after the third failure in a row the contract pauses. */
async function failed(tx: Ctx, row: ContractRow, cycle: number, reason: string): Promise<void> {
  const now = tx.clock();
  const failedAttempts = row.failedAttempts + 1;
  const pause = failedAttempts >= SUBSCRIPTION_MAX_FAILED_ATTEMPTS;
  const retryAt = new Date(now.getTime() + RETRY_AFTER_MS);
  const set = {
    failedAttempts,
    lastFailure: { date: now.toISOString(), reason },
    ...(pause ? { status: 'PAUSED' } : { nextBillingDate: retryAt }),
    updatedDate: now,
  };
  await tx.db.update(sc).set(set).where(eq(sc.id, row.id));
  if (!pause) {
    await enqueueJob(tx, {
      kind: 'SUBSCRIPTION_RENEWAL',
      payload: { contractId: row.id, cycle, attempt: failedAttempts },
      runAt: retryAt,
    });
  }
  const entity = await toContract(tx, { ...row, ...set });
  await emitEvent(tx, { type: 'ecom.subscription_contract.updated', entityId: row.id, entity });
}

/** Places and charges one renewal order in one transaction; answers the confirmation mail to send after commit. */
async function renew(tx: Ctx, contractId: string, cycle: number, attempt: number): Promise<string | undefined> {
  const [row] = await tx.db.select().from(sc).where(eq(sc.id, contractId)).for('update');
  // A job for a cycle already charged, a retry overtaken by a newer one, a paused or canceled contract: nothing to do.
  if (!row || row.status !== 'ACTIVE' || row.cyclesCompleted !== cycle - 1 || row.failedAttempts !== attempt) return;
  const now = tx.clock();
  const orderId = uuidv7(now.getTime());
  const paymentId = uuidv7(now.getTime());
  try {
    await takeStock(tx, [row.lineItem]);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await failed(tx, row, cycle, `${row.lineItem.productName} is out of stock`);
    return;
  }
  // Our transaction id is the contract and cycle: a retried job is the same charge at the provider.
  // No authorization guard: a failed run is retried with the same transaction id, the same charge at the provider.
  const provider = providerForToken(row.paymentMethod.token);
  const charge = await knownCallInTransaction('a renewal charge, until renewals use the staged placement', () =>
    provider.authorize(tx, {
      paymentToken: row.paymentMethod.token,
      amountMinor: row.amountMinor,
      currency: row.currency,
      capture: true,
      transactionId: `${row.id}-${cycle}`,
    }),
  );
  if (charge.status !== 'APPROVED') {
    // Nothing of the renewal is kept: the stock it took goes back.
    await returnStock(tx, [row.lineItem]);
    await failed(tx, row, cycle, charge.declineReason ?? 'The bank asked the buyer to confirm the payment');
    return;
  }
  const snapshot = await renewalSnapshot(tx, row);
  const number = await nextOrderNumber(tx);
  await tx.db.insert(orders).values({
    id: orderId,
    number,
    status: 'APPROVED',
    paymentStatus: 'PAID',
    memberId: row.memberId,
    visitorId: row.visitorId,
    buyerEmail: row.buyerEmail,
    currency: row.currency,
    totalMinor: row.amountMinor,
    channel: row.channel,
    searchText: searchTextOf(number, row.buyerEmail, snapshot),
    snapshot,
    tags: ['subscription'],
    activities: [activity(tx, 'ORDER_PLACED', { author: 'Subscription renewal' }), activity(tx, 'ORDER_PAID')],
    stockTaken: true,
    purchasedDate: now,
    createdDate: now,
    updatedDate: now,
  });
  await insertCapturedCardPayment(tx, {
    id: paymentId,
    orderId,
    amountMinor: row.amountMinor,
    charge,
    provider: provider.id,
  });
  const ended = row.billingCycles !== null && cycle >= row.billingCycles;
  const next = ended ? null : billingDate(row, cycle + 1);
  const set = {
    cyclesCompleted: cycle,
    failedAttempts: 0,
    lastFailure: null,
    nextBillingDate: next,
    renewalOrderIds: [...row.renewalOrderIds, orderId],
    ...(ended ? { status: 'ENDED' } : {}),
    updatedDate: now,
  };
  await tx.db.update(sc).set(set).where(eq(sc.id, row.id));
  if (next) {
    await enqueueJob(tx, {
      kind: 'SUBSCRIPTION_RENEWAL',
      payload: { contractId: row.id, cycle: cycle + 1, attempt: 0 },
      runAt: next,
    });
  }
  const t = await transactionsOf(tx, [orderId]);
  const order = await toOrder(tx, (await orderById(tx, orderId))!, t.payments, t.refunds);
  await emitEvent(tx, { type: 'ecom.order.created', entityId: orderId, entity: order });
  await emitEvent(tx, {
    type: 'ecom.subscription_contract.updated',
    entityId: row.id,
    entity: await toContract(tx, { ...row, ...set }),
  });
  if (!row.buyerEmail) return;
  const site = await getSite(tx);
  const mail = await queueMail(tx, {
    to: row.buyerEmail,
    template: 'ORDER_PLACED',
    data: {
      siteName: site.name,
      number: String(number),
      link: `${webBase(tx)}/orders/${orderId}?token=${thankYouToken(tx, orderId)}`,
      items: mailLines(tx, [{ ...row.lineItem, productName: `${row.lineItem.productName} (subscription)` }]),
      total: order.priceSummary.total.formattedAmount,
      paid: true,
      ...mailShipping(order.shippingInfo),
    },
  });
  return mail.id;
}

/** SUBSCRIPTION_RENEWAL {contractId, cycle, attempt}: charge one cycle of a contract on its date. */
async function run({ ctx, payload }: JobRun): Promise<void> {
  const mailId = await withTx(ctx, (tx) =>
    renew(tx, String(payload.contractId), Number(payload.cycle), Number(payload.attempt ?? 0)),
  );
  if (mailId) void deliverQueued(ctx, mailId);
}

export const subscriptionJobHandlers: JobHandlers = { SUBSCRIPTION_RENEWAL: run };
