import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import {
  AddOrderActivityRequest,
  AggregateOrdersRequest,
  AggregateOrdersResponse,
  BulkOrderResults,
  CancelOrderRequest,
  CompletionLinkRequest,
  CompletionLinkResponse,
  CreateOrderAndChargeRequest,
  CreateOrderRequest,
  CreateOrderResponse,
  ExportOrdersRequest,
  GetOrderQuery,
  OrderDownloadLinksResponse,
  OrderResponse,
  OrderTransactionsResponse,
  SearchOrdersRequest,
  SearchOrdersResponse,
  TestCardTokenRequest,
  TestCardTokenResponse,
  UpdateOrderStatusRequest,
  UpdateOrderTagsRequest,
} from '@plaza/contracts';
import type { Access } from '../../kernel/caller.js';
import { AppError } from '../../kernel/errors.js';
import { echoedIdInQuery, withoutEchoedId } from '../../lib/echoed-id.js';
import type { App } from '../../http/types.js';
import type { Ctx } from '../../kernel/context.js';
import { aggregateOrders } from './aggregate.js';
import { getDownloadLinks } from './downloads.js';
import { exportOrdersCsv } from './export.js';
import { completeByLink, createCompletionLink } from './completion-link.js';
import { markCheckoutCompleted, placeOrder } from './placement.js';
import {
  addOrderActivity,
  cancelOrder,
  getOrder,
  searchOrders,
  updateOrderStatus,
  updateOrderTags,
} from './service.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers, emptyAfter, IdParams, routeOptions } from '../../http/route-options.js';

const tags = ['orders'];
const errors = errorResponses(404, 409);
/** Buyers (their own orders and checkouts) and managers. */
const everyone: Access = { visitor: true, member: true, admin: ['OWNER'], scope: 'ecom' };

/**
 * What some order routes answer from modules above orders (payments, invoices): src/routes.ts hands them in, so the
 * routes keep their paths and their place in the API while orders imports neither module.
 */
export interface OrderRoutesFromAbove {
  tokenizeTestCard: (ctx: Ctx, req: TestCardTokenRequest) => TestCardTokenResponse;
  orderInvoicePdf: (ctx: Ctx, orderId: string, token?: string) => Promise<{ number: string; pdf: Uint8Array }>;
  getOrderTransactions: (ctx: Ctx, orderId: string) => Promise<OrderTransactionsResponse>;
}

const route = routeOptions({ tags, errors, access: ecomManagers });

export function orderRoutes(app: App, above: OrderRoutesFromAbove): void {
  registerPlacementRoutes(app);
  registerCompletionLinkRoutes(app, above);
  registerOrderReadRoutes(app, above);
  registerOrderQueryRoutes(app);
  registerOrderChangeRoutes(app, above);
}

/** Turning a checkout into an order (or marking it done elsewhere). */
function registerPlacementRoutes(app: App): void {
  app.post(
    '/ecom/v1/checkouts/:id/create-order',
    route({
      summary: 'Place the order of a checkout (no charge)',
      description:
        'For offline payment, free orders, or gift cards that pay it all; an online order left unpaid starts ' +
        'INITIALIZED. Exactly once: the same checkout placed again (even at the same moment) answers the same ' +
        'order. Refused with nothing written: ERROR violations (409 CHECKOUT_HAS_ERRORS), too little stock (409 ' +
        'OUT_OF_STOCK). `thankYouToken` lets whoever placed it read the order.',
      params: IdParams,
      body: CreateOrderRequest,
      response: CreateOrderResponse,
      access: everyone,
    }),
    async (req) => placeOrder(req.ctx, req.params.id, req.body),
  );
  app.post(
    '/ecom/v1/checkouts/:id/create-order-and-charge',
    route({
      summary: 'Place the order and charge the card',
      description:
        'Charges what is due now (after the gift card; the deposit for DEPOSIT_ONLINE) with `paymentToken`. ' +
        '`delayCapture` only authorizes. A declined card is 409 PAYMENT_DECLINED with the bank’s reason, and no ' +
        'order. Placing the same checkout again (a retry with the same Idempotency-Key, a double click) answers ' +
        'the first order and its one charge.',
      params: IdParams,
      body: CreateOrderAndChargeRequest,
      response: CreateOrderResponse,
      access: everyone,
    }),
    async (req) => placeOrder(req.ctx, req.params.id, withoutEchoedId(req.params.id, req.body, 'id')),
  );
  app.post(
    '/ecom/v1/checkouts/:id/mark-as-completed',
    route({
      summary: 'Mark a checkout completed without an order here',
      description:
        'For a checkout paid and ordered elsewhere (an external flow): it stops counting as open (no abandoned ' +
        'reminder) and cannot be placed any more (409 CHECKOUT_ALREADY_COMPLETED). Placed checkouts are completed ' +
        'by placing them. Owner and `ecom` API keys.',
      params: IdParams,
      response: Type.Object({}),
    }),
    async (req) => emptyAfter(markCheckoutCompleted(req.ctx, req.params.id)),
  );
}

