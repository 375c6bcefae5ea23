// The catalog: products, variants and collections, their stock, and the node's short caches of them.
export {
  canReachProduct,
  openProductIds,
  shopperAccess,
  useShopperAccess,
  type ShopperAccess,
  type ShopperAccessSource,
} from './access.js';
export { collectionsByIds, createCollection } from './collections.service.js';
export { loadLineCatalog } from './lines-read.js';
export {
  digitalFileIds,
  existingCollectionIds,
  existingProductIds,
  hasProducts,
  itemStock,
  productSlug,
  productStock,
  variantStock,
  type ItemStock,
} from './lookups.js';
export { slugify } from './model.js';
export { createProduct, getProduct, productsByIds } from './products.service.js';
export { afterWrite, catalogChanged } from './read-cache.js';
export { onStockChanged } from './restock.js';
export { returnStock, takeStock } from './stock.js';
export { catalogRoutes } from './routes.js';
