import { describe, expect, it } from 'vitest';
import type { Plan, PlanBenefit } from '@plaza/sdk/plans';
import { benefitsWithMembersOnly, membersOnlyIn, plansNaming, type ItemRef } from './itemPlans.js';

const benefit = (kind: PlanBenefit['kind'], extra: Partial<PlanBenefit> = {}): PlanBenefit => ({
  id: `b-${kind}`,
  kind,
  productIds: [],
  collectionIds: [],
  wholeOrder: false,
  deliveryOptionCodes: [],
  ...extra,
});

const plan = (name: string, benefits: PlanBenefit[]): Plan => ({
  id: name,
  slug: name,
  name,
  description: '',
  price: { amount: '20', formattedAmount: '€20.00' },
  currency: 'EUR',
  recurrence: { frequency: 'MONTH', interval: 1 },
  buyers: 0,
  available: true,
  visibility: 'PUBLIC',
  status: 'ACTIVE',
  paidOffline: false,
  taxCreditedLines: false,
  benefits,
  createdDate: '2026-01-01T00:00:00Z',
  updatedDate: '2026-01-01T00:00:00Z',
});

const coffee: ItemRef = { kind: 'product', id: 'p1' };
const club = plan('Coffee club', [
  benefit('CREDITS', { credits: 2, productIds: ['p1'] }),
  benefit('MEMBER_PRICE', { percentOff: 10, productIds: ['p1', 'p2'] }),
  benefit('FREE_SHIPPING'),
  benefit('MEMBER_ONLY', { productIds: ['p2'], collectionIds: ['c1'] }),
]);

describe('the plans of one item', () => {
  it('names each plan whose benefits name the item, in words', () => {
    const amount = plan('Amount', [
      benefit('MEMBER_PRICE', { amountOff: { amount: '2', formattedAmount: '€2.00' }, collectionIds: ['p1'] }),
    ]);
    expect(plansNaming([club, amount], coffee).map((n) => [n.plan.name, n.benefits])).toEqual([
      ['Coffee club', ['2 a month with credits', '10 % member price']],
    ]);
    expect(plansNaming([amount], { kind: 'collection', id: 'p1' })[0]!.benefits).toEqual(['€2.00 member price']);
    expect(plansNaming([club], { kind: 'collection', id: 'c1' })[0]!.benefits).toEqual(['Members only']);
  });

  it('makes the item members-only in the first MEMBER_ONLY benefit, keeping the others as they are', () => {
    const next = benefitsWithMembersOnly(club, coffee, true);
    expect(next[3]).toEqual({ kind: 'MEMBER_ONLY', productIds: ['p2', 'p1'], collectionIds: ['c1'] });
    expect(next.slice(0, 3)).toEqual([
      { kind: 'CREDITS', productIds: ['p1'], collectionIds: [], credits: 2 },
      { kind: 'MEMBER_PRICE', productIds: ['p1', 'p2'], collectionIds: [], wholeOrder: false, percentOff: 10 },
      { kind: 'FREE_SHIPPING', productIds: [], collectionIds: [] },
    ]);
    expect(benefitsWithMembersOnly(plan('Empty', []), coffee, true)).toEqual([
      { kind: 'MEMBER_ONLY', productIds: ['p1'], collectionIds: [] },
    ]);
  });

  it('takes the item out again, dropping a MEMBER_ONLY benefit left with nothing', () => {
    const only = plan('Only', [benefit('MEMBER_ONLY', { productIds: ['p1'] })]);
    expect(membersOnlyIn(only, coffee)).toBe(true);
    expect(benefitsWithMembersOnly(only, coffee, false)).toEqual([]);
    const both = benefitsWithMembersOnly(club, { kind: 'collection', id: 'c1' }, false);
    expect(both[3]).toEqual({ kind: 'MEMBER_ONLY', productIds: ['p2'], collectionIds: [] });
  });
});
