import { eq } from 'drizzle-orm';
import { SUBSCRIPTION_MAX_FAILED_ATTEMPTS, type Checkout } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { uuidv7 } from '../../lib/ids.js';
import type { CheckoutRow } from '../checkout/index.js';
import { emitEvent } from '../../platform/events/index.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import {
  activity,
  cardPaymentRow,
  nextOrderNumber,
  orderPlacedMail,
  PAYMENT_DEFAULTS,
  paymentRecorded,
  searchTextOf,
  writePlacedOrder,
  type AuthorizeResult,
  type OrderRow,
  type PaymentRow,
  type PlacedOrder,
} from '../orders/index.js';
import { BUYER_MUST_CONFIRM, providerForToken } from '../payments/index.js';
import { deliverQueued, queueMail } from '../../platform/mail/index.js';
import { getSite } from '../../platform/site/index.js';
import { toMoney } from '../pricing/index.js';
import { webBase } from '../../lib/urls.js';
import { contractChanged } from './hooks.js';
import { stillThisTry, type RenewalStage } from './renewal-stage.js';
import { billingDate } from './service.js';
import { subscriptionContracts as sc } from './tables.js';
import { toContract, type ContractRow } from './wire.js';

const RETRY_AFTER_MS = 86_400_000;

/**
 * The renewal did not happen; its charge is released. `failure` says why, to record on the contract; none when the
 * contract moved on meanwhile (paused, canceled, this cycle renewed by another charge).
 */
export class RenewalRefused extends Error {
  constructor(readonly failure?: string) {
    super(failure ?? 'The subscription changed while it was being renewed');
  }
}

/**
 * Stage 3 of a renewal: one short transaction. It locks the contract, checks it is still at this try, writes the
 * order through the placement's own writer and handlers (the stock is taken there, under lock, or the commit is
 * refused), then moves the contract to the next cycle and plans its job. Answers the mail to deliver after commit.
 * A cycle already renewed by this same charge (another run of this try) answers nothing: there is nothing to release.
 */
export async function commitRenewal(tx: Ctx, stage: RenewalStage, charge: AuthorizeResult): Promise<string[]> {
  const [row] = await tx.db.select().from(sc).where(eq(sc.id, stage.contract.id)).for('update');
  if (row && row.cyclesCompleted >= stage.cycle) {
    if (await paymentRecorded(tx, stage.paymentId)) return [];
  }
  if (!row || !stillThisTry(row, stage)) throw new RenewalRefused();
  const now = tx.clock();
  const orderId = uuidv7(now.getTime());
  const number = await nextOrderNumber(tx);
  const { snapshot } = stage;
  const payment: PaymentRow = {
    ...PAYMENT_DEFAULTS,
    ...cardPaymentRow(
      { id: stage.paymentId, orderId, createdDate: now, updatedDate: now },
      {
        charge,
        provider: providerForToken(row.paymentMethod.token).id,
        dueNow: row.amountMinor,
        now,
        opts: {},
        executionDate: undefined,
      },
    ),
  };
  const saved: OrderRow = {
    id: orderId,
    number,
    checkoutId: null,
    cartId: null,
    status: 'APPROVED',
    paymentStatus: 'PAID',
    fulfillmentStatus: 'NOT_FULFILLED',
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
  };
  const mail = row.buyerEmail
    ? await orderPlacedMail(tx, {
        to: row.buyerEmail,
        orderId,
        number,
        // The e-mail says which order is the subscription's.
        lines: snapshot.lineItems.map((l) => ({ ...l, productName: `${l.productName} (subscription)` })),
        shippingInfo: snapshot.shippingInfo,
        total: snapshot.priceSummary.total.formattedAmount,
        paid: true,
      })
    : undefined;
  const placed = await writePlacedOrder(tx, {
    saved,
    payments: [payment],
    mail,
    placed: asPlacement(stage, row, { orderId, charge, now }),
  });
  await nextCycle(tx, row, stage.cycle, orderId);
  return [placed.mailId, ...placed.mailIds].filter((id): id is string => Boolean(id));
}

/** The cycle is paid: the next one is planned, or the contract ends. */
async function nextCycle(tx: Ctx, row: ContractRow, cycle: number, orderId: string): Promise<void> {
  const ended = row.billingCycles !== null && cycle >= row.billingCycles;
  const next = ended ? null : billingDate(row, cycle + 1);
  const set = {
    cyclesCompleted: cycle,
    failedAttempts: 0,
    lastFailure: null,
    nextBillingDate: next,
    renewalOrderIds: [...row.renewalOrderIds, orderId],
    ...(ended ? { status: 'ENDED' } : {}),
    updatedDate: tx.clock(),
  };
  await tx.db.update(sc).set(set).where(eq(sc.id, row.id));
  if (next) {
    await enqueueJob(tx, {
      kind: 'SUBSCRIPTION_RENEWAL',
      payload: { contractId: row.id, cycle: cycle + 1, attempt: 0 },
      runAt: next,
    });
  }
  const entity = await toContract(tx, { ...row, ...set });
  await emitEvent(tx, { type: 'ecom.subscription_contract.updated', entityId: row.id, entity });
  await contractChanged(tx, { contractId: row.id, kind: 'RENEWED', periodEnd: billingDate(row, cycle + 1) });
}

