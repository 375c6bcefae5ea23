import { createGiftCard, listGiftCards, updateGiftCard } from '@plaza/sdk/ecom';
import { call, type FetchClient } from '../call.js';
import { invalidatingCall, pageQuery, patching } from '../factories.js';
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
    pageQuery([...giftCardQueries.all(), query] as const, () => call(client, listGiftCards, query)),
};

export const giftCardMutations = {
  issue: invalidatingCall(giftCardQueries.all(), createGiftCard),
  setDisabled: patching(giftCardQueries.all(), updateGiftCard, (v: { id: string; disabled: boolean }) => ({
    disabled: v.disabled,
  })),
};
