import type {
  CreateEnterpriseCategoryRequest,
  CreateEnterpriseItemRequest,
  EnterpriseCategory,
  EnterpriseItem,
  ListEnterpriseItemsQuery,
  ListEnterpriseItemsResponse,
  UpdateEnterpriseCategoryRequest,
  UpdateEnterpriseItemRequest,
} from '@plaza/contracts';
import { createMethod, deleteMethod, getMethod, queryMethod, updateMethod } from '../../core/crud.js';

export type { EnterpriseCategory, EnterpriseItem, ListEnterpriseItemsQuery } from '@plaza/contracts';

const C = '/media/v1/enterprise/categories';
const I = '/media/v1/enterprise/items';

/*
 * Enterprise media: the brand library (owner, contributors, `media` API keys). Categories nest and keep their order;
 * items group library files by kind.
 *
 * @example
 * const { category } = await admin.enterpriseMedia.createCategory({ name: 'Logos' });
 * await admin.enterpriseMedia.createItem({ title: 'Primary logo', categoryId: category.id, assets: { vector: [svgId], image: [pngId] } });
 */
export const enterpriseMedia = {
  createCategory: createMethod<CreateEnterpriseCategoryRequest['category'], { category: EnterpriseCategory }>(
    C,
    'category',
  ),
  /** Every category (build the tree from parentCategoryId), or `{ parentCategoryId }`'s children. */
  listCategories: queryMethod<{ parentCategoryId?: string }, { categories: EnterpriseCategory[] }>(C),
  getCategory: getMethod<{ category: EnterpriseCategory }>(C, 'category'),
  updateCategory: updateMethod<UpdateEnterpriseCategoryRequest['category'], { category: EnterpriseCategory }>(
    C,
    'category',
  ),
  /** Only an empty category (409 CATEGORY_NOT_EMPTY otherwise). */
  deleteCategory: deleteMethod(C, 'category'),
  createItem: createMethod<CreateEnterpriseItemRequest['item'], { item: EnterpriseItem }>(I, 'item'),
  listItems: queryMethod<ListEnterpriseItemsQuery, ListEnterpriseItemsResponse>(I),
  getItem: getMethod<{ item: EnterpriseItem }>(I, 'item'),
  updateItem: updateMethod<UpdateEnterpriseItemRequest['item'], { item: EnterpriseItem }>(I, 'item'),
  deleteItem: deleteMethod(I, 'item'),
};
