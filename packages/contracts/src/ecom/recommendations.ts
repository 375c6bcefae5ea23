import { Type, type Static } from 'typebox';
import {
  CatalogReference,
  Money,
  PLAZA_CATALOG_APP_ID,
  ProductMedia,
  PRODUCT_TYPES,
  STORES_CATALOG_APP_ID,
} from '../catalog/product.js';
import { StringEnum } from '../common/schema.js';

/**
 * Recommendations (SPEC §3, §7): items to show next to others. Two algorithms of Plaza's own catalog:
 * RELATED_ITEMS (carted together with the given items, then the same collections) and GLOBAL (best sellers: the most
 * carted items until orders exist). Never the given items, hidden or out-of-stock products.
 */
export const RECOMMENDATION_ALGORITHM_TYPES = ['RELATED_ITEMS', 'GLOBAL'] as const;
export type RecommendationAlgorithmType = (typeof RECOMMENDATION_ALGORITHM_TYPES)[number];

export const RECOMMENDATION_LIMITS = {
  itemsMax: 50,
  /** Items answered when `minimumRecommendedItems` asks for fewer. */
  defaultCount: 12,
  minimumMax: 50,
} as const;

export const AlgorithmInfo = Type.Object({
  appId: Type.String(),
  /** Plaza's algorithms are named by their type. */
  algorithmId: StringEnum(RECOMMENDATION_ALGORITHM_TYPES),
  algorithmType: StringEnum(RECOMMENDATION_ALGORITHM_TYPES),
  name: Type.String(),
  description: Type.String(),
});
export type AlgorithmInfo = Static<typeof AlgorithmInfo>;

/** The platform's name for an algorithm's description (`config`, its app beside it). */
export const AlgorithmConfig = Type.Object({
  algorithmId: StringEnum(RECOMMENDATION_ALGORITHM_TYPES),
  algorithmType: StringEnum(RECOMMENDATION_ALGORITHM_TYPES),
  name: Type.String(),
  description: Type.String(),
});

/** Each algorithm twice: Plaza's `algorithmInfo`, and the platform SDK's `config` and `appId`. */
export const ListAlgorithmsResponse = Type.Object({
  availableAlgorithms: Type.Array(
    Type.Object({
      algorithmInfo: AlgorithmInfo,
      config: AlgorithmConfig,
      appId: Type.String(),
      catalogAppIds: Type.Array(Type.String()),
    }),
  ),
});
export type ListAlgorithmsResponse = Static<typeof ListAlgorithmsResponse>;

/**
 * One algorithm to run: Plaza's `algorithmId`, or `id` as the platform's SDK sends it (one of the two; both must
 * agree). `appId` may be the platform's Stores catalog id, an alias of Plaza's.
 */
export const AlgorithmReference = Type.Object(
  {
    appId: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: [PLAZA_CATALOG_APP_ID, STORES_CATALOG_APP_ID] })),
    algorithmId: Type.Optional(StringEnum(RECOMMENDATION_ALGORITHM_TYPES)),
    id: Type.Optional(StringEnum(RECOMMENDATION_ALGORITHM_TYPES)),
  },
  { additionalProperties: false },
);

/** POST /ecom/v1/recommendations/get. Algorithms run in the order given; GLOBAL fills up to the minimum. */
export const GetRecommendationRequest = Type.Object(
  {
    algorithms: Type.Array(AlgorithmReference, { minItems: 1, maxItems: RECOMMENDATION_ALGORITHM_TYPES.length }),
    /** The items to relate to (RELATED_ITEMS needs at least one); never recommended themselves. */
    items: Type.Optional(Type.Array(CatalogReference, { maxItems: RECOMMENDATION_LIMITS.itemsMax })),
    /** At least this many items (filled from GLOBAL); the answer holds max(this, 12) at most. */
    minimumRecommendedItems: Type.Optional(Type.Integer({ minimum: 0, maximum: RECOMMENDATION_LIMITS.minimumMax })),
  },
  { additionalProperties: false },
);
export type GetRecommendationRequest = Static<typeof GetRecommendationRequest>;

/** What a storefront card needs, so a recommendation strip costs one call. */
export const RecommendedProduct = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  productType: StringEnum(PRODUCT_TYPES),
  price: Money,
  compareAtPrice: Type.Optional(Money),
  media: Type.Optional(ProductMedia),
});
export type RecommendedProduct = Static<typeof RecommendedProduct>;

/**
 * One recommended item. `catalogItemId` and `appId` repeat the catalog reference at the top level: the platform's SDK
 * reads items as bare catalog references.
 */
export const RecommendedItem = Type.Object({
  catalogReference: CatalogReference,
  catalogItemId: Type.String(),
  appId: Type.String(),
  /** Which algorithm produced it (GLOBAL for items filled up to the minimum). */
  algorithmId: StringEnum(RECOMMENDATION_ALGORITHM_TYPES),
  product: RecommendedProduct,
});
export type RecommendedItem = Static<typeof RecommendedItem>;

export const GetRecommendationResponse = Type.Object({
  recommendation: Type.Object({
    items: Type.Array(RecommendedItem),
    /** The algorithms that produced at least one item, in order. */
    algorithms: Type.Array(
      Type.Object({ appId: Type.String(), algorithmId: StringEnum(RECOMMENDATION_ALGORITHM_TYPES) }),
    ),
    /** The platform's one `algorithm`: the first of `algorithms` (absent when no item came out). */
    algorithm: Type.Optional(Type.Object({ appId: Type.String(), id: StringEnum(RECOMMENDATION_ALGORITHM_TYPES) })),
  }),
});
export type GetRecommendationResponse = Static<typeof GetRecommendationResponse>;
