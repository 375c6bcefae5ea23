import type { Order } from '@plaza/contracts';

/** The order's payment state as a shopper reads it. */
export const PAYMENT_WORDS: Record<Order['paymentStatus'], string> = {
  UNSPECIFIED: 'Not paid yet',
  NOT_PAID: 'Not paid yet',
  PAID: 'Paid',
  PARTIALLY_PAID: 'Partly paid',
  PARTIALLY_REFUNDED: 'Partly refunded',
  FULLY_REFUNDED: 'Refunded',
  PENDING: 'Payment in progress',
  PENDING_MERCHANT: 'Payment approved, not yet taken',
  CANCELED: 'Canceled',
  DECLINED: 'Payment declined',
};

export const ORDER_WORDS: Record<Order['status'], string> = {
  INITIALIZED: 'Waiting for payment',
  APPROVED: 'Confirmed',
  PENDING: 'On hold',
  CANCELED: 'Canceled',
  REJECTED: 'Declined by the shop',
};

export const FULFILLMENT_WORDS: Record<Order['fulfillmentStatus'], string> = {
  NOT_FULFILLED: 'Not shipped yet',
  PARTIALLY_FULFILLED: 'Partly shipped',
  FULFILLED: 'Shipped',
};

/** Whether any line of the order travels by carrier (digital items and services do not). */
export function shipsSomething(order: Pick<Order, 'lineItems'>): boolean {
  return order.lineItems.some((l) => l.physicalProperties?.shippable ?? l.itemType === 'PHYSICAL');
}

/** The order's delivery as a shopper reads it: an order with nothing to ship is never "not shipped yet". */
export function deliveryWords(order: Pick<Order, 'fulfillmentStatus' | 'lineItems'>): string {
  if (shipsSomething(order)) return FULFILLMENT_WORDS[order.fulfillmentStatus];
  return order.lineItems.some((l) => l.itemType === 'DIGITAL') ? 'By download' : 'Nothing to ship';
}
