import { Type, type Static } from 'typebox';
import { FieldMask, Timestamps } from '../common/schema.js';
import { CatalogSlug } from './product.js';

/** A named group of products (many-to-many: a product lists its collections in `collectionIds`). */
export const CollectionInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    /** Derived from the name when absent. */
    slug: Type.Optional(CatalogSlug),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    visible: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CollectionInput = Static<typeof CollectionInput>;

export const Collection = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.Optional(Type.String()),
  visible: Type.Boolean(),
  ...Timestamps,
});
export type Collection = Static<typeof Collection>;

export const COLLECTION_MASK_PATHS = ['name', 'slug', 'description', 'visible'] as const;

export const CreateCollectionRequest = Type.Object({ collection: CollectionInput }, { additionalProperties: false });
export type CreateCollectionRequest = Static<typeof CreateCollectionRequest>;
export const UpdateCollectionRequest = Type.Object(
  { collection: Type.Partial(CollectionInput), fieldMask: FieldMask },
  { additionalProperties: false },
);
export type UpdateCollectionRequest = Static<typeof UpdateCollectionRequest>;
export const CollectionResponse = Type.Object({ collection: Collection });
export type CollectionResponse = Static<typeof CollectionResponse>;
export const ListCollectionsResponse = Type.Object({ collections: Type.Array(Collection) });
export type ListCollectionsResponse = Static<typeof ListCollectionsResponse>;
