import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CreateGiftCardRequest } from '@plaza/contracts';
import { createGiftCard, listGiftCards, updateGiftCard } from '@plaza/sdk/ecom';
import { call, invalidating, type FetchClient } from '../call.js';
import { storeQueries } from './roots.js';

export interface GiftCardQuery {
  codeEndsWith?: string;
  offset: number;
  limit: number;
}

export const giftCardQueries = {
  all: () => [...storeQueries.all(), 'gift-cards'] as const,
  /** One page; the last page stays shown while the next loads. */
  list: (client: FetchClient, query: GiftCardQuery) =>
    queryOptions({
      queryKey: [...giftCardQueries.all(), query] as const,
      queryFn: () => call(client, listGiftCards, query),
      placeholderData: keepPreviousData,
    }),
};

export const giftCardMutations = {
  issue: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, giftCardQueries.all(), (giftCard: CreateGiftCardRequest['giftCard']) =>
      call(client, createGiftCard, giftCard),
    ),
  setDisabled: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, giftCardQueries.all(), (v: { id: string; disabled: boolean }) =>
      call(client, updateGiftCard, v.id, { disabled: v.disabled }, ['disabled']),
    ),
};