/** External payment flows: the completion link, and test cards to pay with. */
function registerCompletionLinkRoutes(app: App, { tokenizeTestCard }: OrderRoutesFromAbove): void {
  app.post(
    '/ecom/v1/checkouts/:id/completion-link',
    route({
      summary: 'A link that completes the checkout and sends the buyer on',
      description:
        'For an external payment flow: give its "done" step this URL. Following it marks the checkout completed ' +
        '(as mark-as-completed) and redirects to `redirectUrl` (default: the shop’s home page). Signed by the ' +
        'site; valid for `expiresInMinutes` (default a day). Owner and `ecom` API keys.',
      params: IdParams,
      body: CompletionLinkRequest,
      response: CompletionLinkResponse,
    }),
    async (req) => createCompletionLink(req.ctx, req.params.id, req.body),
  );
  app.get(
    '/ecom/v1/checkouts/mark-checkout-as-completed-and-redirect-to-url',
    route({
      summary: 'Complete a checkout from its link and redirect',
      description:
        'Opened by the buyer’s browser: a valid `token` (from completion-link) completes its checkout and answers ' +
        '302 to the link’s target; a forged or expired one answers a short page saying so (400).',
      querystring: Type.Object(
        { token: Type.String({ minLength: 10, maxLength: 3000 }) },
        { additionalProperties: false },
      ),
      access: 'public',
    }),
    async (req, reply) => {
      try {
        return reply.redirect(await completeByLink(req.ctx, req.query.token), 302);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(
            '<!doctype html><meta charset="utf-8"><title>Link not valid</title>' +
              '<p style="font-family:system-ui;margin:3rem auto;max-width:32rem">This link is no longer valid. ' +
              'If you paid, your order is safe: check your e-mail, or <a href="/">go to the shop</a>.</p>',
          );
      }
    },
  );
  app.post(
    '/ecom/v1/payments/test-card/tokens',
    {
      schema: {
        tags: ['payments'],
        summary: 'Turn a test card into a payment token',
        description:
          'The built-in test-card provider: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, ' +
          '4000 0000 0000 9995 has insufficient funds, 4000 0000 0000 3220 waits for the bank. No card number is ' +
          'kept; other numbers are refused.',
        body: TestCardTokenRequest,
        response: { 200: TestCardTokenResponse, ...errors },
      },
      config: { access: everyone },
    },
    async (req) => tokenizeTestCard(req.ctx, req.body),
  );
}

