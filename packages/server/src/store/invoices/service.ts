import type { Order, OrderActivityType, OrderInvoice } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound } from '../../kernel/errors.js';
import { deliverQueued, queueMail } from '../../platform/mail/index.js';
import {
  activity,
  invoiceOnOrder,
  lockOrder,
  logOnOrder,
  managesOrders,
  orderById,
  thankYouToken,
  toOrder,
  transactionsOf,
  type OrderRow,
} from '../orders/index.js';
import { getSite } from '../../platform/site/index.js';
import { siteDay } from '../../lib/dates.js';

/** The order's latest invoice on the wire, or undefined when none was ever issued (the order carries it too). */
export const invoiceOfOrder = (ctx: Ctx, order: Order): OrderInvoice | undefined => invoiceOnOrder(order, ctx.clock());

async function wireOrder(ctx: Ctx, row: OrderRow): Promise<Order> {
  const { payments, refunds } = await transactionsOf(ctx, [row.id]);
  return toOrder(ctx, row, payments, refunds);
}

const noInvoice = () =>
  new AppError('CONFLICT', 'The order has no invoice: issue one first', { applicationCode: 'INVOICE_NOT_ISSUED' });

/** GET: managers, and the member the order belongs to; anyone else gets the same 404 as a missing order. */
export async function getOrderInvoice(ctx: Ctx, id: string): Promise<OrderInvoice> {
  const row = await orderById(ctx, id);
  const c = ctx.caller;
  const mine = c.type === 'MEMBER' && row?.memberId === c.memberId;
  if (!row || !(managesOrders(ctx) || mine)) throw notFound('Order');
  const invoice = invoiceOfOrder(ctx, await wireOrder(ctx, row));
  if (!invoice) {
    throw new AppError('NOT_FOUND', 'The order has no invoice yet', { applicationCode: 'INVOICE_NOT_ISSUED' });
  }
  return invoice;
}

/** Logs one invoice activity on the locked order and emits `ecom.order.updated`, in the caller's transaction. */
const log = (tx: Ctx, row: OrderRow, type: OrderActivityType): Promise<Order> =>
  logOnOrder(tx, row, [activity(tx, type, { author: tx.caller.type === 'APP' ? 'An app' : 'Owner' })]);

/** The locked order with its current invoice (undefined when none, or the latest was removed). */
async function lockWithInvoice(tx: Ctx, id: string) {
  const row = await lockOrder(tx, id);
  const order = await wireOrder(tx, row);
  const invoice = invoiceOfOrder(tx, order);
  return { row, order, invoice: invoice?.status === 'Deleted' ? undefined : invoice };
}

/** POST: issues the order's invoice (INVOICE_ADDED). Refused while one is issued, and for a canceled order. */
export async function issueOrderInvoice(ctx: Ctx, id: string): Promise<OrderInvoice> {
  return withTx(ctx, async (tx) => {
    const { row, invoice } = await lockWithInvoice(tx, id);
    if (invoice) {
      throw new AppError('CONFLICT', `Invoice ${invoice.number} is already issued: remove it to issue a new one`, {
        applicationCode: 'INVOICE_ALREADY_ISSUED',
      });
    }
    if (row.status === 'CANCELED' || row.status === 'REJECTED') {
      throw new AppError('CONFLICT', 'The order is canceled: it gets no invoice', {
        applicationCode: 'ORDER_CANCELED',
      });
    }
    return invoiceOfOrder(tx, await log(tx, row, 'INVOICE_ADDED'))!;
  });
}

/** DELETE: removes the current invoice (INVOICE_REMOVED; it then reads Deleted). Issuing again makes a new one. */
export async function removeOrderInvoice(ctx: Ctx, id: string): Promise<OrderInvoice> {
  return withTx(ctx, async (tx) => {
    const { row, invoice } = await lockWithInvoice(tx, id);
    if (!invoice) throw noInvoice();
    return invoiceOfOrder(tx, await log(tx, row, 'INVOICE_REMOVED'))!;
  });
}

/**
 * POST …/send: e-mails the buyer a link to the invoice PDF (the order's thank-you token opens it without an
 * account) and logs INVOICE_SENT. The mail is stored with the change and delivered after the commit.
 */
export async function sendOrderInvoice(ctx: Ctx, id: string): Promise<OrderInvoice> {
  const { invoice, mailId } = await withTx(ctx, async (tx) => {
    const { row, order, invoice: current } = await lockWithInvoice(tx, id);
    if (!current) throw noInvoice();
    if (current.status === 'Void') {
      throw new AppError('CONFLICT', 'The order is canceled: its invoice is void', { applicationCode: 'INVOICE_VOID' });
    }
    const to = order.buyerInfo.email;
    if (!to) {
      throw new AppError('CONFLICT', 'The order has no e-mail address to send the invoice to', {
        applicationCode: 'BUYER_EMAIL_MISSING',
      });
    }
    const site = await getSite(tx);
    const owed = Number(current.amountDue.amount) > 0;
    const dueDate = siteDay(current.dueDate, site);
    const link = `${tx.config.publicUrl}/ecom/v1/orders/${id}/invoice/download?token=${thankYouToken(tx, id)}`;
    const mail = await queueMail(tx, {
      to,
      template: 'ORDER_INVOICE',
      data: {
        siteName: site.name,
        invoice: current.number,
        number: order.number,
        link,
        total: current.total.formattedAmount,
        ...(owed ? { due: `${current.amountDue.formattedAmount} by ${dueDate}` } : {}),
      },
    });
    return { invoice: invoiceOfOrder(tx, await log(tx, row, 'INVOICE_SENT'))!, mailId: mail.id };
  });
  void deliverQueued(ctx, mailId);
  return invoice;
}
