import { describe, expect, it } from 'vitest';
import { readExpiry } from '../../../storefront/store/checkout/PaymentSection.js';
import { manualAmountProblem } from './ManualPaymentDialog.js';
import { minus } from './PaymentsPanel.js';
import { lastDays } from './SalesCard.js';
import { readViews, withView } from './savedViews.js';
import { draftFormOf, toDraftChanges } from './draftChanges.js';
import type { Order } from '@plaza/sdk/ecom';

describe('order screens’ helpers', () => {
  it('subtracts money as decimal text, never through floats', () => {
    expect(minus('0.30', '0.10')).toBe('0.20');
    expect(minus('100.00', '25.00')).toBe('75.00');
    expect(minus('1000', '1')).toBe('999');
    expect(minus('5.00', '7.50')).toBe('-2.50');
  });

  it('reads card expiry dates as shoppers type them', () => {
    expect(readExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(readExpiry(' 1 / 2031 ')).toEqual({ month: 1, year: 2031 });
    expect(readExpiry('1230')).toEqual({ month: 12, year: 2030 });
    expect(readExpiry('13/30')).toBeUndefined();
    expect(readExpiry('soon')).toBeUndefined();
  });

  it('charts the last 14 days, oldest first, ending today', () => {
    const days = lastDays(new Date('2026-11-24T10:00:00Z'));
    expect(days).toHaveLength(14);
    expect(days[0]).toBe('2026-11-11');
    expect(days.at(-1)).toBe('2026-11-24');
  });

  it('keeps saved views by name, newest first, and survives a broken store', () => {
    const a = { name: 'Unpaid', show: 'UNPAID', text: '' };
    const b = { name: 'Wholesale', show: 'ALL', text: 'wholesale' };
    const views = withView(withView([], a), b);
    expect(views.map((v) => v.name)).toEqual(['Wholesale', 'Unpaid']);
    expect(withView(views, { ...a, name: 'unpaid', text: 'x' }).map((v) => v.name)).toEqual(['unpaid', 'Wholesale']);
    expect(readViews({ getItem: () => 'not json' })).toEqual([]);
    expect(readViews({ getItem: () => JSON.stringify([a, { name: 3 }, null]) })).toEqual([a]);
  });

  it('turns the edit-items form into only the changes, or says what to fix', () => {
    const money = (amount: string) => ({ amount, formattedAmount: `$${amount}` });
    const order = {
      lineItems: [
        { id: 'a', productName: 'Lamp', quantity: 2, price: money('40.00') },
        { id: 'b', productName: 'Bulb', quantity: 1, price: money('5.00') },
      ],
    } as unknown as Order;
    const form = draftFormOf(order);
    expect(toDraftChanges(order, form, [])).toEqual({ changes: {}, empty: true });
    form.lines[0]!.quantity = '3';
    form.lines[0]!.price = '40';
    form.lines[1]!.removed = true;
    form.discount = { kind: 'PERCENT', value: '10', description: 'Sorry' };
    expect(toDraftChanges(order, form, [])).toEqual({
      changes: {
        lineItemsChanged: [{ lineItemId: 'a', quantity: 3 }],
        lineItemsRemoved: ['b'],
        discountsAdded: [{ percentage: 10, description: 'Sorry' }],
      },
      empty: false,
    });
    expect(toDraftChanges(order, { ...form, fee: { name: 'Wrap', price: 'free' } }, []).problem).toBe(
      'The fee is an amount such as 3.00.',
    );
    form.lines[0]!.removed = true;
    expect(toDraftChanges(order, form, []).problem).toBe('An order keeps at least one item.');
  });
});

describe('the amount of a payment recorded by hand', () => {
  const due = { amount: '25.00', formattedAmount: '$25.00' };
  it('says in words what is wrong with it', () => {
    expect(manualAmountProblem(' ', due)).toBe('Enter the amount you received.');
    expect(manualAmountProblem('ten', due)).toBe('Enter an amount such as 20.00.');
    expect(manualAmountProblem('0', due)).toBe('Enter an amount such as 20.00.');
    expect(manualAmountProblem('1.005', due)).toBe('Use at most 2 decimal places, such as 20.00.');
    expect(manualAmountProblem('25.01', due)).toBe('At most $25.00 is still due.');
    expect(manualAmountProblem('2.5', { amount: '1000', formattedAmount: '¥1,000' })).toBe('Enter a whole amount.');
  });
  it('takes anything from a cent up to what is due, with a comma or a dot', () => {
    expect(manualAmountProblem('0.01', due)).toBeUndefined();
    expect(manualAmountProblem('25', due)).toBeUndefined();
    expect(manualAmountProblem('12,50', due)).toBeUndefined();
  });
});
