import { describe, expect, it } from 'vitest';
import type { Plan } from '@plaza/sdk/plans';
import { benefitProblem, changesOf, createInputOf, draftOf, emptyDraft, newBenefit, planFieldOf } from './planDraft.js';

const saved: Plan = {
  id: 'p',
  slug: 'coffee-club',
  name: 'Coffee club',
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
  benefits: [],
  createdDate: '2026-01-01T00:00:00Z',
  updatedDate: '2026-01-01T00:00:00Z',
};

describe('the plan form’s draft', () => {
  it('creates only what is set', () => {
    const input = createInputOf({ ...emptyDraft(), name: ' Coffee club ', price: '20', trialDays: '14' });
    expect(input).toEqual({
      name: 'Coffee club',
      description: '',
      price: { amount: '20' },
      recurrence: { frequency: 'MONTH', interval: 1, freeTrialDays: 14 },
      visibility: 'PUBLIC',
      paidOffline: false,
      benefits: [],
    });
  });

  it('sends only the changed fields, and a removed part by its name alone (the mask clears it)', () => {
    const draft = draftOf(saved);
    expect(changesOf(draft, draft)).toEqual({});
    const once = changesOf({ ...draft, recurring: false, hidden: true }, draft);
    expect(Object.keys(once).sort()).toEqual(['recurrence', 'visibility']);
    expect(once.recurrence).toBeUndefined();
    expect(JSON.parse(JSON.stringify(once))).toEqual({ visibility: 'HIDDEN' });
  });

  it('says what a benefit lacks, in words', () => {
    expect(benefitProblem(newBenefit('CREDITS'))).toBe('Choose the products or collections the credits are for.');
    expect(benefitProblem({ ...newBenefit('CREDITS'), credits: '0', productIds: ['x'] })).toBe(
      'Enter how many, from 1 to 10,000.',
    );
    expect(benefitProblem(newBenefit('MEMBER_PRICE'))).toBeUndefined();
    expect(benefitProblem({ ...newBenefit('MEMBER_PRICE'), wholeOrder: false })).toBe(
      'Choose the products or collections, or the whole order.',
    );
    expect(benefitProblem(newBenefit('FREE_SHIPPING'))).toBeUndefined();
  });

  it('puts a server problem next to its field', () => {
    expect(planFieldOf('plan.recurrence.billingCycles')).toBe('cycles');
    expect(planFieldOf('plan.validity.count')).toBe('validityCount');
    expect(planFieldOf('plan.name')).toBe('name');
    expect(planFieldOf('plan.benefits[0].credits')).toBeUndefined();
  });
});
