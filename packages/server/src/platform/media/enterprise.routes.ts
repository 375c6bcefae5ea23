import { Type } from 'typebox';
import {
  CreateEnterpriseCategoryRequest,
  CreateEnterpriseItemRequest,
  EnterpriseCategoryResponse,
  EnterpriseItemResponse,
  ListEnterpriseCategoriesQuery,
  ListEnterpriseCategoriesResponse,
  ListEnterpriseItemsQuery,
  ListEnterpriseItemsResponse,
  UpdateEnterpriseCategoryRequest,
  UpdateEnterpriseItemRequest,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { managers } from './access.js';
import {
  createCategory,
  createItem,
  deleteCategory,
  deleteItem,
  getCategory,
  getItem,
  listCategories,
  listItems,
  updateCategory,
  updateItem,
} from './enterprise.service.js';
import { errorResponses } from '../../http/error-responses.js';

const tags = ['media'];
const errors = errorResponses(404, 409);
const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
const Empty = Type.Object({});
const C = '/media/v1/enterprise/categories';
const I = '/media/v1/enterprise/items';
const opts = <S extends object>(summary: string, schema: S) => ({
  schema: { tags, summary, ...schema },
  config: { access: managers },
});

/** Enterprise media: the brand library's categories and items (owners, contributors, `media` API keys). */
export function enterpriseMediaRoutes(app: App): void {
  registerCategoryRoutes(app);
  registerItemRoutes(app);
}

/** The brand library's categories. */
function registerCategoryRoutes(app: App): void {
  app.post(
    C,
    opts('Create a brand library category', {
      body: CreateEnterpriseCategoryRequest,
      response: { 200: EnterpriseCategoryResponse, ...errors },
    }),
    async (req) => ({
      category: await createCategory(req.ctx, req.body),
    }),
  );
  app.get(
    C,
    opts('List brand library categories', {
      description:
        'Every category (build the tree from parentCategoryId), or one category’s children; by sortOrder, then name.',
      querystring: ListEnterpriseCategoriesQuery,
      response: { 200: ListEnterpriseCategoriesResponse, ...errors },
    }),
    async (req) => ({ categories: await listCategories(req.ctx, req.query.parentCategoryId) }),
  );
  app.get(
    `${C}/:id`,
    opts('Get a category', { params: IdParams, response: { 200: EnterpriseCategoryResponse, ...errors } }),
    async (req) => ({
      category: await getCategory(req.ctx, req.params.id),
    }),
  );
  app.patch(
    `${C}/:id`,
    opts('Rename, describe, move or reorder a category', {
      params: IdParams,
      body: UpdateEnterpriseCategoryRequest,
      response: { 200: EnterpriseCategoryResponse, ...errors },
    }),
    async (req) => ({ category: await updateCategory(req.ctx, req.params.id, req.body) }),
  );
  app.delete(
    `${C}/:id`,
    opts('Delete an empty category', { params: IdParams, response: { 200: Empty, ...errors } }),
    async (req) => {
      await deleteCategory(req.ctx, req.params.id);
      return {};
    },
  );
}

/** The brand library's items. */
function registerItemRoutes(app: App): void {
  app.post(
    I,
    opts('Create a brand library item', {
      description:
        'Groups library files by kind (image, vector, video, audio, document, archive, model3d); each file must be of its kind.',
      body: CreateEnterpriseItemRequest,
      response: { 200: EnterpriseItemResponse, ...errors },
    }),
    async (req) => ({ item: await createItem(req.ctx, req.body) }),
  );
  app.get(
    I,
    opts('List brand library items', {
      querystring: ListEnterpriseItemsQuery,
      response: { 200: ListEnterpriseItemsResponse, ...errors },
    }),
    async (req) => listItems(req.ctx, req.query),
  );
  app.get(
    `${I}/:id`,
    opts('Get an item with its files', { params: IdParams, response: { 200: EnterpriseItemResponse, ...errors } }),
    async (req) => ({
      item: await getItem(req.ctx, req.params.id),
    }),
  );
  app.patch(
    `${I}/:id`,
    opts('Change an item', {
      params: IdParams,
      body: UpdateEnterpriseItemRequest,
      response: { 200: EnterpriseItemResponse, ...errors },
    }),
    async (req) => ({
      item: await updateItem(req.ctx, req.params.id, req.body),
    }),
  );
  app.delete(
    `${I}/:id`,
    opts('Delete an item (its files stay in the library)', { params: IdParams, response: { 200: Empty, ...errors } }),
    async (req) => {
      await deleteItem(req.ctx, req.params.id);
      return {};
    },
  );
}
