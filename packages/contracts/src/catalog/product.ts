import { Type, type Static } from 'typebox';
import { DecimalAmount } from '../common/amounts.js';
import { CreateBody, EntityBody, PageBody, PatchBody } from '../common/bodies.js';
import { PageLimit, StringEnum, Timestamps } from '../common/schema.js';
import { CATALOG_LIMITS } from './limits.js';

/** What a product is; a cart treats each differently (shipping, scheduling, gift-card codes). */
export const PRODUCT_TYPES = ['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const WEIGHT_UNITS = ['KG', 'LB'] as const;
export const SUBSCRIPTION_FREQUENCIES = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export const PRODUCT_SORTS = [
  'NAME_ASC',
  'NAME_DESC',
  'PRICE_ASC',
  'PRICE_DESC',
  'CREATED_ASC',
  'CREATED_DESC',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export { CATALOG_LIMITS, PLAZA_CATALOG_APP_ID, STORES_CATALOG_APP_ID, canonicalCatalogAppId } from './limits.js';

/** Money on the wire (DESIGN §3): a decimal string in the site's currency, plus the same amount formatted. */
export const Money = Type.Object({ amount: Type.String(), formattedAmount: Type.String() });
export type Money = Static<typeof Money>;
/** Money in requests: only the decimal amount, with at most the currency's decimals ("19.99", "1000", "10.500"). */
export const MoneyInput = Type.Object({ amount: DecimalAmount }, { additionalProperties: true });

export const CatalogSlug = Type.String({
  pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
  minLength: 1,
  maxLength: CATALOG_LIMITS.slugMax,
});

/** Plain text, or the spec's rich-text nodes (each `{ type, ... }`), stored as given. */
export const RichTextNode = Type.Object(
  { type: Type.String({ minLength: 1, maxLength: 50 }) },
  { additionalProperties: true },
);
/**
 * One schema with a type list rather than a union: the server's validator coerces inside union branches, which
 * would turn a one-node array into something neither branch accepts.
 */
export const Description = Type.Unsafe<string | Array<Static<typeof RichTextNode>>>({
  type: ['string', 'array'],
  maxLength: CATALOG_LIMITS.descriptionMax,
  maxItems: CATALOG_LIMITS.richTextNodesMax,
  items: RichTextNode,
});

export const ProductMedia = Type.Object(
  {
    /** https, or a path on this site (`/demo/mug.svg`): never plain http, which browsers block on https pages. */
    url: Type.String({ pattern: '^(https://|/[^/])', maxLength: 2000 }),
    altText: Type.Optional(Type.String({ maxLength: 300 })),
  },
  { additionalProperties: false },
);
export type ProductMedia = Static<typeof ProductMedia>;

export const Weight = Type.Object(
  { value: Type.Number({ minimum: 0, maximum: 100_000 }), unit: StringEnum(WEIGHT_UNITS) },
  { additionalProperties: false },
);

/** Tracked quantity (`trackQuantity: true` with `quantity`) or a plain in/out-of-stock flag. */
export const InventoryInput = Type.Object(
  {
    trackQuantity: Type.Boolean(),
    quantity: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
    inStock: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const Inventory = Type.Object({
  trackQuantity: Type.Boolean(),
  quantity: Type.Optional(Type.Integer()),
  inStock: Type.Boolean(),
});
export type Inventory = Static<typeof Inventory>;

export const ProductOption = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 50 }),
    choices: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), {
      minItems: 1,
      maxItems: CATALOG_LIMITS.choicesMax,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);
export type ProductOption = Static<typeof ProductOption>;

export const VariantInput = Type.Object(
  {
    /** One choice per product option, e.g. `{ "Size": "M", "Color": "Blue" }`. */
    choices: Type.Record(Type.String(), Type.String()),
    /** Defaults to the product's price. */
    price: Type.Optional(MoneyInput),
    sku: Type.Optional(Type.String({ maxLength: CATALOG_LIMITS.skuMax })),
    weight: Type.Optional(Weight),
    inventory: Type.Optional(InventoryInput),
    visible: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const Variant = Type.Object({
  id: Type.String(),
  choices: Type.Record(Type.String(), Type.String()),
  price: Money,
  sku: Type.Optional(Type.String()),
  weight: Type.Optional(Weight),
  inventory: Inventory,
  visible: Type.Boolean(),
});
export type Variant = Static<typeof Variant>;

export const SubscriptionOption = Type.Object(
  {
    frequency: StringEnum(SUBSCRIPTION_FREQUENCIES),
    interval: Type.Integer({ minimum: 1, maximum: 365 }),
    /** Number of charges; absent: until canceled. */
    billingCycles: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
    /** Percent off the product's price for subscribers. */
    discountPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  },
  { additionalProperties: false },
);
export const SubscriptionOptions = Type.Object(
  {
    allowOneTimePurchases: Type.Boolean(),
    options: Type.Array(SubscriptionOption, { minItems: 1, maxItems: 10 }),
  },
  { additionalProperties: false },
);

/** What a product create or update may carry (the server sets id, dates, currency and formatted amounts). */
export const ProductInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: CATALOG_LIMITS.nameMax }),
    /** Derived from the name when absent. */
    slug: Type.Optional(CatalogSlug),
    description: Type.Optional(Description),
    media: Type.Optional(Type.Array(ProductMedia, { maxItems: CATALOG_LIMITS.mediaMax })),
    productType: StringEnum(PRODUCT_TYPES),
    price: MoneyInput,
    compareAtPrice: Type.Optional(Type.Union([MoneyInput, Type.Null()])),
    sku: Type.Optional(Type.String({ maxLength: CATALOG_LIMITS.skuMax })),
    weight: Type.Optional(Type.Union([Weight, Type.Null()])),
    options: Type.Optional(Type.Array(ProductOption, { maxItems: CATALOG_LIMITS.optionsMax })),
    variants: Type.Optional(Type.Array(VariantInput, { maxItems: CATALOG_LIMITS.variantsMax })),
    inventory: Type.Optional(InventoryInput),
    visible: Type.Optional(Type.Boolean()),
    collectionIds: Type.Optional(
      Type.Array(Type.String({ format: 'uuid' }), {
        maxItems: CATALOG_LIMITS.collectionsPerProductMax,
        uniqueItems: true,
      }),
    ),
    subscriptionOptions: Type.Optional(Type.Union([SubscriptionOptions, Type.Null()])),
    /** DEPOSIT_ONLINE: the part of the price paid now. */
    deposit: Type.Optional(Type.Union([MoneyInput, Type.Null()])),
    /** The tax group its lines are taxed as (null or absent: the default group). */
    taxGroupId: Type.Optional(Type.Union([Type.String({ format: 'uuid' }), Type.Null()])),
    /** DIGITAL products: the private media-library file buyers download once the order is paid. */
    digitalFile: Type.Optional(
      Type.Union([
        Type.Object({ fileId: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
        Type.Null(),
      ]),
    ),
  },
  { additionalProperties: false },
);
export type ProductInput = Static<typeof ProductInput>;

export const Product = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.Optional(Description),
  media: Type.Array(ProductMedia),
  productType: StringEnum(PRODUCT_TYPES),
  currency: Type.String(),
  price: Money,
  compareAtPrice: Type.Optional(Money),
  sku: Type.Optional(Type.String()),
  weight: Type.Optional(Weight),
  options: Type.Array(ProductOption),
  variants: Type.Array(Variant),
  /** The product's own stock, or (with variants) in stock when any visible variant is. */
  inventory: Inventory,
  visible: Type.Boolean(),
  collectionIds: Type.Array(Type.String()),
  subscriptionOptions: Type.Optional(SubscriptionOptions),
  deposit: Type.Optional(Money),
  taxGroupId: Type.Optional(Type.String()),
  /** Which private file a DIGITAL product delivers: catalog admins only (shoppers see the productType alone). */
  digitalFile: Type.Optional(Type.Object({ fileId: Type.String() })),
  ...Timestamps,
});
export type Product = Static<typeof Product>;