/** One order as its buyer sees it: the order, its downloads and its invoice. */
function registerOrderReadRoutes(app: App, { orderInvoicePdf }: OrderRoutesFromAbove): void {
  app.get(
    '/ecom/v1/orders/:id',
    {
      ...route({
        summary: 'Get an order',
        description:
          'Managers read every order; a member or visitor their own; anyone with the order’s `token` (the ' +
          'thank-you token from placing it). Everyone else: 404. `?id=` may repeat the path id (as the hosted ' +
          "platform's SDK sends it); a different one is a 400.",
        params: IdParams,
        querystring: GetOrderQuery,
        response: OrderResponse,
        access: everyone,
      }),
      preValidation: echoedIdInQuery,
    },
    async (req) => ({ order: await getOrder(req.ctx, req.params.id, req.query.token) }),
  );
  app.post(
    '/ecom/v1/orders/:id/download-links',
    route({
      summary: 'Download links of an order’s digital items',
      description:
        'Fresh signed links (a week) to the files of the order’s DIGITAL lines, for whoever may read the order ' +
        '(the `token` of the thank-you page too). 409 ORDER_NOT_PAID until it is paid.',
      params: IdParams,
      querystring: GetOrderQuery,
      response: OrderDownloadLinksResponse,
      access: everyone,
    }),
    async (req) => getDownloadLinks(req.ctx, req.params.id, req.query.token),
  );
  app.get(
    '/ecom/v1/orders/:id/invoice.pdf',
    route({
      summary: 'The order’s invoice, receipt or pro forma invoice (PDF)',
      description:
        'The issued invoice (INV-<number>, issue and due dates, status); before one is issued, the order’s receipt ' +
        '(paid) or pro forma invoice (not paid yet), without an invoice number: the document `order.invoice` and ' +
        'the order’s payment status name. With the seller (site name, tax settings’ business address), the buyer, ' +
        'lines, totals, what was paid and refunded, and the tax per jurisdiction. Same readers as the order.',
      params: IdParams,
      querystring: GetOrderQuery,
      response: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/pdf' }),
      access: everyone,
    }),
    async (req, reply) => {
      const { number, pdf } = await orderInvoicePdf(req.ctx, req.params.id, req.query.token);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${number}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );
}

/** Many orders at once: aggregates, search and CSV export. */
function registerOrderQueryRoutes(app: App): void {
  app.post(
    '/ecom/v1/orders/aggregate',
    route({
      summary: 'Count and sum orders by status, payment, channel or day',
      description:
        'One or two dimensions (`aggregation.groupBy`); a two-level key joins its parts with ' +
        '`hierarchySeparatorOverride` (default "/"), such as "PAID/2026-11-24". Totals in the site currency.',
      body: AggregateOrdersRequest,
      response: AggregateOrdersResponse,
    }),
    async (req) => aggregateOrders(req.ctx, req.body),
  );
  app.post(
    '/ecom/v1/orders/search',
    route({
      summary: 'Search orders',
      description:
        'Filter by status, payment and fulfillment status, dates, number, buyer e-mail, tags, channel and text; ' +
        'sort by createdDate (newest first by default), number or total; page with `metadata.cursor`. Members ' +
        'and visitors see their own orders only.',
      body: SearchOrdersRequest,
      response: SearchOrdersResponse,
      access: everyone,
    }),
    async (req) => searchOrders(req.ctx, req.body),
  );
  app.post(
    '/ecom/v1/orders/export',
    route({
      summary: 'Download orders as CSV',
      description:
        'Every order matching `filter` (the search filter), newest first, as a CSV file streamed row by row: number, ' +
        'date, statuses, e-mail, name, items, total, currency, tags and channel.',
      body: ExportOrdersRequest,
      response: Type.Unsafe<Readable>({ type: 'string', description: 'text/csv' }),
    }),
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .send(exportOrdersCsv(req.ctx, req.body.filter ?? {})),
  );
}

/** A manager's view and changes: transactions, cancel, status, activities, tags. */
function registerOrderChangeRoutes(app: App, { getOrderTransactions }: OrderRoutesFromAbove): void {
  app.get(
    '/ecom/v1/orders/:id/transactions',
    route({
      summary: 'An order’s payments and refunds',
      params: IdParams,
      response: OrderTransactionsResponse,
    }),
    async (req) => getOrderTransactions(req.ctx, req.params.id),
  );
  app.post(
    '/ecom/v1/orders/:id/cancel',
    route({
      summary: 'Cancel an order',
      description: '`restockAllItems` puts the items back in stock. Canceled is final.',
      params: IdParams,
      body: CancelOrderRequest,
      response: OrderResponse,
    }),
    async (req) => ({ order: await cancelOrder(req.ctx, req.params.id, req.body) }),
  );
  app.post(
    '/ecom/v1/orders/:id/update-status',
    route({
      summary: 'Change an order’s approval status',
      description:
        'INITIALIZED → APPROVED, PENDING, CANCELED or REJECTED; PENDING → APPROVED, CANCELED or REJECTED; APPROVED → ' +
        'CANCELED. Any other move is a 400 naming both statuses.',
      params: IdParams,
      body: UpdateOrderStatusRequest,
      response: OrderResponse,
    }),
    async (req) => ({ order: await updateOrderStatus(req.ctx, req.params.id, req.body.status) }),
  );
  app.post(
    '/ecom/v1/orders/:id/activities',
    route({
      summary: 'Add a comment or an app’s activity to an order',
      params: IdParams,
      body: AddOrderActivityRequest,
      response: OrderResponse,
    }),
    async (req) => ({ order: await addOrderActivity(req.ctx, req.params.id, req.body) }),
  );
  app.post(
    '/ecom/v1/bulk/orders/update-tags',
    route({
      summary: 'Add and remove tags on many orders',
      description: 'Each order succeeds or fails on its own (`results[].itemMetadata`).',
      body: UpdateOrderTagsRequest,
      response: BulkOrderResults,
    }),
    async (req) => updateOrderTags(req.ctx, req.body),
  );
}
