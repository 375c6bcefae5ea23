import type { Order, OrderPayment } from '@plaza/sdk/ecom';
import { Badge } from '../../../ui/Badge.js';
import { PAYMENT_WORDS } from '../../../storefront/store/orders/words.js';

type Tone = 'success' | 'warning' | 'danger' | undefined;
const TONE: Partial<Record<Order['paymentStatus'], Tone>> = {
  PAID: 'success',
  PENDING_MERCHANT: 'warning',
  NOT_PAID: 'warning',
  PARTIALLY_PAID: 'warning',
  DECLINED: 'danger',
};

/** The order's payment in the owner's words: "To capture" for an authorization waiting for her. */
export function PaymentBadge({ order }: { order: Order }) {
  const label = order.paymentStatus === 'PENDING_MERCHANT' ? 'To capture' : PAYMENT_WORDS[order.paymentStatus];
  return <Badge tone={TONE[order.paymentStatus]}>{label}</Badge>;
}

export const METHOD_WORDS: Record<OrderPayment['method'], string> = {
  CREDIT_CARD: 'Card',
  OFFLINE: 'Paid offline',
  GIFT_CARD: 'Gift card',
  MANUAL: 'Recorded payment',
};

export const PAYMENT_STATE_WORDS: Record<string, string> = {
  APPROVED: 'Taken',
  AUTHORIZED: 'Approved by the bank, not yet taken',
  PENDING: 'Waiting for the bank',
  DECLINED: 'Declined',
  VOIDED: 'Released',
  REFUNDED: 'Refunded',
  PARTIALLY_REFUNDED: 'Partly refunded',
};
