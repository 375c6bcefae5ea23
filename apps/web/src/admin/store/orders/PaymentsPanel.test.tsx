import { describe, expect, it } from 'vitest';
import type { Order, OrderPayment, OrderTransactions } from '@plaza/sdk/ecom';
import { renderForOwner, textOf } from '../../testing.js';
import { OrderHistory, disputeActivityWords } from './OrderHistory.js';
import { PaymentsPanel } from './PaymentsPanel.js';
import { disputeWords } from './words.js';

const money = (amount: string) => ({ amount, formattedAmount: `€${amount}` });
const DATE = '2026-11-20T09:30:00.000Z';

const order = (activities: Order['activities'] = []) =>
  ({
    id: '0190a1b2-0000-7000-c000-000000000001',
    number: 1042,
    status: 'APPROVED',
    currency: 'EUR',
    lineItems: [],
    buyerInfo: { email: 'ann@example.com' },
    priceSummary: { total: money('25.00') },
    balanceSummary: { paid: money('25.00'), balance: money('0.00') },
    activities,
  }) as unknown as Order;

function cardPayment(details: Partial<NonNullable<OrderPayment['regularPaymentDetails']>> = {}): OrderPayment {
  return {
    id: '0190a1b2-0000-7000-c000-000000000002',
    amount: money('25.00'),
    method: 'CREDIT_CARD',
    refundedAmount: money('0.00'),
    createdDate: DATE,
    updatedDate: DATE,
    regularPaymentDetails: {
      offlinePayment: false,
      status: 'APPROVED',
      creditCardDetails: { brand: 'Visa', lastFourDigits: '4242' },
      paymentProvider: { id: 'STRIPE', liveMode: false },
      ...details,
    },
  };
}

const panel = (...payments: OrderPayment[]) =>
  textOf(
    renderForOwner(
      <PaymentsPanel order={order()} transactions={{ payments, refunds: [] } as unknown as OrderTransactions} />,
    ),
  );

describe('an order’s payments', () => {
  it('names who moved the money, and marks a test card payment "Test"', () => {
    const text = panel(cardPayment());
    expect(text).toContain('Card · Visa ending 4242 · Stripe');
    expect(text).toMatch(/Stripe Test ?: no real money moved/);
  });

  it('a live payment carries no Test badge; the built-in test cards and payment apps are named', () => {
    expect(panel(cardPayment({ paymentProvider: { id: 'STRIPE', liveMode: true } }))).not.toContain('Test');
    expect(panel(cardPayment({ paymentProvider: { id: 'TEST_CARD', liveMode: false } }))).toContain(
      'Visa ending 4242 · Test card Test',
    );
    expect(panel(cardPayment({ paymentProvider: { id: 'PAYMENT_APP', liveMode: true } }))).toContain(
      'Visa ending 4242 · Payment app',
    );
  });

  it('shows a dispute in words, with its amount', () => {
    const dispute = { id: 'dp_1', reason: 'fraudulent', amount: money('25.00'), updatedDate: DATE };
    const open = panel(cardPayment({ dispute: { ...dispute, status: 'NEEDS_RESPONSE' } }));
    expect(open).toContain('Disputed: fraudulent · needs your response in Stripe · €25.00');
    expect(panel(cardPayment({ dispute: { ...dispute, status: 'WON' } }))).toContain('Dispute won · €25.00');
    expect(panel(cardPayment({ dispute: { ...dispute, status: 'LOST' } }))).toContain('Dispute lost · €25.00');
    expect(panel(cardPayment())).not.toContain('Disput');
  });

  it('words every dispute state, reasons without underscores', () => {
    const words = (status: string, reason = 'product_not_received') => disputeWords({ status, reason });
    expect(words('NEEDS_RESPONSE')).toEqual({
      words: 'Disputed: product not received · needs your response in Stripe',
      tone: 'danger',
    });
    expect(words('UNDER_REVIEW').words).toBe('Disputed: product not received · under review by the bank');
    expect(words('WARNING_NEEDS_RESPONSE').words).toBe('Inquiry: product not received · needs your response in Stripe');
    expect(words('WARNING_CLOSED').words).toBe('Inquiry closed');
    expect(words('WON').tone).toBe('success');
    expect(words('SOMETHING_NEW').words).toBe('Disputed: product not received');
  });
});

describe('an order’s history', () => {
  const disputeEntry: Order['activities'][number] = {
    id: 'a1',
    type: 'CUSTOM_ACTIVITY',
    createdDate: DATE,
    author: 'Stripe',
    customActivity: {
      type: 'PAYMENT_DISPUTE',
      additionalData: {
        status: 'NEEDS_RESPONSE',
        says: 'Dispute opened: respond in Stripe before the deadline',
        reason: 'fraudulent',
        amount: '25.00',
      },
    },
  };

  it('reads a dispute as Stripe said it, with its amount in the order’s currency, never raw data', () => {
    const text = textOf(renderForOwner(<OrderHistory order={order([disputeEntry])} />));
    expect(text).toContain('Dispute opened: respond in Stripe before the deadline · €25.00 (fraudulent)');
    expect(text).toContain('Stripe');
    expect(text).not.toContain('App activity');
    expect(text).not.toContain('NEEDS_RESPONSE');
  });

  it('leaves other app entries as they were', () => {
    const other = { ...disputeEntry, customActivity: { type: 'SHIPPED_BY_APP' } };
    expect(disputeActivityWords(other, String)).toBeUndefined();
    expect(textOf(renderForOwner(<OrderHistory order={order([other])} />))).toContain('App activity');
  });
});
