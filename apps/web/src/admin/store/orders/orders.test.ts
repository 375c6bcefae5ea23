import { describe, expect, it } from 'vitest';
import { readExpiry } from '../../../storefront/store/checkout/PaymentSection.js';
import { minus } from './PaymentsPanel.js';
import { lastDays } from './SalesCard.js';
import { readViews, withView } from './savedViews.js';

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
});
