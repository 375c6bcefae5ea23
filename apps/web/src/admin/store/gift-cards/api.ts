import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CreateGiftCardRequest } from '@plaza/contracts';
import { createGiftCard, listGiftCards, updateGiftCard } from '@plaza/sdk/ecom';
import { callMethod, storeKeys, usePlazaClient, useStoreChange } from '../api.js';

const key = () => [...storeKeys.all(), 'gift-cards'] as const;

export function useGiftCards(query: { codeEndsWith?: string; offset: number; limit: number }) {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: [...key(), query],
    queryFn: () => callMethod(plaza, listGiftCards, query),
    placeholderData: keepPreviousData,
  });
}

export const useIssueGiftCard = () =>
  useStoreChange(key(), (plaza, giftCard: CreateGiftCardRequest['giftCard']) =>
    callMethod(plaza, createGiftCard, giftCard),
  );

export const useSetGiftCardDisabled = () =>
  useStoreChange(key(), (plaza, v: { id: string; disabled: boolean }) =>
    callMethod(plaza, updateGiftCard, v.id, { disabled: v.disabled }, ['disabled']),
  );
