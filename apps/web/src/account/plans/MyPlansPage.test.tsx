import { describe, expect, it } from 'vitest';
import type { SubscriptionContract } from '@plaza/contracts';
import { mySubscriptionQueries, paymentQueries, planQueries, shopCatalogQueries } from '@plaza/react';
import type { Membership, Plan } from '@plaza/sdk/plans';
import { formatDay } from '../../lib/format.js';
import { fakeClient, MEMBER_ID, queryClientWithSite, render, site, textOf } from '../../storefront/testing.js';
import MyPlansPage from './MyPlansPage.js';

const RENEWS = '2026-05-04T09:00:00.000Z';
const PERIOD_END = '2026-05-01T00:00:00.000Z';
const day = (iso: string) => formatDay(iso, site);

const plan: Plan = {
  id: 'plan-1',
  slug: 'coffee-club',
  name: 'Coffee club',
  description: '',
  price: { amount: '20', formattedAmount: '€20.00' },
  currency: 'EUR',
  recurrence: { frequency: 'MONTH', interval: 1 },
  buyers: 1,
  available: true,
  visibility: 'PUBLIC',
  status: 'ACTIVE',
  paidOffline: false,
  taxCreditedLines: false,
  benefits: [
    {
      id: 'b1',
      kind: 'CREDITS',
      productIds: ['p1'],
      collectionIds: [],
      wholeOrder: false,
      credits: 4,
      deliveryOptionCodes: [],
    },
  ],
  createdDate: '2026-01-01T00:00:00Z',
  updatedDate: '2026-01-01T00:00:00Z',
};

type Row = Membership & { member: { name: string } };

function membership(id: string, extra: Partial<Membership> = {}): Row {
  return {
    id,
    planId: plan.id,
    planName: 'Coffee club',
    memberId: MEMBER_ID,
    member: { name: 'Mia' },
    status: 'ACTIVE',
    startDate: '2026-04-04T09:00:00.000Z',
    renewalDate: RENEWS,
    subscriptionContractId: `sub-${id}`,
    grantedByOwner: false,
    credits: [{ benefitId: 'b1', total: 4, remaining: 3, periodEnd: PERIOD_END }],
    createdDate: '2026-04-04T09:00:00.000Z',
    updatedDate: '2026-04-04T09:00:00.000Z',
    ...extra,
  };
}

const contract = (id: string) =>
  ({
    id: `sub-${id}`,
    status: 'ACTIVE',
    paymentMethod: { brand: 'Visa', lastFourDigits: '4242' },
  }) as SubscriptionContract;

/** The page's first paint for a member holding these plans, the shop taking test cards. */
function page(memberships: Row[]) {
  const client = fakeClient(MEMBER_ID);
  // Only the query keys are read off the factories: the page renders from the seeded cache.
  const keys = client as never;
  const queryClient = queryClientWithSite();
  queryClient.setQueryData(planQueries.myMemberships(keys).queryKey, memberships);
  queryClient.setQueryData(planQueries.one(keys, plan.id).queryKey, { plan });
  queryClient.setQueryData(shopCatalogQueries.products(keys, { limit: 100 }).queryKey, {
    products: [{ id: 'p1', name: 'House Blend' }],
  } as never);
  queryClient.setQueryData(paymentQueries.methodsKey(), {
    card: { provider: 'TEST_CARD', testMode: true },
  });
  queryClient.setQueryData(
    mySubscriptionQueries.all(),
    memberships.map((m) => contract(m.id)),
  );
  return render(<MyPlansPage />, client, queryClient, '/account/plans');
}
const buttons = (html: string) => [...html.matchAll(/<button\b[^>]*>(.*?)<\/button>/gs)].map((m) => textOf(m[1]!));

describe('My plans', () => {
  it('shows an active plan: when it renews, the credits left, and ways to change the card or cancel', () => {
    const html = page([membership('a')]);
    const text = textOf(html);
    expect(text).toContain(`Active — renews on ${day(RENEWS)}`);
    expect(text).toContain('3 of 4 × House Blend left');
    expect(text).toContain(`New credits on ${day(PERIOD_END)}`);
    expect(text).toContain('Credits used');
    expect(buttons(html)).toEqual(expect.arrayContaining(['Change card (Visa ending 4242)', 'Cancel plan']));
  });

  it('credits for the whole plan say when to use them by, not when new ones come', () => {
    const text = textOf(page([membership('a', { renewalDate: undefined, endDate: PERIOD_END })]));
    expect(text).toContain(`Use them by ${day(PERIOD_END)}`);
    expect(text).not.toContain('New credits');
  });

  it('a canceled plan says when it ends and offers neither cancel nor a card change', () => {
    const html = page([
      membership('a', { canceledDate: '2026-04-10T00:00:00Z', endDate: RENEWS, renewalDate: undefined }),
    ]);
    expect(textOf(html)).toContain(`Canceled — ends on ${day(RENEWS)}`);
    expect(buttons(html).some((b) => b === 'Cancel plan' || b.startsWith('Change card'))).toBe(false);
  });

  it('a paused plan asks for another card; an ended one shows no credits', () => {
    expect(buttons(page([membership('a', { status: 'PAUSED' })]))).toContain('Update your card');
    const ended = textOf(page([membership('a', { status: 'ENDED', endReason: 'REVOKED', endDate: RENEWS })]));
    expect(ended).toContain(`Ended by the shop on ${day(RENEWS)}`);
    expect(ended).not.toContain('left');
  });

  it('with no plan, points to the plans', () => {
    const html = page([]);
    expect(textOf(html)).toContain('You have no plan yet. See the plans');
    expect(html).toContain('href="/plans"');
  });
});
