import type Stripe from 'stripe';
import type { Checkout } from '@plaza/contracts';
import { parseAmount } from '../../pricing/index.js';

type LineItem = Stripe.Checkout.SessionCreateParams.LineItem;

/**
 * What Stripe's page lists. Stripe's line items cannot be negative, so a discount or a gift card cannot be a line of
 * its own: when the products, shipping, fees, tip and tax add up to what is due now, each is a line; otherwise (a
 * discount, a gift card, a deposit) one line "Order 10023" for what is due now names the products in its description.
 * Either way Stripe's total is exactly what the quote says is due now.
 */
export function stripeLineItems(checkout: Checkout, dueNow: bigint, orderNumber: number): LineItem[] {
  const currency = checkout.currency.toLowerCase();
  const minor = (amount: string) => parseAmount(amount, checkout.currency, 'amount');
  const line = (name: string, unitAmount: bigint, quantity = 1, description?: string): LineItem => ({
    quantity,
    price_data: {
      currency,
      unit_amount: Number(unitAmount),
      product_data: { name, ...(description ? { description } : {}) },
    },
  });
  const summary = checkout.priceSummary;
  const extras: Array<[string, string]> = [
    ['Shipping', summary.shipping.amount],
    ['Fees', summary.additionalFees.amount],
    ['Tip', summary.tip.amount],
    ...(summary.taxIncludedInPrices ? [] : ([['Tax', summary.tax.amount]] as Array<[string, string]>)),
  ];
  const itemized = [
    ...checkout.lineItems.map((l) => line(l.productName, minor(l.price.amount), l.quantity)),
    ...extras.filter(([, amount]) => minor(amount) > 0n).map(([name, amount]) => line(name, minor(amount))),
  ];
  const sum = itemized.reduce((s, l) => s + BigInt(l.price_data!.unit_amount!) * BigInt(l.quantity!), 0n);
  if (sum === dueNow && minor(summary.discount.amount) === 0n) return itemized;
  const names = checkout.lineItems.map((l) => `${l.quantity} × ${l.productName}`).join(', ');
  return [line(`Order ${orderNumber}`, dueNow, 1, names.slice(0, 500))];
}
