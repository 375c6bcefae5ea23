import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CreateEnterpriseItemRequest } from '@plaza/contracts';
import { enterpriseMedia, type EnterpriseCategory } from '@plaza/sdk/media';
import { call, invalidating, type FetchClient } from './call.js';
import { mediaQueries } from './media.js';

/** A category's fields as the brand library's form sends them. */
export interface EnterpriseCategoryInput {
  name: string;
  description?: string;
  /** Absent: at the top. */
  parentCategoryId?: string;
}

/** An item's fields: its files by kind are library file ids (`image`, `vector`, `document`…). */
export type EnterpriseItemInput = CreateEnterpriseItemRequest['item'];

const PAGE = 50;

/**
 * The brand library (enterprise media): categories and their items. Its keys sit under the media library's, so a
 * file renamed or trashed there refreshes the items that show it.
 */
export const enterpriseMediaQueries = {
  all: () => [...mediaQueries.all(), 'brand-library'] as const,
  /** Every category, in the server's order (sortOrder, then name); the page builds the tree. */
  categories: (client: FetchClient) =>
    queryOptions({
      queryKey: [...enterpriseMediaQueries.all(), 'categories'] as const,
      queryFn: () => call(client, enterpriseMedia.listCategories, {}).then((r) => r.categories),
    }),
  /** One page of a category's items; the last page stays shown while the next loads. */
  items: (client: FetchClient, categoryId: string, cursor?: string) =>
    queryOptions({
      queryKey: [...enterpriseMediaQueries.all(), 'items', categoryId, cursor ?? ''] as const,
      queryFn: () =>
        call(client, enterpriseMedia.listItems, { categoryId, limit: PAGE, ...(cursor ? { cursor } : {}) }),
      placeholderData: keepPreviousData,
    }),
};

const change = <V, R>(client: FetchClient, qc: QueryClient, fn: (vars: V) => Promise<R>) =>
  invalidating(qc, enterpriseMediaQueries.all(), fn);

const categoryPaths = (c: EnterpriseCategoryInput) => ['name', 'description', 'parentCategoryId'].filter((p) => p in c);

export const enterpriseMediaMutations = {
  createCategory: (client: FetchClient, qc: QueryClient) =>
    change(client, qc, (c: EnterpriseCategoryInput) => call(client, enterpriseMedia.createCategory, c)),
  /** Sends every field given; `description: ''` clears it. */
  updateCategory: (client: FetchClient, qc: QueryClient) =>
    change(client, qc, (v: { id: string; category: EnterpriseCategoryInput }) =>
      call(client, enterpriseMedia.updateCategory, v.id, v.category as EnterpriseCategory, categoryPaths(v.category)),
    ),
  /** Only an empty category: 409 CATEGORY_NOT_EMPTY otherwise. */
  deleteCategory: (client: FetchClient, qc: QueryClient) =>
    change(client, qc, (id: string) => call(client, enterpriseMedia.deleteCategory, id)),
  createItem: (client: FetchClient, qc: QueryClient) =>
    change(client, qc, (item: EnterpriseItemInput) => call(client, enterpriseMedia.createItem, item)),
  updateItem: (client: FetchClient, qc: QueryClient) =>
    change(client, qc, (v: { id: string; item: EnterpriseItemInput }) =>
      call(client, enterpriseMedia.updateItem, v.id, v.item, ['title', 'description', 'categoryId', 'assets']),
    ),
  /** The item only: its files stay in the media library. */
  deleteItem: (client: FetchClient, qc: QueryClient) =>
    change(client, qc, (id: string) => call(client, enterpriseMedia.deleteItem, id)),
};
