import { Type } from 'typebox';
import { OrderInvoiceResponse } from '@plaza/contracts';
import type { Access } from '../../kernel/caller.js';
import { notFound } from '../../kernel/errors.js';
import type { App } from '../../http/types.js';
import { orderInvoicePdf } from './order-invoice.js';
import { getOrderInvoice, issueOrderInvoice, removeOrderInvoice, sendOrderInvoice } from './service.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers, IdParams, routeOptions } from '../../http/route-options.js';

/** Managers, and members for their own orders (checked in the service). */
const readers: Access = { member: true, admin: ['OWNER'], scope: 'ecom' };
const STATUS_WORDS =
  'Status: Deleted once removed; Void when the order is canceled; Paid; Processing while a payment waits; ' +
  'PartiallyPaid (PartialAndOverdue past the due date); Overdue when unpaid past the due date (30 days after ' +
  'issue); Sent once e-mailed; else Draft.';

const route = routeOptions({ tags: ['orders'], errors: errorResponses(404, 409), access: ecomManagers });

/** An order's invoice: issued, sent and removed by the owner and `ecom` API keys; read by its member too. */
export function invoiceRoutes(app: App): void {
  registerInvoiceRoutes(app);
  registerInvoiceDeliveryRoutes(app);
}

/** Reading, issuing and removing an order's invoice. */
function registerInvoiceRoutes(app: App): void {
  app.get(
    '/ecom/v1/orders/:id/invoice',
    route({
      summary: 'Get an order’s invoice',
      description:
        `Number, status, issue and due dates, total and amount due. ${STATUS_WORDS} Managers and the order’s ` +
        'member; anyone else: 404. An order without an issued invoice: 404 INVOICE_NOT_ISSUED.',
      params: IdParams,
      response: OrderInvoiceResponse,
      access: readers,
    }),
    async (req) => ({ invoice: await getOrderInvoice(req.ctx, req.params.id) }),
  );
  app.post(
    '/ecom/v1/orders/:id/invoice',
    route({
      summary: 'Issue an order’s invoice',
      description:
        'Numbered after the order (INV-<number>; INV-<number>-2 after a removed one), dated today, due in 30 days. ' +
        'Logs INVOICE_ADDED. Refused while one is issued (409 INVOICE_ALREADY_ISSUED) and for a canceled order ' +
        '(409 ORDER_CANCELED).',
      params: IdParams,
      response: OrderInvoiceResponse,
    }),
    async (req) => ({ invoice: await issueOrderInvoice(req.ctx, req.params.id) }),
  );
  app.delete(
    '/ecom/v1/orders/:id/invoice',
    route({
      summary: 'Remove an order’s invoice',
      description:
        'The invoice then reads Deleted; issuing again makes a new one. Logs INVOICE_REMOVED. Without an issued ' +
        'invoice: 409 INVOICE_NOT_ISSUED.',
      params: IdParams,
      response: OrderInvoiceResponse,
    }),
    async (req) => ({ invoice: await removeOrderInvoice(req.ctx, req.params.id) }),
  );
}

/** Sending the invoice to the buyer and downloading it. */
function registerInvoiceDeliveryRoutes(app: App): void {
  app.post(
    '/ecom/v1/orders/:id/invoice/send',
    route({
      summary: 'E-mail an order’s invoice to the buyer',
      description:
        'The message gives the total, what is due and by when, and a link that downloads the PDF without an ' +
        'account. Logs INVOICE_SENT (status Sent while unpaid). Refused without an issued invoice (409 ' +
        'INVOICE_NOT_ISSUED), for a void one (409 INVOICE_VOID) or without a buyer e-mail (409 BUYER_EMAIL_MISSING).',
      params: IdParams,
      response: OrderInvoiceResponse,
    }),
    async (req) => ({ invoice: await sendOrderInvoice(req.ctx, req.params.id) }),
  );
  app.get(
    '/ecom/v1/orders/:id/invoice/download',
    route({
      summary: 'Download the invoice PDF from the e-mailed link',
      description:
        'Opened by the buyer’s browser from the invoice e-mail: the order’s `token` (its thank-you token) is the ' +
        'only credential. The same PDF as invoice.pdf. A missing or wrong token: 404.',
      params: IdParams,
      querystring: Type.Object(
        { token: Type.Optional(Type.String({ minLength: 10, maxLength: 200 })) },
        { additionalProperties: false },
      ),
      response: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/pdf' }),
      access: 'public',
    }),
    async (req, reply) => {
      // The token alone opens it: a signed-in caller without one is not let in by who they are.
      if (!req.query.token) throw notFound('Order');
      const { number, pdf } = await orderInvoicePdf(
        { ...req.ctx, caller: { type: 'NONE' } },
        req.params.id,
        req.query.token,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${number}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );
}
