import type {
  CreateGiftCardRequest,
  GiftCardResponse,
  ListGiftCardsQuery,
  ListGiftCardsResponse,
  UpdateGiftCardRequest,
} from '@plaza/contracts';
import { createMethod, deleteMethod, getMethod, queryMethod, updateMethod } from '../../core/crud.js';

export type { GiftCard, GiftCardResponse, ListGiftCardsQuery, ListGiftCardsResponse } from '@plaza/contracts';

/*
 * Gift cards, for the dashboard and back-office scripts (owner or `ecom` API key). Buyers apply a code to a cart or
 * checkout (`giftCardCode`); they never call these.
 */

const PATH = '/ecom/v1/gift-cards';

/**
 * Issues a card in the site currency. Without `code` Plaza generates one. The full code is in this answer only: show
 * or send it now; afterwards a card shows its last 4 characters.
 *
 * @example
 * const { giftCard } = await admin.giftCards.createGiftCard({ initialBalance: { amount: '50.00' }, note: 'Raffle' });
 * console.log(giftCard.code); // "K7QM-3XRT-9PWA-HN4E"
 */
export const createGiftCard = createMethod<CreateGiftCardRequest['giftCard'], GiftCardResponse>(PATH, 'giftCard');

/**
 * Newest first; `codeEndsWith` finds a card by the last characters of its code.
 *
 * @example const { giftCards, total } = await admin.giftCards.listGiftCards({ codeEndsWith: 'HN4E' });
 */
export const listGiftCards = queryMethod<ListGiftCardsQuery, ListGiftCardsResponse>(PATH);

/** @example const { giftCard } = await admin.giftCards.getGiftCard(id); // giftCard.balance.formattedAmount */
export const getGiftCard = getMethod<GiftCardResponse>(PATH, 'giftCard');

/**
 * Changes expiry (null: never), `disabled` or the note, as named in `fieldMask`.
 *
 * @example await admin.giftCards.updateGiftCard(id, { disabled: true }, ['disabled']);
 */
export const updateGiftCard = updateMethod<UpdateGiftCardRequest['giftCard'], GiftCardResponse>(PATH, 'giftCard');

/**
 * Deletes a card that never paid for an order (otherwise 409 GIFT_CARD_REDEEMED: disable it instead).
 *
 * @example await admin.giftCards.deleteGiftCard(id);
 */
export const deleteGiftCard = deleteMethod(PATH, 'giftCard');

/**
 * The module for `createClient({ modules })`.
 *
 * @example const admin = createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { giftCards } });
 */
export const giftCards = { createGiftCard, listGiftCards, getGiftCard, updateGiftCard, deleteGiftCard };
