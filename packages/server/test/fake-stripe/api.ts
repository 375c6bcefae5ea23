import { createSession, expireSession, session } from './checkout.js';
import { customerObject, listObject, type FakeList } from './objects.js';
import { badParam, noSuch, StripeApiError, type Params } from './params.js';
import {
  cancelPaymentIntent,
  capturePaymentIntent,
  checkReusable,
  createPaymentIntent,
  createRefund,
} from './payments.js';
import type { FakeStore } from './state.js';

export interface RouteContext {
  store: FakeStore;
  params: Params;
  /** The `:id` of the path, when it has one. */
  id: string;
  baseUrl: string;
}

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handler: (ctx: RouteContext) => object;
}

function route(method: Route['method'], path: string, handler: Route['handler']): Route {
  return { method, pattern: new RegExp(`^${path.replace(':id', '([^/]+)')}$`), handler };
}

/** A GET of one stored object; `expand` is applied by the dispatcher. */
function retrieve<T extends object>(pick: (store: FakeStore) => Map<string, T>, kind: string): Route['handler'] {
  return ({ store, params, id }) => {
    params.rejectUnknown();
    return store.get(pick(store), kind, id);
  };
}

/** `limit` and `starting_after` over a newest-first array, as Stripe lists page. */
function page<T extends { id: string }>(params: Params, url: string, items: T[]): FakeList<T> {
  const limit = params.int('limit', { min: 1 }) ?? 10;
  if (limit > 100) throw badParam('limit', 'Invalid limit: must be at most 100');
  const after = params.str('starting_after');
  params.rejectUnknown();
  const from = after ? items.findIndex((i) => i.id === after) + 1 : 0;
  return listObject(url, items.slice(from, from + limit), from + limit < items.length);
}

/** `metadata['key']:'value'`, the one search query Plaza makes (finding its own transaction's PaymentIntent). */
function searchPaymentIntents(store: FakeStore, params: Params) {
  const query = params.str('query') ?? '';
  params.rejectUnknown();
  const m = /^metadata\['([\w-]+)'\]:'([^']*)'$/.exec(query);
  if (!m) throw badParam('query', `Unsupported search query: ${query}`);
  const [, key, value] = m;
  const data = [...store.paymentIntents.values()].filter((pi) => pi.metadata[key!] === value);
  return { object: 'search_result', url: '/v1/payment_intents/search', data, has_more: false, next_page: null };
}

const ROUTES: Route[] = [
  route('GET', '/v1/account', ({ store, params }) => {
    params.rejectUnknown();
    return store.account;
  }),
  route('POST', '/v1/checkout/sessions', ({ store, params, baseUrl }) => createSession(store, params, baseUrl)),
  route('GET', '/v1/checkout/sessions/:id', ({ store, params, id }) => {
    params.rejectUnknown();
    return session(store, id);
  }),
  route('GET', '/v1/checkout/sessions/:id/line_items', ({ store, params, id }) => {
    const lines = store.sessionPlans.get(session(store, id).id)!.lines;
    return page(params, `/v1/checkout/sessions/${id}/line_items`, lines);
  }),
  route('POST', '/v1/checkout/sessions/:id/expire', ({ store, params, id }) => {
    params.rejectUnknown();
    return expireSession(store, session(store, id));
  }),
  route('POST', '/v1/payment_intents', ({ store, params }) => createPaymentIntent(store, params)),
  // Before `/:id`, which would take "search" for an id. Only the metadata query Plaza sends is understood.
  route('GET', '/v1/payment_intents/search', ({ store, params }) => searchPaymentIntents(store, params)),
  route(
    'GET',
    '/v1/payment_intents/:id',
    retrieve((s) => s.paymentIntents, 'payment_intent'),
  ),
  route('POST', '/v1/payment_intents/:id/capture', ({ store, params, id }) =>
    capturePaymentIntent(store, store.get(store.paymentIntents, 'payment_intent', id), params),
  ),
  route('POST', '/v1/payment_intents/:id/cancel', ({ store, params, id }) =>
    cancelPaymentIntent(store, store.get(store.paymentIntents, 'payment_intent', id), params),
  ),
  route('POST', '/v1/refunds', ({ store, params }) => createRefund(store, params)),
  route('GET', '/v1/refunds', ({ store, params }) => {
    const intent = params.str('payment_intent');
    const refunds = [...store.refunds.values()].filter((r) => !intent || r.payment_intent === intent);
    return page(params, '/v1/refunds', refunds.reverse());
  }),
  route(
    'GET',
    '/v1/refunds/:id',
    retrieve((s) => s.refunds, 'refund'),
  ),
  route(
    'GET',
    '/v1/charges/:id',
    retrieve((s) => s.charges, 'charge'),
  ),
  route(
    'GET',
    '/v1/disputes/:id',
    retrieve((s) => s.disputes, 'dispute'),
  ),
  route(
    'GET',
    '/v1/setup_intents/:id',
    retrieve((s) => s.setupIntents, 'setup_intent'),
  ),
  route('POST', '/v1/customers', ({ store, params }) => {
    const customer = customerObject(store.newId('cus'), store.now(), {
      email: params.str('email', { max: 512 }) ?? null,
      name: params.str('name', { max: 256 }) ?? null,
      description: params.str('description') ?? null,
      metadata: params.metadata() ?? {},
    });
    params.rejectUnknown();
    store.customers.set(customer.id, customer);
    return customer;
  }),
  route(
    'GET',
    '/v1/customers/:id',
    retrieve((s) => s.customers, 'customer'),
  ),
  route(
    'GET',
    '/v1/payment_methods/:id',
    retrieve((s) => s.paymentMethods, 'PaymentMethod'),
  ),
  route('POST', '/v1/payment_methods/:id/attach', ({ store, params, id }) => {
    const customerId = params.str('customer', { required: true });
    params.rejectUnknown();
    const pm = store.get(store.paymentMethods, 'PaymentMethod', id);
    store.get(store.customers, 'customer', customerId, 'customer');
    if (pm.customer === customerId) return pm;
    if (pm.customer)
      throw badParam('customer', 'The payment method you provided has already been attached to a customer.');
    checkReusable(store, pm, undefined);
    pm.customer = customerId;
    return pm;
  }),
  route('GET', '/v1/events/:id', ({ store, params, id }) => {
    params.rejectUnknown();
    const event = store.events.find((e) => e.id === id);
    if (!event) throw noSuch('event', id);
    return event;
  }),
  route('GET', '/v1/events', ({ store, params }) => {
    const type = params.str('type');
    const newestFirst = [...store.events].reverse().filter((e) => !type || e.type === type);
    return page(params, '/v1/events', newestFirst);
  }),
];

/** Answers one API call: the handler's object with `expand[]` applied, or throws a StripeApiError. */
export function dispatch(method: string, path: string, ctx: Omit<RouteContext, 'id'>): object {
  const matches = ROUTES.filter((r) => r.pattern.test(path));
  const found = matches.find((r) => r.method === method);
  if (!found) {
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      message:
        `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at ` +
        'https://support.stripe.com/.',
    });
  }
  const id = decodeURIComponent(found.pattern.exec(path)![1] ?? '');
  const expand = ctx.params.strings('expand');
  const result = found.handler({ ...ctx, id });
  return ctx.store.expand(result, expand);
}