/** Paths a product update may name. */
export const PRODUCT_MASK_PATHS = [
  'name',
  'slug',
  'description',
  'media',
  'productType',
  'price',
  'compareAtPrice',
  'sku',
  'weight',
  'options',
  'variants',
  'inventory',
  'visible',
  'collectionIds',
  'subscriptionOptions',
  'deposit',
  'taxGroupId',
  'digitalFile',
] as const;

export const CreateProductRequest = CreateBody('product', ProductInput);
export type CreateProductRequest = Static<typeof CreateProductRequest>;
export const UpdateProductRequest = PatchBody('product', ProductInput);
export type UpdateProductRequest = Static<typeof UpdateProductRequest>;
export const ProductResponse = EntityBody('product', Product);
export type ProductResponse = Static<typeof ProductResponse>;

/** GET /catalog/v1/products: list and search in one, filters as query parameters. */
export const ListProductsQuery = Type.Object(
  {
    /** Words matched (case-insensitive, anywhere) in the name, description and SKUs. */
    text: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    collectionId: Type.Optional(Type.String({ format: 'uuid' })),
    minPrice: Type.Optional(DecimalAmount),
    maxPrice: Type.Optional(DecimalAmount),
    inStock: Type.Optional(Type.Boolean()),
    productType: Type.Optional(StringEnum(PRODUCT_TYPES)),
    sort: Type.Optional(StringEnum(PRODUCT_SORTS)),
    limit: Type.Optional(PageLimit()),
    /** The `pagingMetadata.cursors.next` of the previous page; the filters and sort come from it. */
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    /** Owners and `catalog` API keys only: include hidden products. */
    includeHidden: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ListProductsQuery = Static<typeof ListProductsQuery>;
export const ProductPagingMetadata = Type.Object({
  count: Type.Integer(),
  cursors: Type.Object({ next: Type.Optional(Type.String()) }),
  hasNext: Type.Boolean(),
});
export const ListProductsResponse = PageBody('products', Product, { pagingMetadata: ProductPagingMetadata });
export type ListProductsResponse = Static<typeof ListProductsResponse>;

/** POST /catalog/v1/products/{id}/adjust-inventory: exactly one of `setQuantity`, `incrementBy`, `inStock`. */
export const AdjustInventoryRequest = Type.Object(
  {
    /** The variant to adjust; absent: the product's own inventory. */
    variantId: Type.Optional(Type.String({ format: 'uuid' })),
    setQuantity: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
    /** Negative to take stock out; the quantity never goes below zero. */
    incrementBy: Type.Optional(Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 })),
    inStock: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AdjustInventoryRequest = Static<typeof AdjustInventoryRequest>;

/** What a cart or order line points at (used by the cart, checkout and orders). */
export const CatalogReference = Type.Object(
  {
    appId: Type.String({ minLength: 1, maxLength: 100 }),
    catalogItemId: Type.String({ minLength: 1, maxLength: 100 }),
    /** For Plaza's catalog: `{ variantId }` of a product with variants. */
    options: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type CatalogReference = Static<typeof CatalogReference>;
