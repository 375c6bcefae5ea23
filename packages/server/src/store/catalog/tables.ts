import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProductMedia, ProductOption } from '@plaza/contracts';
import { belongsTo, rowDatesDefaultNow } from '../../lib/columns.js';
import { taxGroups } from '../tax/tables.js';

/** Money columns hold integer minor units of `currency` (DESIGN §3). */
const minor = (name: string) => bigint(name, { mode: 'bigint' });

export const catalogProducts = pgTable(
  'catalog_products',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** lower(name): the NAME sort, stable across locales. */
    nameLower: text('name_lower').notNull(),
    slug: text('slug').notNull(),
    /** A string or an array of rich-text nodes, as given. */
    description: jsonb('description').$type<string | Array<Record<string, unknown>>>(),
    /** lower(name + description text + SKUs): text search with ILIKE (see docs/decisions.md "Catalog search"). */
    searchText: text('search_text').notNull(),
    media: jsonb('media').$type<ProductMedia[]>().notNull().default([]),
    productType: text('product_type').notNull(),
    currency: text('currency').notNull(),
    priceMinor: minor('price_minor').notNull(),
    compareAtMinor: minor('compare_at_minor'),
    sku: text('sku'),
    weightValue: doublePrecision('weight_value'),
    weightUnit: text('weight_unit'),
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    /** Tracked stock of a product without variants (null: not tracked). */
    trackQuantity: boolean('track_quantity').notNull().default(false),
    quantity: integer('quantity'),
    /** Untracked products: the owner's flag. Tracked or with variants: kept in step by the service. */
    inStock: boolean('in_stock').notNull().default(true),
    visible: boolean('visible').notNull().default(true),
    subscriptionOptions: jsonb('subscription_options').$type<Record<string, unknown>>(),
    depositMinor: minor('deposit_minor'),
    /** DIGITAL products: the private media file each paid order's buyer gets a download link to. */
    digitalFileId: text('digital_file_id'),
    /** The tax group its lines are taxed as; null: the default group. A deleted group leaves null. */
    taxGroupId: uuid('tax_group_id').references(() => taxGroups.id, { onDelete: 'set null' }),
    ...rowDatesDefaultNow(),
  },
  (t) => [
    uniqueIndex('catalog_products_slug_unique').on(t.slug),
    // Keyset paging of the storefront's sorts (visible first: hidden products are never public).
    index('catalog_products_name_idx').on(t.visible, t.nameLower, t.id),
    index('catalog_products_price_idx').on(t.visible, t.priceMinor, t.id),
    index('catalog_products_created_idx').on(t.visible, t.createdDate, t.id),
    index('catalog_products_type_idx').on(t.productType, t.visible),
    index('catalog_products_stock_idx').on(t.inStock, t.visible),
  ],
);

export const catalogVariants = pgTable(
  'catalog_variants',
  {
    id: uuid('id').primaryKey(),
    productId: belongsTo('product_id', () => catalogProducts.id),
    position: integer('position').notNull(),
    /** `{ optionName: choice }`; its sorted JSON is the variant's identity within the product. */
    choices: jsonb('choices').$type<Record<string, string>>().notNull(),
    choicesKey: text('choices_key').notNull(),
    /** Null: the product's price. */
    priceMinor: minor('price_minor'),
    sku: text('sku'),
    weightValue: doublePrecision('weight_value'),
    weightUnit: text('weight_unit'),
    trackQuantity: boolean('track_quantity').notNull().default(false),
    quantity: integer('quantity'),
    inStock: boolean('in_stock').notNull().default(true),
    visible: boolean('visible').notNull().default(true),
  },
  (t) => [uniqueIndex('catalog_variants_choices_unique').on(t.productId, t.choicesKey)],
);

export const catalogCollections = pgTable(
  'catalog_collections',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    visible: boolean('visible').notNull().default(true),
    ...rowDatesDefaultNow(),
  },
  (t) => [uniqueIndex('catalog_collections_slug_unique').on(t.slug)],
);

export const catalogProductCollections = pgTable(
  'catalog_product_collections',
  {
    productId: belongsTo('product_id', () => catalogProducts.id),
    collectionId: belongsTo('collection_id', () => catalogCollections.id),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.collectionId] }),
    index('catalog_product_collections_collection_idx').on(t.collectionId, t.productId),
  ],
);
