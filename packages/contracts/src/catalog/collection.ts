import { Type, type Static } from 'typebox';
import { entityBodies } from '../common/bodies.js';
import { Timestamps } from '../common/schema.js';
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

export const {
  create: CreateCollectionRequest,
  update: UpdateCollectionRequest,
  response: CollectionResponse,
  list: ListCollectionsResponse,
} = entityBodies({ one: 'collection', many: 'collections' }, CollectionInput, Collection);
export type CreateCollectionRequest = Static<typeof CreateCollectionRequest>;
export type UpdateCollectionRequest = Static<typeof UpdateCollectionRequest>;
export type CollectionResponse = Static<typeof CollectionResponse>;
export type ListCollectionsResponse = Static<typeof ListCollectionsResponse>;
