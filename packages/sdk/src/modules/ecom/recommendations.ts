import type { GetRecommendationRequest, GetRecommendationResponse, ListAlgorithmsResponse } from '@plaza/contracts';
import { defineMethod } from '../../core/method.js';

export type {
  AlgorithmInfo,
  GetRecommendationRequest,
  GetRecommendationResponse,
  ListAlgorithmsResponse,
  RecommendationAlgorithmType,
  RecommendedItem,
  RecommendedProduct,
} from '@plaza/contracts';

const BASE = '/ecom/v1/recommendations';

/**
 * The recommendation algorithms this site offers: RELATED_ITEMS and GLOBAL, with names and descriptions.
 *
 * @example
 * const { availableAlgorithms } = await client.recommendations.listAvailableAlgorithms();
 */
export const listAvailableAlgorithms = defineMethod<[], ListAlgorithmsResponse>({
  argumentNames: [],
  request: () => ({ method: 'GET', path: `${BASE}/algorithms` }),
});

/**
 * Items to show next to `items`: each answer names the algorithm that chose it and carries the product's card data
 * (name, slug, price, first image). Never the given items, hidden or out-of-stock products; GLOBAL fills up to
 * `minimumRecommendedItems`.
 *
 * @example
 * const { recommendation } = await client.recommendations.getRecommendation({
 *   algorithms: [{ algorithmId: 'RELATED_ITEMS' }],
 *   items: [{ appId: 'plaza-catalog', catalogItemId: product.id }],
 *   minimumRecommendedItems: 4,
 * });
 * recommendation.items.map((i) => i.product.name);
 */
export const getRecommendation = defineMethod<[request: GetRecommendationRequest], GetRecommendationResponse>({
  argumentNames: ['request'],
  request: (request) => ({ method: 'POST', path: `${BASE}/get`, body: request }),
});

/**
 * The recommendations module: `import { recommendations } from '@plaza/sdk/ecom'`, then
 * `createClient({ ..., modules: { recommendations } })`.
 *
 * @example
 * const client = createClient({ baseUrl, auth, modules: { recommendations } });
 */
export const recommendations = { listAvailableAlgorithms, getRecommendation };
