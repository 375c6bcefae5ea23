import type { OrderApprovalStatus, OrderPaymentStatus } from '@plaza/contracts';

/** What the order's payment status is derived from: its total and each payment's state. */
export interface PaymentFacts {
  totalMinor: bigint;
  approval: OrderApprovalStatus;
  payments: Array<{ status: string; amountMinor: bigint; capturedMinor: bigint; refundedMinor: bigint }>;
}

/**
 * The order's payment status from its transactions, in one place (every change recomputes it):
 * - money refunded: FULLY_REFUNDED once every captured unit went back, else PARTIALLY_REFUNDED;
 * - money captured: PAID when it covers the total (a free order is PAID), else PARTIALLY_PAID;
 * - nothing captured: PENDING while a payment waits for the buyer's bank, PENDING_MERCHANT while an authorization
 *   waits for the owner to capture, DECLINED when every attempt was declined, CANCELED for a canceled order, else
 *   NOT_PAID.
 */
export function derivePaymentStatus(f: PaymentFacts): OrderPaymentStatus {
  let captured = 0n;
  let refunded = 0n;
  for (const p of f.payments) {
    captured += p.capturedMinor;
    refunded += p.refundedMinor;
  }
  if (refunded > 0n) return refunded >= captured ? 'FULLY_REFUNDED' : 'PARTIALLY_REFUNDED';
  if (captured > 0n || f.totalMinor === 0n) return captured >= f.totalMinor ? 'PAID' : 'PARTIALLY_PAID';
  const live = f.payments.filter((p) => p.status !== 'VOIDED');
  if (live.some((p) => p.status === 'PENDING')) return 'PENDING';
  if (live.some((p) => p.status === 'AUTHORIZED')) return 'PENDING_MERCHANT';
  if (f.approval === 'CANCELED') return 'CANCELED';
  if (f.payments.length > 0 && f.payments.every((p) => p.status === 'DECLINED')) return 'DECLINED';
  return 'NOT_PAID';
}

/**
 * Allowed approval-status moves (`update-status`, cancel, and the system's own after payments). Anything else is a
 * 400 naming both states. CANCELED and REJECTED are final.
 */
export const APPROVAL_TRANSITIONS: Record<OrderApprovalStatus, readonly OrderApprovalStatus[]> = {
  INITIALIZED: ['APPROVED', 'PENDING', 'CANCELED', 'REJECTED'],
  PENDING: ['APPROVED', 'CANCELED', 'REJECTED'],
  APPROVED: ['CANCELED'],
  CANCELED: [],
  REJECTED: [],
};

export const canMove = (from: OrderApprovalStatus, to: OrderApprovalStatus): boolean =>
  APPROVAL_TRANSITIONS[from].includes(to);

/**
 * stock.held-when-money-in: an order with money received or authorized (paid, a deposit, a delayed capture) holds
 * its stock even when the shop takes stock when paid; otherwise paying the balance could find the units gone.
 */
export const holdsStock = (status: OrderPaymentStatus): boolean =>
  status === 'PAID' || status === 'PARTIALLY_PAID' || status === 'PENDING_MERCHANT';
