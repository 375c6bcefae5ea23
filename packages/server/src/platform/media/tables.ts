import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { FocalPoint } from '@plaza/contracts';
import { rowDates, ts } from '../../lib/columns.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A stored rendition: the original or one made from it (preview, responsive sizes, poster). */
export interface StoredAsset {
  id: string;
  key: string;
  mimeType: string;
  sizeInBytes: number;
  width?: number;
  height?: number;
  /** A rendition of several files (HLS, DASH): each is stored at `<key>/<name>`; the first is the entry point. */
  files?: string[];
}

/** What processing found out about the bytes, by media type (the wire's media object is built from it). */
export interface MediaFacts {
  width?: number;
  height?: number;
  focalPoint?: FocalPoint;
  durationMs?: number;
  pageCount?: number;
  dominantColor?: string;
  sanitized?: boolean;
  /** Every stored rendition, the original first. */
  assets: StoredAsset[];
}

/** Who put a file here: visitors and members only see and use their own uploads. */
export type UploaderType = 'OWNER' | 'APP' | 'MEMBER' | 'VISITOR';

/**
 * The media library's files. Bytes live in the object store under `storageKey` (content hash and id); a row is
 * PENDING until its bytes arrive and are checked, then READY (or FAILED with the reason). Trashed rows keep their
 * folder (restore puts them back) with state DELETED.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: text('id').primaryKey(),
    displayName: text('display_name').notNull(),
    mimeType: text('mime_type').notNull(),
    mediaType: text('media_type').notNull(),
    sizeInBytes: bigint('size_in_bytes', { mode: 'number' })
      .notNull()
      .default(sql`0`),
    hash: text('hash'),
    private: boolean('private').notNull().default(false),
    parentFolderId: text('parent_folder_id').notNull(),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    externalInfo: jsonb('external_info').$type<{ origin?: string; externalIds?: string[] }>(),
    sourceUrl: text('source_url'),
    operationStatus: text('operation_status').notNull(),
    failureReason: text('failure_reason'),
    state: text('state').notNull().default('OK'),
    facts: jsonb('facts').$type<MediaFacts>().notNull().default({ assets: [] }),
    uploaderType: text('uploader_type').notNull(),
    /** The visitor or member id of VISITOR and MEMBER uploads. */
    uploaderId: text('uploader_id'),
    /** Words of the name and labels, for search. */
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('simple', regexp_replace(display_name || ' ' || labels::text, '[^[:alnum:]]+', ' ', 'g'))`,
    ),
    ...rowDates(),
    lastUsedDate: ts('last_used_date'),
    trashedDate: ts('trashed_date'),
  },
  (t) => [
    index('media_files_folder_idx').on(t.state, t.parentFolderId, t.createdDate, t.id),
    index('media_files_created_idx').on(t.state, t.createdDate, t.id),
    // Newest first within one kind (the search's fast path with a kind filter).
    index('media_files_type_idx').on(t.state, t.mediaType, t.createdDate, t.id),
    index('media_files_search_idx').using('gin', t.search),
    index('media_files_uploader_idx').on(t.uploaderId, t.createdDate),
    index('media_files_trashed_idx').on(t.trashedDate),
  ],
);
export type MediaFileRow = typeof mediaFiles.$inferSelect;

/** Folders; the three roots are fixed ids, not rows. */
export const mediaFolders = pgTable(
  'media_folders',
  {
    id: text('id').primaryKey(),
    displayName: text('display_name').notNull(),
    parentFolderId: text('parent_folder_id').notNull(),
    state: text('state').notNull().default('OK'),
    ...rowDates(),
    trashedDate: ts('trashed_date'),
  },
  (t) => [index('media_folders_parent_idx').on(t.parentFolderId, t.state, t.displayName)],
);
export type MediaFolderRow = typeof mediaFolders.$inferSelect;

/** Enterprise media: the brand library's categories (nested, ordered) and items grouping library files by kind. */
export const enterpriseCategories = pgTable(
  'media_enterprise_categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    parentCategoryId: text('parent_category_id'),
    sortOrder: integer('sort_order').notNull().default(0),
    ...rowDates(),
  },
  (t) => [index('media_enterprise_categories_parent_idx').on(t.parentCategoryId, t.sortOrder)],
);
export type EnterpriseCategoryRow = typeof enterpriseCategories.$inferSelect;

export const enterpriseItems = pgTable(
  'media_enterprise_items',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    categoryId: text('category_id')
      .notNull()
      .references(() => enterpriseCategories.id, { onDelete: 'restrict' }),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Library file ids by kind (image, vector, video, audio, document, archive, model3d). */
    assets: jsonb('assets').$type<Record<string, string[]>>().notNull(),
    ...rowDates(),
  },
  (t) => [index('media_enterprise_items_category_idx').on(t.categoryId, t.sortOrder, t.id)],
);
export type EnterpriseItemRow = typeof enterpriseItems.$inferSelect;
