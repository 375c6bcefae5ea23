import { Type } from 'typebox';
import {
  AdjustInventoryRequest,
  CollectionResponse,
  CreateCollectionRequest,
  CreateProductRequest,
  EmptyResponse,
  ListCollectionsResponse,
  ListProductsQuery,
  ListProductsResponse,
  ProductResponse,
  CatalogSlug,
  UpdateCollectionRequest,
  UpdateProductRequest,
} from '@plaza/contracts';
import type { Access } from '../../kernel/caller.js';
import type { App } from '../../http/types.js';
import {
  createCollection,
  deleteCollection,
  getCollection,
  listCollections,
  updateCollection,
} from './collections.service.js';
import { adjustInventory, createProduct, deleteProduct, getProduct, updateProduct } from './products.service.js';
import { listProducts } from './query.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { emptyAfter, routeOptions } from '../../http/route-options.js';

const ProductParams = Type.Object({ productId: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
const SlugParams = Type.Object({ slug: CatalogSlug }, { additionalProperties: false });
const CollectionParams = Type.Object(
  { collectionId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);

/** Reads: any token (visitor, member, any API key); hidden items only for catalog admins (decided in the services). */
const readers: Access = { visitor: true, member: true, scope: 'any' };
/** Writes: the owner and API keys with `catalog`. */
const writers: Access = { admin: ['OWNER'], scope: 'catalog' };

const route = routeOptions({ tags: ['catalog'], errors: errorResponses(404, 409), access: writers });

export function catalogRoutes(app: App): void {
  registerProductRoutes(app);
  registerProductChangeRoutes(app);
  registerCollectionRoutes(app);
}

/** Creating products, listing them and reading one by id or slug. */
function registerProductRoutes(app: App): void {
  app.post(
    '/catalog/v1/products',
    route({
      summary: 'Create a product',
      description:
        'Prices are decimal strings in the site currency with at most its decimals ("19.99" USD, "1000" JPY). ' +
        'The slug is derived from the name unless given; a slug already in use is 409 SLUG_ALREADY_EXISTS.',
      body: CreateProductRequest,
      response: ProductResponse,
    }),
    async (req) => ({ product: await createProduct(req.ctx, req.body) }),
  );

  app.get(
    '/catalog/v1/products',
    route({
      summary: 'List and search products',
      description:
        'Visible products, filtered by text (name, description, SKU), collection, price range, stock and type; ' +
        'sorted by name, price or creation; paged by cursor (send `cursor` alone with `limit`).',
      querystring: ListProductsQuery,
      response: ListProductsResponse,
      access: readers,
    }),
    async (req) => listProducts(req.ctx, req.query),
  );

  app.get(
    '/catalog/v1/products/:productId',
    route({
      summary: 'Get a product',
      description: 'A hidden product is a 404 except for the owner and catalog API keys.',
      params: ProductParams,
      response: ProductResponse,
      access: readers,
    }),
    async (req) => ({ product: await getProduct(req.ctx, { id: req.params.productId }) }),
  );

  app.get(
    '/catalog/v1/products/slug/:slug',
    route({
      summary: 'Get a product by slug',
      params: SlugParams,
      response: ProductResponse,
      access: readers,
    }),
    async (req) => ({ product: await getProduct(req.ctx, { slug: req.params.slug }) }),
  );
}

/** Changing and deleting a product, and its stock. */
function registerProductChangeRoutes(app: App): void {
  app.patch(
    '/catalog/v1/products/:productId',
    route({
      summary: 'Update a product',
      description:
        'Only the paths in `fieldMask.paths` change (top-level fields). Variants are matched by their choices, so ' +
        'a variant keeps its id while its choices stay the same.',
      params: ProductParams,
      body: UpdateProductRequest,
      response: ProductResponse,
    }),
    async (req) => ({ product: await updateProduct(req.ctx, req.params.productId, req.body) }),
  );

  app.delete(
    '/catalog/v1/products/:productId',
    route({ summary: 'Delete a product', params: ProductParams, response: EmptyResponse }),
    async (req) => emptyAfter(deleteProduct(req.ctx, req.params.productId)),
  );

  app.post(
    '/catalog/v1/products/:productId/adjust-inventory',
    route({
      summary: 'Set or move stock',
      description:
        'Exactly one of `setQuantity`, `incrementBy` (never below zero) or `inStock`; `variantId` for products ' +
        'with variants.',
      params: ProductParams,
      body: AdjustInventoryRequest,
      response: ProductResponse,
    }),
    async (req) => ({ product: await adjustInventory(req.ctx, req.params.productId, req.body) }),
  );
}

/** Collections of products. */
function registerCollectionRoutes(app: App): void {
  app.post(
    '/catalog/v1/collections',
    route({
      summary: 'Create a collection',
      body: CreateCollectionRequest,
      response: CollectionResponse,
    }),
    async (req) => ({ collection: await createCollection(req.ctx, req.body) }),
  );

  app.get(
    '/catalog/v1/collections',
    route({ summary: 'List collections', response: ListCollectionsResponse, access: readers }),
    async (req) => ({ collections: await listCollections(req.ctx) }),
  );

  app.get(
    '/catalog/v1/collections/:collectionId',
    route({
      summary: 'Get a collection',
      params: CollectionParams,
      response: CollectionResponse,
      access: readers,
    }),
    async (req) => ({ collection: await getCollection(req.ctx, req.params.collectionId) }),
  );

  app.patch(
    '/catalog/v1/collections/:collectionId',
    route({
      summary: 'Update a collection',
      params: CollectionParams,
      body: UpdateCollectionRequest,
      response: CollectionResponse,
    }),
    async (req) => ({ collection: await updateCollection(req.ctx, req.params.collectionId, req.body) }),
  );

  app.delete(
    '/catalog/v1/collections/:collectionId',
    route({
      summary: 'Delete a collection',
      description: 'Its products stay; they just leave the collection.',
      params: CollectionParams,
      response: EmptyResponse,
    }),
    async (req) => emptyAfter(deleteCollection(req.ctx, req.params.collectionId)),
  );
}
