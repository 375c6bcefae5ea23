import {
  CreateGiftCardRequest,
  EmptyResponse,
  GiftCardResponse,
  ListGiftCardsQuery,
  ListGiftCardsResponse,
  UpdateGiftCardRequest,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { createGiftCard, deleteGiftCard, getGiftCard, listGiftCards, updateGiftCard } from './service.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers, emptyAfter, IdParams, routeOptions } from '../../http/route-options.js';

/** The owner and `ecom` API keys; buyers only apply a code to a cart or checkout. */
const route = routeOptions({ tags: ['gift-cards'], errors: errorResponses(404, 409), access: ecomManagers });

export function giftCardsRoutes(app: App): void {
  app.post(
    '/ecom/v1/gift-cards',
    route({
      summary: 'Issue a gift card',
      description:
        'In the site currency. Without `code` Plaza generates an unguessable one (XXXX-XXXX-XXXX-XXXX). The full ' +
        'code is in this answer only; afterwards a card shows its last 4 characters. A code in use is 409 ' +
        'GIFT_CARD_CODE_EXISTS.',
      body: CreateGiftCardRequest,
      response: GiftCardResponse,
    }),
    async (req) => ({ giftCard: await createGiftCard(req.ctx, req.body) }),
  );
  app.get(
    '/ecom/v1/gift-cards',
    route({
      summary: 'List gift cards',
      description: 'Newest first; `codeEndsWith` matches the last characters of the code.',
      querystring: ListGiftCardsQuery,
      response: ListGiftCardsResponse,
    }),
    async (req) => listGiftCards(req.ctx, req.query),
  );
  app.get(
    '/ecom/v1/gift-cards/:id',
    route({ summary: 'Get a gift card', params: IdParams, response: GiftCardResponse }),
    async (req) => ({ giftCard: await getGiftCard(req.ctx, req.params.id) }),
  );
  app.patch(
    '/ecom/v1/gift-cards/:id',
    route({
      summary: 'Update a gift card',
      description: 'Expiry (null: never), disabled, note; only the paths in `fieldMask.paths` change.',
      params: IdParams,
      body: UpdateGiftCardRequest,
      response: GiftCardResponse,
    }),
    async (req) => ({ giftCard: await updateGiftCard(req.ctx, req.params.id, req.body) }),
  );
  app.delete(
    '/ecom/v1/gift-cards/:id',
    route({
      summary: 'Delete a gift card',
      description: 'A card that has paid for an order cannot be deleted (409 GIFT_CARD_REDEEMED): disable it.',
      params: IdParams,
      response: EmptyResponse,
    }),
    async (req) => emptyAfter(deleteGiftCard(req.ctx, req.params.id)),
  );
}
