import { describe, expect, it } from 'vitest';
import { ORDER_APPROVAL_STATUSES } from '@plaza/contracts';
import { APPROVAL_TRANSITIONS, canMove, derivePaymentStatus, type PaymentFacts } from './payment-status.js';

const pay = (status: string, amount: number, captured = 0, refunded = 0) => ({
  status,
  amountMinor: BigInt(amount),
  capturedMinor: BigInt(captured),
  refundedMinor: BigInt(refunded),
});
const facts = (total: number, payments: PaymentFacts['payments'], approval: PaymentFacts['approval'] = 'APPROVED') => ({
  totalMinor: BigInt(total),
  approval,
  payments,
});

describe('derivePaymentStatus', () => {
  it.each([
    ['no payment', facts(1000, []), 'NOT_PAID'],
    ['a free order', facts(0, []), 'PAID'],
    ['captured in full', facts(1000, [pay('APPROVED', 1000, 1000)]), 'PAID'],
    ['gift card and card together', facts(1000, [pay('APPROVED', 300, 300), pay('APPROVED', 700, 700)]), 'PAID'],
    ['captured in part', facts(1000, [pay('AUTHORIZED', 1000, 400)]), 'PARTIALLY_PAID'],
    ['a deposit', facts(1000, [pay('APPROVED', 200, 200)]), 'PARTIALLY_PAID'],
    ['authorized, waiting for the owner', facts(1000, [pay('AUTHORIZED', 1000)]), 'PENDING_MERCHANT'],
    ['waiting for the bank', facts(1000, [pay('PENDING', 1000)]), 'PENDING'],
    ['declined', facts(1000, [pay('DECLINED', 1000)]), 'DECLINED'],
    ['declined, then authorized', facts(1000, [pay('DECLINED', 1000), pay('AUTHORIZED', 1000)]), 'PENDING_MERCHANT'],
    ['voided', facts(1000, [pay('VOIDED', 1000)]), 'NOT_PAID'],
    ['canceled, nothing paid', facts(1000, [pay('VOIDED', 1000)], 'CANCELED'), 'CANCELED'],
    ['refunded in part', facts(1000, [pay('PARTIALLY_REFUNDED', 1000, 1000, 250)]), 'PARTIALLY_REFUNDED'],
    ['refunded in full', facts(1000, [pay('REFUNDED', 1000, 1000, 1000)]), 'FULLY_REFUNDED'],
    [
      'one of two payments refunded',
      facts(1000, [pay('REFUNDED', 300, 300, 300), pay('APPROVED', 700, 700)]),
      'PARTIALLY_REFUNDED',
    ],
  ] as const)('%s → %s', (_, f, expected) => {
    expect(derivePaymentStatus(f)).toBe(expected);
  });
});

describe('approval transitions', () => {
  it('lets orders be approved, held and canceled, and never leave CANCELED or REJECTED', () => {
    expect(canMove('INITIALIZED', 'APPROVED')).toBe(true);
    expect(canMove('PENDING', 'APPROVED')).toBe(true);
    expect(canMove('APPROVED', 'CANCELED')).toBe(true);
    expect(canMove('APPROVED', 'PENDING')).toBe(false);
    expect(canMove('APPROVED', 'INITIALIZED')).toBe(false);
    for (const to of ORDER_APPROVAL_STATUSES) {
      expect(canMove('CANCELED', to)).toBe(false);
      expect(canMove('REJECTED', to)).toBe(false);
    }
    for (const [from, tos] of Object.entries(APPROVAL_TRANSITIONS)) expect(tos).not.toContain(from);
  });
});
