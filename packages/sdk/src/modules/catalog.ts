import type {
  AdjustInventoryRequest,
  CollectionInput,
  CollectionResponse,
  CreateProductRequest,
  EmptyResponse,
  ListCollectionsResponse,
  ListProductsQuery,
  ListProductsResponse,
  ProductResponse,
  UpdateProductRequest,
} from '@plaza/contracts';
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
export const listProducts = defineMethod<[query?: ListProductsQuery], ListProductsResponse>({
  argumentNames: ['query'],
  request: (query) => ({ method: 'GET', path: PRODUCTS, query }),
});

/**
 * One product by id (a hidden one is a 404 except for catalog admins).
 *
 * @example
 * const { product } = await client.products.getProduct(id);
 */
export const getProduct = defineMethod<[productId: string], ProductResponse>({
  argumentNames: ['productId'],
  request: (productId) => ({ method: 'GET', path: `${PRODUCTS}/${seg(productId)}` }),
});

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
export const createProduct = defineMethod<[product: ProductInput], ProductResponse>({
  argumentNames: ['product'],
  request: (product) => ({ method: 'POST', path: PRODUCTS, body: { product } }),
});

/**
 * Changes the fields named in `fieldMask` (top-level paths such as `price` or `variants`).
 *
 * @example
 * await admin.products.updateProduct(id, { price: { amount: '10.00' } }, ['price']);
 */
export const updateProduct = defineMethod<
  [productId: string, product: ProductPatch, fieldMask: string[]],
  ProductResponse
>({
  argumentNames: ['productId', 'product', 'fieldMask'],
  request: (productId, product, fieldMask) => ({
    method: 'PATCH',
    path: `${PRODUCTS}/${seg(productId)}`,
    body: { product, fieldMask: { paths: fieldMask } },
  }),
});

/** @example await admin.products.deleteProduct(id); */
export const deleteProduct = defineMethod<[productId: string], EmptyResponse>({
  argumentNames: ['productId'],
  request: (productId) => ({ method: 'DELETE', path: `${PRODUCTS}/${seg(productId)}` }),
});

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
export const listCollections = defineMethod<[], ListCollectionsResponse>({
  argumentNames: [],
  request: () => ({ method: 'GET', path: COLLECTIONS }),
});

/** @example const { collection } = await client.collections.getCollection(id); */
export const getCollection = defineMethod<[collectionId: string], CollectionResponse>({
  argumentNames: ['collectionId'],
  request: (collectionId) => ({ method: 'GET', path: `${COLLECTIONS}/${seg(collectionId)}` }),
});

/** @example const { collection } = await admin.collections.createCollection({ name: 'Kitchen' }); */
export const createCollection = defineMethod<[collection: CollectionInput], CollectionResponse>({
  argumentNames: ['collection'],
  request: (collection) => ({ method: 'POST', path: COLLECTIONS, body: { collection } }),
});

/** @example await admin.collections.updateCollection(id, { name: 'Kitchenware' }, ['name']); */
export const updateCollection = defineMethod<
  [collectionId: string, collection: Partial<CollectionInput>, fieldMask: string[]],
  CollectionResponse
>({
  argumentNames: ['collectionId', 'collection', 'fieldMask'],
  request: (collectionId, collection, fieldMask) => ({
    method: 'PATCH',
    path: `${COLLECTIONS}/${seg(collectionId)}`,
    body: { collection, fieldMask: { paths: fieldMask } },
  }),
});

/** Its products stay; they only leave the collection. @example await admin.collections.deleteCollection(id); */
export const deleteCollection = defineMethod<[collectionId: string], EmptyResponse>({
  argumentNames: ['collectionId'],
  request: (collectionId) => ({ method: 'DELETE', path: `${COLLECTIONS}/${seg(collectionId)}` }),
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
};
export const collections = { listCollections, getCollection, createCollection, updateCollection, deleteCollection };
