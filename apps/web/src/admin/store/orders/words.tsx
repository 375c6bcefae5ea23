import type { Order, OrderPayment } from '@plaza/sdk/ecom';
import { Badge } from '../../../ui/Badge.js';
import { cx } from '../../../ui/cx.js';
import { deliveryMethod } from '../../../storefront/store/orders/lines.js';
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
  MEMBERSHIP: 'Plan credits',
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

/** Who moved the money, as an owner knows them. */
export const PROVIDER_WORDS: Partial<Record<string, string>> = {
  STRIPE: 'Stripe',
  TEST_CARD: 'Test card',
  PAYMENT_APP: 'Payment app',
};

export type Dispute = NonNullable<NonNullable<OrderPayment['regularPaymentDetails']>['dispute']>;
type DisputeTone = 'danger' | 'warning' | 'success' | 'neutral';

/**
 * A chargeback as the owner must act on it: open ones say what Stripe waits for (and why the bank opened it), closed
 * ones only how they ended. Stripe's reasons come as `product_not_received`.
 */
export function disputeWords(dispute: Pick<Dispute, 'status' | 'reason'>): { words: string; tone: DisputeTone } {
  const reason = dispute.reason.replace(/_/g, ' ');
  const inquiry = dispute.status.startsWith('WARNING_');
  const opened = `${inquiry ? 'Inquiry' : 'Disputed'}: ${reason}`;
  switch (dispute.status.replace(/^WARNING_/, '')) {
    case 'NEEDS_RESPONSE':
      return { words: `${opened} · needs your response in Stripe`, tone: 'danger' };
    case 'UNDER_REVIEW':
      return { words: `${opened} · under review by the bank`, tone: 'warning' };
    case 'CLOSED':
      return { words: 'Inquiry closed', tone: 'neutral' };
    case 'WON':
      return { words: 'Dispute won', tone: 'success' };
    case 'LOST':
      return { words: 'Dispute lost', tone: 'danger' };
    case 'PREVENTED':
      return { words: 'Dispute prevented', tone: 'success' };
    default:
      return { words: opened, tone: 'warning' };
  }
}

type Priced = Pick<Order, 'priceSummary'> & Partial<Pick<Order, 'shippingInfo'>>;

/**
 * Subtotal, discount, shipping, fees, tax, tip and total: the rows that are not zero (the total always). Shipping
 * names the delivery method ("Shipping (Standard post)") and is listed whenever one was chosen, free or not.
 */
function summaryRows(order: Priced): Array<[string, string]> {
  const p = order.priceSummary;
  const method = deliveryMethod(order);
  const rows: Array<[string, { amount: string; formattedAmount: string } | undefined, boolean?]> = [
    ['Items', p.subtotal],
    ['Discount', p.discount],
    [method ? `Shipping (${method})` : 'Shipping', p.shipping, Boolean(method)],
    ['Fees', p.additionalFees],
    [p.taxIncludedInPrices ? 'Tax (included)' : 'Tax', p.tax],
    ['Tip', p.tip],
  ];
  return [
    ...rows
      .filter(([, m, always]) => m && (always || Number(m.amount) !== 0))
      .map(([l, m]): [string, string] => [l, m!.formattedAmount]),
    ['Total', p.total.formattedAmount],
  ];
}

/** The order's totals as a list, the total in bold. */
export function PriceRows({ order, className }: { order: Priced; className?: string }) {
  return (
    <dl className={cx('space-y-1 border-t border-neutral-200 pt-2 text-sm', className)}>
      {summaryRows(order).map(([label, value]) => (
        <div key={label} className={cx('flex justify-between', label === 'Total' && 'font-semibold')}>
          <dt>{label}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
