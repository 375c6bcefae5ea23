import { describe, expect, it } from 'vitest';
import type { AbandonedCheckout, ListAbandonedCheckoutsResponse } from '@plaza/sdk/ecom';
import { storeQueries } from '@plaza/react';
import { queryClientWithSite, render, staffClient, textOf } from '../testing.js';
import { AbandonedCheckoutsPage } from './AbandonedCheckoutsPage.js';

const money = (amount: string) => ({ amount, formattedAmount: `€${amount}` });
const basket = (over: Partial<AbandonedCheckout>): AbandonedCheckout => ({
  id: '0190a1b2-0000-7000-b000-000000000001',
  checkoutId: '0190a1b2-0000-7000-b000-000000000002',
  status: 'ABANDONED',
  buyerInfo: { email: 'ann@example.com' },
  totalPrice: money('25.00'),
  itemCount: 2,
  checkoutUrl: 'https://shop.example/checkout/x?recover=abc',
  activities: [{ type: 'SCHEDULED', createdDate: '2026-11-20T10:00:00.000Z' }],
  checkoutUpdatedDate: '2026-11-20T09:00:00.000Z',
  createdDate: '2026-11-20T10:00:00.000Z',
  updatedDate: '2026-11-20T10:00:00.000Z',
  ...over,
});

function page(data: ListAbandonedCheckoutsResponse) {
  const queryClient = queryClientWithSite();
  queryClient.setQueryData([...storeQueries.all(), 'abandoned-checkouts', { limit: 25 }], data);
  return render(<AbandonedCheckoutsPage />, staffClient('OWNER'), queryClient, '/admin/store/abandoned-checkouts');
}

describe('AbandonedCheckoutsPage', () => {
  it('shows what the baskets are worth, each shopper and whether they came back, in words', () => {
    const html = page({
      abandonedCheckouts: [
        basket({}),
        basket({ id: 'b2', buyerInfo: { email: 'bo@example.com' }, status: 'RECOVERED', totalPrice: money('9.00') }),
      ],
      metadata: {
        count: 2,
        totals: { abandoned: 1, recovered: 1, abandonedValue: money('25.00'), recoveredValue: money('9.00') },
      },
    });
    const text = textOf(html);
    for (const words of [
      '€25.00 in 1 basket',
      '€9.00 from 1 basket',
      '€25.00 · 2 items',
      'ann@example.com',
      'bo@example.com',
      'Not back',
      'Ordered',
    ])
      expect(text).toContain(words);
    expect(text).not.toMatch(/ABANDONED|RECOVERED/);
  });

  it('explains the page when nothing was abandoned yet', () => {
    const text = textOf(
      page({
        abandonedCheckouts: [],
        metadata: {
          count: 0,
          totals: { abandoned: 0, recovered: 0, abandonedValue: money('0.00'), recoveredValue: money('0.00') },
        },
      }),
    );
    expect(text).toContain('No abandoned checkouts');
  });
});
