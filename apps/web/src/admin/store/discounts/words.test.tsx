import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CouponStatus, discountWords, usageWords } from './words.js';

const money = (amount: string) => ({ amount, formattedAmount: `€${amount}` });

describe('coupon words', () => {
  it('says what a discount takes off, in words', () => {
    expect(discountWords({ type: 'PERCENTAGE', percentage: 10, scope: 'GLOBAL' })).toBe('10% off everything');
    expect(discountWords({ type: 'FIXED_AMOUNT', fixedAmount: money('5.00'), scope: 'SHIPPING' })).toBe(
      '€5.00 off shipping',
    );
    expect(discountWords({ type: 'FIXED_PRICE', fixedPrice: money('0.00'), scope: 'SHIPPING' })).toBe(
      'Shipping for €0.00',
    );
  });

  it('shows usage against the limit and the status as a badge', () => {
    expect(usageWords({ numberOfUsages: 1234, usageLimit: 5000 })).toBe('1,234 of 5,000 used');
    expect(usageWords({ numberOfUsages: 3 })).toBe('3 used');
    const status = (active: boolean, s: 'LIVE' | 'PENDING' | 'EXPIRED') =>
      renderToStaticMarkup(<CouponStatus coupon={{ active, status: s }} />);
    expect(status(true, 'LIVE')).toContain('Live');
    expect(status(true, 'PENDING')).toContain('Scheduled');
    expect(status(true, 'EXPIRED')).toContain('Expired');
    expect(status(false, 'LIVE')).toContain('Off');
  });
});
