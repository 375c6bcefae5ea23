import type {
  AdjustInventoryRequest,
  CollectionInput,
  CollectionResponse,
  CreateProductRequest,
  CreateRedirectSessionRequest,
  CreateRedirectSessionResponse,
  ListCollectionsResponse,
  ListProductsQuery,
  ListProductsResponse,
  ProductResponse,
  UpdateProductRequest,
} from '@plaza/contracts';
import { createMethod, deleteMethod, getMethod, listMethod, queryMethod, updateMethod } from '../core/crud.js';
import { defineMethod, seg } from '../core/method.js';

export type {
  AdjustInventoryRequest,
  CollectionInput,
  CollectionResponse,
  ListCollectionsResponse,
  ListProductsQuery,
  ListProductsResponse,
  ProductResponse,
};
export type {
  CatalogReference,
  Collection,
  Inventory,
  Money,
  Product,
  ProductInput,
  ProductMedia,
  ProductOption,
  ProductSort,
  ProductType,
  Variant,
} from '@plaza/contracts';

type ProductInput = CreateProductRequest['product'];
type ProductPatch = UpdateProductRequest['product'];

const PRODUCTS = '/catalog/v1/products';
const COLLECTIONS = '/catalog/v1/collections';

/**
 * Visible products, filtered and sorted; pass `pagingMetadata.cursors.next` back as `{ cursor }` (alone, with
 * `limit`) for the next page. Owners and `catalog` API keys may add `includeHidden: true`.
 *
 * @example
 * const { products, pagingMetadata } = await client.products.listProducts({ text: 'mug', sort: 'PRICE_ASC' });
 */
export const listProducts = queryMethod<ListProductsQuery, ListProductsResponse>(PRODUCTS);

/**
 * One product by id (a hidden one is a 404 except for catalog admins).
 *
 * @example
 * const { product } = await client.products.getProduct(id);
 */
export const getProduct = getMethod<ProductResponse>(PRODUCTS, 'product');

/**
 * One product by its slug, for product pages at `/products/{slug}`.
 *
 * @example
 * const { product } = await client.products.getProductBySlug('blue-mug');
 */
export const getProductBySlug = defineMethod<[slug: string], ProductResponse>({
  argumentNames: ['slug'],
  request: (slug) => ({ method: 'GET', path: `${PRODUCTS}/slug/${seg(slug)}` }),
});

/**
 * Creates a product (owner or `catalog` API key). Prices are decimal strings in the site currency.
 *
 * @example
 * const { product } = await admin.products.createProduct({ name: 'Blue mug', productType: 'PHYSICAL', price: { amount: '12.00' } });
 */
export const createProduct = createMethod<ProductInput, ProductResponse>(PRODUCTS, 'product');

/**
 * Changes the fields named in `fieldMask` (top-level paths such as `price` or `variants`).
 *
 * @example
 * await admin.products.updateProduct(id, { price: { amount: '10.00' } }, ['price']);
 */
export const updateProduct = updateMethod<ProductPatch, ProductResponse>(PRODUCTS, 'product');

/** @example await admin.products.deleteProduct(id); */
export const deleteProduct = deleteMethod(PRODUCTS, 'product');

/**
 * Sets or moves stock: exactly one of `setQuantity`, `incrementBy` or `inStock` (and `variantId` for variants).
 *
 * @example
 * await admin.products.adjustInventory(id, { incrementBy: 5 });
 */
export const adjustInventory = defineMethod<[productId: string, adjustment: AdjustInventoryRequest], ProductResponse>({
  argumentNames: ['productId', 'adjustment'],
  request: (productId, adjustment) => ({
    method: 'POST',
    path: `${PRODUCTS}/${seg(productId)}/adjust-inventory`,
    body: adjustment,
  }),
});

/** @example const { collections } = await client.collections.listCollections(); */
export const listCollections = listMethod<ListCollectionsResponse>(COLLECTIONS);

/** @example const { collection } = await client.collections.getCollection(id); */
export const getCollection = getMethod<CollectionResponse>(COLLECTIONS, 'collection');

/** @example const { collection } = await admin.collections.createCollection({ name: 'Kitchen' }); */
export const createCollection = createMethod<CollectionInput, CollectionResponse>(COLLECTIONS, 'collection');

/** @example await admin.collections.updateCollection(id, { name: 'Kitchenware' }, ['name']); */
export const updateCollection = updateMethod<Partial<CollectionInput>, CollectionResponse>(COLLECTIONS, 'collection');

/** Its products stay; they only leave the collection. @example await admin.collections.deleteCollection(id); */
export const deleteCollection = deleteMethod(COLLECTIONS, 'collection');

/**
 * A redirect session to a product's page on the site (by `productSlug` or `productId`): for a headless shop that
 * links to the hosted page. Open `redirectSession.fullUrl`.
 * @example
 * const { redirectSession } = await client.products.createProductRedirectSession({ productSlug: 'blue-mug' });
 * location.assign(redirectSession.fullUrl);
 */
export const createProductRedirectSession = defineMethod<
  [product: NonNullable<CreateRedirectSessionRequest['storesProduct']>],
  CreateRedirectSessionResponse
>({
  argumentNames: ['product'],
  request: (storesProduct) => ({ method: 'POST', path: '/redirects/v1/redirect-session', body: { storesProduct } }),
});

/**
 * The catalog modules: `import { products, collections } from '@plaza/sdk/catalog'`, then
 * `createClient({ ..., modules: { products, collections } })`.
 *
 * @example
 * const client = createClient({ baseUrl, auth, modules: { products } });
 */
export const products = {
  listProducts,
  getProduct,
  getProductBySlug,
  createProduct,
  updateProduct,
  deleteProduct,
  adjustInventory,
  createProductRedirectSession,
};
export const collections = { listCollections, getCollection, createCollection, updateCollection, deleteCollection };
