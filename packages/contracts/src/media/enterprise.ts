import { Type, type Static } from 'typebox';
import { CreateBody, EntityBody, ListBody, PatchBody } from '../common/bodies.js';
import { Timestamps } from '../common/schema.js';
import { FileDescriptor } from './files.js';
import { MediaListPageFields, MediaPageBody } from './paging.js';

/**
 * Enterprise media: a brand library (logos, product shots, campaign videos, guidelines) organised in categories with
 * their own order, each item grouping the library files of one asset (the logo as SVG, PNG and a PDF guide, say).
 */
export const ENTERPRISE_ASSET_KINDS = ['image', 'vector', 'video', 'audio', 'document', 'archive', 'model3d'] as const;

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Description = Type.String({ maxLength: 2000 });
const Id = Type.String({ minLength: 1, maxLength: 100 });

export const EnterpriseCategory = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.Optional(Type.String()),
  /** Nesting: the parent category, absent at the top. */
  parentCategoryId: Type.Optional(Type.String()),
  /** Lower first; categories with the same number by name. */
  sortOrder: Type.Integer(),
  ...Timestamps,
});
export type EnterpriseCategory = Static<typeof EnterpriseCategory>;

const CategoryInput = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    parentCategoryId: Type.Optional(Id),
    sortOrder: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export const CreateEnterpriseCategoryRequest = CreateBody('category', CategoryInput);
export type CreateEnterpriseCategoryRequest = Static<typeof CreateEnterpriseCategoryRequest>;
export const UpdateEnterpriseCategoryRequest = PatchBody('category', CategoryInput);
export type UpdateEnterpriseCategoryRequest = Static<typeof UpdateEnterpriseCategoryRequest>;
export const ENTERPRISE_CATEGORY_PATHS = ['name', 'description', 'parentCategoryId', 'sortOrder'] as const;
export const EnterpriseCategoryResponse = EntityBody('category', EnterpriseCategory);
export const ListEnterpriseCategoriesQuery = Type.Object(
  { parentCategoryId: Type.Optional(Id) },
  { additionalProperties: false },
);
export const ListEnterpriseCategoriesResponse = ListBody('categories', EnterpriseCategory);

/** An item's assets by kind: library file ids in, the files themselves out. */
const AssetIds = Type.Object(
  Object.fromEntries(ENTERPRISE_ASSET_KINDS.map((k) => [k, Type.Optional(Type.Array(Id, { maxItems: 20 }))])),
  { additionalProperties: false },
);
export const EnterpriseItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.Optional(Type.String()),
  categoryId: Type.String(),
  sortOrder: Type.Integer(),
  /** The item's files by kind (only kinds it has). */
  assets: Type.Object(
    Object.fromEntries(ENTERPRISE_ASSET_KINDS.map((k) => [k, Type.Optional(Type.Array(FileDescriptor))])),
  ),
  ...Timestamps,
});
export type EnterpriseItem = Static<typeof EnterpriseItem>;
const ItemInput = Type.Object(
  {
    title: Name,
    description: Type.Optional(Description),
    categoryId: Id,
    sortOrder: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
    assets: AssetIds,
  },
  { additionalProperties: false },
);
export const CreateEnterpriseItemRequest = CreateBody('item', ItemInput);
export type CreateEnterpriseItemRequest = Static<typeof CreateEnterpriseItemRequest>;
export const UpdateEnterpriseItemRequest = PatchBody('item', ItemInput);
export type UpdateEnterpriseItemRequest = Static<typeof UpdateEnterpriseItemRequest>;
export const ENTERPRISE_ITEM_PATHS = ['title', 'description', 'categoryId', 'sortOrder', 'assets'] as const;
export const EnterpriseItemResponse = EntityBody('item', EnterpriseItem);
export const ListEnterpriseItemsQuery = Type.Object(
  {
    categoryId: Type.Optional(Id),
    ...MediaListPageFields,
  },
  { additionalProperties: false },
);
export type ListEnterpriseItemsQuery = Static<typeof ListEnterpriseItemsQuery>;
export const ListEnterpriseItemsResponse = MediaPageBody('items', EnterpriseItem);
export type ListEnterpriseItemsResponse = Static<typeof ListEnterpriseItemsResponse>;
