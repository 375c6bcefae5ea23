import { GraphQLList, GraphQLNonNull } from './graphql-js.js';
import { Collection, OrderTransactions, Product } from '@plaza/contracts';
import type { FastifyRequest } from 'fastify';
import { checkAccess, type Access } from '../kernel/caller.js';
import { collectionsByIds, productsByIds } from '../store/catalog/index.js';
import { transactionsOfOrders } from '../store/orders/index.js';
import type { Operation } from './operations.js';
import type { JsonSchema, WireTypes } from './wire-types.js';

type Query<T> = { obj: T };
type Loader<T> = (queries: Query<T>[], context: { request: FastifyRequest }) => Promise<unknown[]>;

interface LineItemWire {
  catalogReference?: { appId?: string; catalogItemId?: string };
}

/**
 * Fields that join one record to another, so a client asks for an order's products and payments in one request.
 * Each is served by a batched loader (one read for a whole page of parents, whatever the page size) and admits the
 * callers the REST route for the same data admits.
 */
export function relations(operations: Operation[]) {
  const accessOf = (method: string, url: string): Access => {
    const op = operations.find((o) => o.method === method && o.url === url);
    if (!op) throw new Error(`GraphQL relations: no route ${method} ${url}`);
    return op.access;
  };
  const productAccess = accessOf('GET', '/catalog/v1/products/:productId');
  const collectionAccess = accessOf('GET', '/catalog/v1/collections/:collectionId');
  const transactionsAccess = accessOf('GET', '/ecom/v1/orders/:id/transactions');

  const relate = (types: WireTypes) => {
    const list = (schema: unknown, name: string) =>
      new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(types.output(schema as JsonSchema, name))));
    types.extraFields.set('LineItem', () => ({
      product: {
        type: types.output(Product as JsonSchema, 'Product'),
        description: 'The catalog product this line is for (none when it is hidden or gone, or not from the catalog).',
      },
    }));
    types.extraFields.set('Product', () => ({
      collections: { type: list(Collection, 'Collection'), description: 'The collections the product is in.' },
    }));
    types.extraFields.set('Order', () => ({
      transactions: {
        type: types.output(OrderTransactions as JsonSchema, 'OrderTransactions'),
        description: 'The order’s payments and refunds (for the store’s managers).',
      },
    }));
  };

  const product: Loader<LineItemWire> = async (queries, { request }) => {
    checkAccess(productAccess, request.ctx.caller);
    const ids = queries.map((q) => {
      const ref = q.obj.catalogReference;
      return ref?.appId === 'plaza-catalog' && ref.catalogItemId ? ref.catalogItemId : '';
    });
    const products = await productsByIds(request.ctx, ids.filter(Boolean));
    const byId = new Map(products.filter((p) => p).map((p) => [p!.id, p]));
    return ids.map((id) => byId.get(id) ?? null);
  };

  const collections: Loader<{ collectionIds?: string[] }> = async (queries, { request }) => {
    checkAccess(collectionAccess, request.ctx.caller);
    const ids = queries.flatMap((q) => q.obj.collectionIds ?? []);
    const found = await collectionsByIds(request.ctx, ids);
    const byId = new Map(found.filter((c) => c).map((c) => [c!.id, c]));
    return queries.map((q) => (q.obj.collectionIds ?? []).map((id) => byId.get(id)).filter(Boolean));
  };

  const transactions: Loader<{ id: string; currency: string }> = async (queries, { request }) => {
    checkAccess(transactionsAccess, request.ctx.caller);
    return transactionsOfOrders(
      request.ctx,
      queries.map((q) => ({ id: q.obj.id, currency: q.obj.currency })),
    );
  };

  return {
    relate,
    loaders: {
      LineItem: { product: { loader: product, opts: { cache: true } } },
      Product: { collections: { loader: collections, opts: { cache: true } } },
      Order: { transactions: { loader: transactions, opts: { cache: true } } },
    },
  };
}
