import { describe, expect, it } from 'vitest';
import type { Membership, Plan, PlanBenefit } from '@plaza/sdk/plans';
import { benefitWords, membershipStatus, priceDetails, priceWords, validityWords, type TargetNames } from './words.js';

const money = (amount: string) => ({ amount, formattedAmount: `€${amount}` });
const benefit = (b: Partial<PlanBenefit>): PlanBenefit => ({
  id: 'b',
  kind: 'CREDITS',
  productIds: [],
  collectionIds: [],
  wholeOrder: false,
  deliveryOptionCodes: [],
  ...b,
});
const names: TargetNames = {
  product: (id) => ({ p1: 'Coffee', p2: 'Tea' })[id],
  collection: (id) => ({ c1: 'Beans' })[id],
};
const monthly = { frequency: 'MONTH', interval: 1 } as const;

describe('a plan in words', () => {
  it('says the price per period, once, or free', () => {
    expect(priceWords({ price: money('20'), recurrence: monthly })).toBe('€20 / month');
    expect(priceWords({ price: money('20'), recurrence: { frequency: 'MONTH', interval: 3 } })).toBe(
      '€20 every 3 months',
    );
    expect(priceWords({ price: money('50') })).toBe('€50 once');
    expect(priceWords({ price: money('0'), recurrence: monthly })).toBe('Free');
  });

  it('adds the trial and the number of payments, and how long it lasts', () => {
    expect(
      priceDetails({ price: money('20'), recurrence: { ...monthly, freeTrialDays: 14, billingCycles: 12 } }),
    ).toEqual(['First 14 days free', '12 payments']);
    expect(priceDetails({ price: money('20'), recurrence: monthly })).toEqual(['Until you cancel']);
    expect(validityWords({ validity: { unit: 'YEAR', count: 1 } })).toBe('Valid for 1 year');
    expect(validityWords({})).toBe('No end date');
    expect(validityWords({ recurrence: monthly })).toBe('');
  });

  it('names each benefit with what it covers', () => {
    const plan: Pick<Plan, 'recurrence'> = { recurrence: monthly };
    expect(benefitWords(benefit({ credits: 4, productIds: ['p1'] }), plan, names)).toBe('4 × Coffee a month');
    expect(
      benefitWords(
        benefit({ credits: 2, productIds: ['p1', 'p2'], creditPeriod: { unit: 'WEEK', count: 2 } }),
        plan,
        names,
      ),
    ).toBe('2 × Coffee and Tea every 2 weeks');
    expect(benefitWords(benefit({ credits: 10, collectionIds: ['c1'] }), {}, names)).toBe('10 × Beans in all');
    expect(benefitWords(benefit({ kind: 'MEMBER_PRICE', percentOff: 10, collectionIds: ['c1'] }), plan, names)).toBe(
      '10 % off Beans',
    );
    expect(benefitWords(benefit({ kind: 'MEMBER_PRICE', amountOff: money('2'), wholeOrder: true }), plan, names)).toBe(
      '€2 off every order',
    );
    expect(benefitWords(benefit({ kind: 'FREE_SHIPPING' }), plan, names)).toBe('Free delivery');
    expect(benefitWords(benefit({ kind: 'MEMBER_ONLY', productIds: ['gone'] }), plan, names)).toBe(
      'Members-only products: 1 product',
    );
  });
});

describe('a membership’s state for its holder', () => {
  const day = (iso: string) => iso.slice(0, 10);
  const m = (x: Partial<Membership>) => ({ status: 'ACTIVE', ...x }) as Membership;
  it('says when it renews, ends, or what to do', () => {
    expect(membershipStatus(m({ renewalDate: '2026-05-04T00:00:00Z' }), day).text).toBe(
      'Active — renews on 2026-05-04',
    );
    expect(
      membershipStatus(m({ canceledDate: '2026-04-01T00:00:00Z', endDate: '2026-05-04T00:00:00Z' }), day).text,
    ).toBe('Canceled — ends on 2026-05-04');
    expect(membershipStatus(m({ endDate: '2027-01-01T00:00:00Z' }), day).text).toBe('Active until 2027-01-01');
    expect(membershipStatus(m({ status: 'PAUSED' }), day).text).toBe('Paused — update your card');
    expect(
      membershipStatus(m({ status: 'ENDED', endReason: 'REVOKED', endDate: '2026-04-02T00:00:00Z' }), day).text,
    ).toBe('Ended by the shop on 2026-04-02');
  });
});
