import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CreateGiftCardRequest, GiftCard, ListGiftCardsResponse } from '@plaza/contracts';
import { storeKeys, usePlazaClient, useStoreChange } from '../api.js';

// The gift-card SDK module (@plaza/sdk/ecom gift-cards.ts) was still empty when this screen was written: these call
// the routes with `client.fetch` and the contracts' types; switch to the SDK methods once they land.
const CARDS = '/ecom/v1/gift-cards';
const key = () => [...storeKeys.all(), 'gift-cards'] as const;

export function useGiftCards(query: { codeEndsWith?: string; offset: number; limit: number }) {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: [...key(), query],
    queryFn: () => plaza.fetch<ListGiftCardsResponse>(CARDS, { query }),
    placeholderData: keepPreviousData,
  });
}

export const useIssueGiftCard = () =>
  useStoreChange(key(), (plaza, giftCard: CreateGiftCardRequest['giftCard']) =>
    plaza.fetch<{ giftCard: GiftCard }>(CARDS, { method: 'POST', body: { giftCard } }),
  );

export const useSetGiftCardDisabled = () =>
  useStoreChange(key(), (plaza, v: { id: string; disabled: boolean }) =>
    plaza.fetch<{ giftCard: GiftCard }>(`${CARDS}/${encodeURIComponent(v.id)}`, {
      method: 'PATCH',
      body: { giftCard: { disabled: v.disabled }, fieldMask: { paths: ['disabled'] } },
    }),
  );
