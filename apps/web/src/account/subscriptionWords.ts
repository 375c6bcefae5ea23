import type { SubscriptionContract } from '@plaza/sdk/ecom';

/** How a subscription's state reads to its buyer and to the shop owner. */
export const SUBSCRIPTION_STATUS_WORDS: Record<SubscriptionContract['status'], string> = {
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  CANCELED: 'Canceled',
  ENDED: 'Finished',
};

const UNIT = { DAY: ['day', 'days'], WEEK: ['week', 'weeks'], MONTH: ['month', 'months'], YEAR: ['year', 'years'] };

/** "every month", "every 2 weeks". */
export function everyWords(s: SubscriptionContract['subscriptionSettings']): string {
  const [one, many] = UNIT[s.frequency];
  return s.interval === 1 ? `every ${one}` : `every ${s.interval} ${many}`;
}
