import { GetRecommendationRequest, GetRecommendationResponse, ListAlgorithmsResponse } from '@plaza/contracts';
import type { Access } from '../../kernel/caller.js';
import type { App } from '../../http/types.js';
import { getRecommendation, listAlgorithms } from './service.js';
import { errorResponses } from '../../http/error-responses.js';
import { routeOptions } from '../../http/route-options.js';

/** Storefront reads: any token (visitor, member, owner) and any API key. */
const readers: Access = { visitor: true, member: true, scope: 'any' };

const route = routeOptions({ tags: ['recommendations'], errors: errorResponses(), access: readers });

export function recommendationsRoutes(app: App): void {
  app.get(
    '/ecom/v1/recommendations/algorithms',
    route({
      summary: 'List recommendation algorithms',
      description: "RELATED_ITEMS and GLOBAL, with their names and descriptions, for Plaza's catalog.",
      response: ListAlgorithmsResponse,
    }),
    async () => listAlgorithms(),
  );

  app.post(
    '/ecom/v1/recommendations/get',
    route({
      summary: 'Recommend items',
      description:
        'Runs the algorithms in order: RELATED_ITEMS (carted together with `items`, then the same collections) and ' +
        'GLOBAL (best sellers: most carted). Up to max(minimumRecommendedItems, 12) items; GLOBAL fills up to the ' +
        'minimum. Never the given items, hidden or out-of-stock products. Each item names its algorithm and carries ' +
        "the product's card (name, slug, price, first image).",
      body: GetRecommendationRequest,
      response: GetRecommendationResponse,
    }),
    async (req) => getRecommendation(req.ctx, req.body),
  );
}