/**
 * The renewal as the modules' placement handlers read a placement: its one line, paid, its stock taken now; no
 * checkout, cart, coupon, deposit or new subscription, so only the handlers that apply (downloads, stock) act.
 */
function asPlacement(
  stage: RenewalStage,
  row: ContractRow,
  p: { orderId: string; charge: AuthorizeResult; now: Date },
): PlacedOrder {
  const { snapshot } = stage;
  const date = p.now.toISOString();
  const destination = snapshot.shippingInfo?.logistics.shippingDestination;
  const buyer = {
    ...(row.memberId ? { memberId: row.memberId } : {}),
    ...(row.visitorId ? { visitorId: row.visitorId } : {}),
    ...(row.buyerEmail ? { email: row.buyerEmail } : {}),
  };
  const checkout: Checkout = {
    // A renewal has no checkout: the contract stands in for it.
    id: row.id,
    buyerInfo: buyer,
    currency: row.currency,
    lineItems: snapshot.lineItems,
    ...(snapshot.billingInfo ? { billingInfo: snapshot.billingInfo } : {}),
    shippingInfo: { ...(destination ? { shippingDestination: destination } : {}), carrierServiceOptions: [] },
    appliedDiscounts: [],
    subscriptionCharges: [],
    customFields: [],
    membershipOptions: { eligibleMemberships: [], invalidMemberships: [] },
    priceSummary: snapshot.priceSummary,
    taxSummary: snapshot.taxSummary,
    violations: [],
    channelType: row.channel as Checkout['channelType'],
    paymentOption: 'FULL_PAYMENT_ONLINE',
    checkoutUrl: '',
    completed: true,
    createdDate: date,
    updatedDate: date,
  };
  const checkoutRow: CheckoutRow = {
    id: row.id,
    cartId: null,
    templateId: null,
    memberId: row.memberId,
    visitorId: row.visitorId,
    channelType: row.channel,
    lines: [],
    info: { paymentOption: 'FULL_PAYMENT_ONLINE' },
    couponCode: null,
    giftCardCode: null,
    overrideCheckoutUrl: null,
    completed: true,
    createdDate: p.now,
    updatedDate: p.now,
  };
  return {
    orderId: p.orderId,
    row: checkoutRow,
    checkout,
    opts: { paymentToken: row.paymentMethod.token, paymentId: stage.paymentId },
    renewalOf: row.id,
    charge: p.charge,
    paid: true,
    takeStock: true,
    abandoned: false,
    payLater: 0n,
  };
}

/**
 * A failed try (declined, sold out): tried again tomorrow, and after the third failure in a row the contract pauses.
 * Recorded once per try: a second run of the same try finds the contract moved on and records nothing.
 */
export async function recordRenewalFailure(ctx: Ctx, stage: RenewalStage, reason: string): Promise<void> {
  const mailId = await withTx(ctx, async (tx) => {
    const [row] = await tx.db.select().from(sc).where(eq(sc.id, stage.contract.id)).for('update');
    if (!row || !stillThisTry(row, stage)) return undefined;
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
        payload: { contractId: row.id, cycle: stage.cycle, attempt: failedAttempts },
        runAt: retryAt,
      });
    }
    const entity = await toContract(tx, { ...row, ...set });
    await emitEvent(tx, { type: 'ecom.subscription_contract.updated', entityId: row.id, entity });
    if (pause) await contractChanged(tx, { contractId: row.id, kind: 'PAUSED' });
    if (reason === BUYER_MUST_CONFIRM) return askBuyerToConfirm(tx, row);
    return undefined;
  });
  if (mailId) void deliverQueued(ctx, mailId);
}

/** The bank wants the buyer, who was not there: they are e-mailed a way to confirm their card (Stripe's page). */
async function askBuyerToConfirm(tx: Ctx, row: ContractRow): Promise<string | undefined> {
  if (!row.buyerEmail) return undefined;
  const site = await getSite(tx);
  const mail = await queueMail(tx, {
    to: row.buyerEmail,
    template: 'SUBSCRIPTION_PAYMENT_CONFIRMATION',
    data: {
      siteName: site.name,
      product: row.lineItem.productName,
      amount: toMoney(row.amountMinor, row.currency, site.locale).formattedAmount,
      link: `${webBase(tx)}/account/subscriptions?subscription=${row.id}`,
    },
  });
  return mail.id;
}
