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
import { emptyAfter, routeOptions } from '../../http/route-options.js';

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
const Empty = Type.Object({});
const C = '/media/v1/enterprise/categories';
const I = '/media/v1/enterprise/items';
const route = routeOptions({ tags: ['media'], errors: errorResponses(404, 409), access: managers });

/** Enterprise media: the brand library's categories and items (owners, contributors, `media` API keys). */
export function enterpriseMediaRoutes(app: App): void {
  registerCategoryRoutes(app);
  registerItemRoutes(app);
}

/** The brand library's categories. */
function registerCategoryRoutes(app: App): void {
  app.post(
    C,
    route({
      summary: 'Create a brand library category',
      body: CreateEnterpriseCategoryRequest,
      response: EnterpriseCategoryResponse,
    }),
    async (req) => ({
      category: await createCategory(req.ctx, req.body),
    }),
  );
  app.get(
    C,
    route({
      summary: 'List brand library categories',
      description:
        'Every category (build the tree from parentCategoryId), or one category’s children; by sortOrder, then name.',
      querystring: ListEnterpriseCategoriesQuery,
      response: ListEnterpriseCategoriesResponse,
    }),
    async (req) => ({ categories: await listCategories(req.ctx, req.query.parentCategoryId) }),
  );
  app.get(
    `${C}/:id`,
    route({ summary: 'Get a category', params: IdParams, response: EnterpriseCategoryResponse }),
    async (req) => ({
      category: await getCategory(req.ctx, req.params.id),
    }),
  );
  app.patch(
    `${C}/:id`,
    route({
      summary: 'Rename, describe, move or reorder a category',
      params: IdParams,
      body: UpdateEnterpriseCategoryRequest,
      response: EnterpriseCategoryResponse,
    }),
    async (req) => ({ category: await updateCategory(req.ctx, req.params.id, req.body) }),
  );
  app.delete(
    `${C}/:id`,
    route({ summary: 'Delete an empty category', params: IdParams, response: Empty }),
    async (req) => emptyAfter(deleteCategory(req.ctx, req.params.id)),
  );
}

/** The brand library's items. */
function registerItemRoutes(app: App): void {
  app.post(
    I,
    route({
      summary: 'Create a brand library item',
      description:
        'Groups library files by kind (image, vector, video, audio, document, archive, model3d); each file must be of its kind.',
      body: CreateEnterpriseItemRequest,
      response: EnterpriseItemResponse,
    }),
    async (req) => ({ item: await createItem(req.ctx, req.body) }),
  );
  app.get(
    I,
    route({
      summary: 'List brand library items',
      querystring: ListEnterpriseItemsQuery,
      response: ListEnterpriseItemsResponse,
    }),
    async (req) => listItems(req.ctx, req.query),
  );
  app.get(
    `${I}/:id`,
    route({ summary: 'Get an item with its files', params: IdParams, response: EnterpriseItemResponse }),
    async (req) => ({
      item: await getItem(req.ctx, req.params.id),
    }),
  );
  app.patch(
    `${I}/:id`,
    route({
      summary: 'Change an item',
      params: IdParams,
      body: UpdateEnterpriseItemRequest,
      response: EnterpriseItemResponse,
    }),
    async (req) => ({
      item: await updateItem(req.ctx, req.params.id, req.body),
    }),
  );
  app.delete(
    `${I}/:id`,
    route({ summary: 'Delete an item (its files stay in the library)', params: IdParams, response: Empty }),
    async (req) => emptyAfter(deleteItem(req.ctx, req.params.id)),
  );
}
