import { Type, type Static } from 'typebox';
import { FieldMask, PageLimit, Timestamps } from '../common/schema.js';
import { FileDescriptor, MediaPagingMetadata } from './files.js';

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

const CategoryInput = {
  name: Name,
  description: Type.Optional(Description),
  parentCategoryId: Type.Optional(Id),
  sortOrder: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
};
export const CreateEnterpriseCategoryRequest = Type.Object(
  { category: Type.Object(CategoryInput, { additionalProperties: false }) },
  { additionalProperties: false },
);
export type CreateEnterpriseCategoryRequest = Static<typeof CreateEnterpriseCategoryRequest>;
export const UpdateEnterpriseCategoryRequest = Type.Object(
  { category: Type.Partial(Type.Object(CategoryInput, { additionalProperties: false })), fieldMask: FieldMask },
  { additionalProperties: false },
);
export type UpdateEnterpriseCategoryRequest = Static<typeof UpdateEnterpriseCategoryRequest>;
export const ENTERPRISE_CATEGORY_PATHS = ['name', 'description', 'parentCategoryId', 'sortOrder'] as const;
export const EnterpriseCategoryResponse = Type.Object({ category: EnterpriseCategory });
export const ListEnterpriseCategoriesQuery = Type.Object(
  { parentCategoryId: Type.Optional(Id) },
  { additionalProperties: false },
);
export const ListEnterpriseCategoriesResponse = Type.Object({ categories: Type.Array(EnterpriseCategory) });

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
const ItemInput = {
  title: Name,
  description: Type.Optional(Description),
  categoryId: Id,
  sortOrder: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  assets: AssetIds,
};
export const CreateEnterpriseItemRequest = Type.Object(
  { item: Type.Object(ItemInput, { additionalProperties: false }) },
  { additionalProperties: false },
);
export type CreateEnterpriseItemRequest = Static<typeof CreateEnterpriseItemRequest>;
export const UpdateEnterpriseItemRequest = Type.Object(
  { item: Type.Partial(Type.Object(ItemInput, { additionalProperties: false })), fieldMask: FieldMask },
  { additionalProperties: false },
);
export type UpdateEnterpriseItemRequest = Static<typeof UpdateEnterpriseItemRequest>;
export const ENTERPRISE_ITEM_PATHS = ['title', 'description', 'categoryId', 'sortOrder', 'assets'] as const;
export const EnterpriseItemResponse = Type.Object({ item: EnterpriseItem });
export const ListEnterpriseItemsQuery = Type.Object(
  {
    categoryId: Type.Optional(Id),
    limit: Type.Optional(PageLimit()),
    cursor: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type ListEnterpriseItemsQuery = Static<typeof ListEnterpriseItemsQuery>;
export const ListEnterpriseItemsResponse = Type.Object({
  items: Type.Array(EnterpriseItem),
  nextCursor: MediaPagingMetadata,
});
export type ListEnterpriseItemsResponse = Static<typeof ListEnterpriseItemsResponse>;
