import { describe, expect, it } from 'vitest';
import type { Order } from '@plaza/contracts';
import { invoiceOf } from './order-invoice.js';

const money = (amount: string) => ({ amount, formattedAmount: `$${amount}` });
const zero = money('0.00');

/** The fields of an order the invoice reads. */
const order = (address: NonNullable<Order['billingInfo']>['address']) =>
  ({
    number: '10001',
    buyerInfo: { email: 'ann@example.com' },
    billingInfo: { address, contactDetails: { firstName: 'Ann', lastName: 'Lee' } },
    lineItems: [],
    priceSummary: {
      subtotal: money('10.00'),
      discount: zero,
      shipping: zero,
      additionalFees: zero,
      tax: zero,
      tip: zero,
      total: money('10.00'),
      taxIncludedInPrices: false,
    },
    balanceSummary: { paid: money('10.00'), refunded: zero, balance: zero },
    taxSummary: { taxBreakdown: [] },
    paymentStatus: 'PAID',
  }) as unknown as Order;

describe('the invoice prints the buyer’s address as their country writes it', () => {
  it('a US address: city, state code and ZIP on one line, no raw "US-NY"', () => {
    const doc = invoiceOf(
      order({ addressLine: '350 5th Ave', city: 'New York', postalCode: '10001', subdivision: 'US-NY', country: 'US' }),
      { name: 'Shop', lines: [] },
      { issueDate: '2026-11-27T10:00:00.000Z', issuedOn: 'Nov 27, 2026' },
    );
    expect(doc.buyer.lines).toEqual(['350 5th Ave', 'New York, NY 10001', 'United States of America']);
  });

  it('a German address: postcode before the city', () => {
    const doc = invoiceOf(
      order({ addressLine: 'Hauptstr. 5', city: 'Berlin', postalCode: '10115', country: 'DE' }),
      { name: 'Shop', lines: [] },
      { issueDate: '2026-11-27T10:00:00.000Z', issuedOn: 'Nov 27, 2026' },
    );
    expect(doc.buyer.lines).toEqual(['Hauptstr. 5', '10115 Berlin', 'Germany']);
  });
});
