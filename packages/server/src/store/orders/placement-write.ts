import type { LineItem, Order } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { recordJson } from '../../lib/record-json.js';
import { composeMail, composedMailsJson } from '../../platform/mail/index.js';
import { getSite } from '../../platform/site/index.js';
import { mailLines, mailShipping, orderMailHeader } from './mail-lines.js';
import { runPlacementHandlers, type PlacedOrder, type PlacementOutcome } from './placement-handlers.js';
import { writeOrder } from './placement-rows.sql.js';
import { orderPayments, orders, type OrderSnapshot } from './tables.js';
import { toOrder, type OrderRow, type PaymentRow } from './wire.js';

export interface Committed extends PlacementOutcome {
  orderId: string;
  order: Order;
  payments: PaymentRow[];
  /** The confirmation, stored QUEUED with the order, delivered after commit. */
  mailId?: string;
}

/**
 * The last part of every placement's commit (a checkout's, a subscription renewal's), in the caller's transaction:
 * the order, its payments, its confirmation and `ecom.order.created` in one statement, then every module's placement
 * handler. A handler may refuse (throw), which rolls the whole commit back.
 */
export async function writePlacedOrder(
  tx: Ctx,
  w: { saved: OrderRow; payments: PaymentRow[]; mail?: ReturnType<typeof composeMail>; placed: PlacedOrder },
): Promise<Committed> {
  const { saved, payments, mail } = w;
  // The rows exactly as written: the answer, the event and the e-mail need no read back.
  const entity = await toOrder(tx, saved, payments, []);
  await writeOrder(
    tx,
    {
      order: recordJson(orders, saved),
      payments: recordJson(orderPayments, payments),
      mails: composedMailsJson(mail ? [mail] : []),
    },
    { type: 'ecom.order.created', entityId: saved.id, entity },
  );
  const outcome: PlacementOutcome = { mailIds: [] };
  await runPlacementHandlers(tx, w.placed, outcome);
  return { orderId: saved.id, order: entity, payments, ...(mail ? { mailId: mail.id } : {}), ...outcome };
}

/** The ORDER_PLACED confirmation, rendered to be written with the order: the same words for every placement. */
export async function orderPlacedMail(
  tx: Ctx,
  o: {
    to: string;
    orderId: string;
    number: number;
    lines: readonly LineItem[];
    shippingInfo: OrderSnapshot['shippingInfo'];
    total: string;
    paid: boolean;
  },
): Promise<ReturnType<typeof composeMail>> {
  const site = await getSite(tx);
  return composeMail(tx, {
    to: o.to,
    template: 'ORDER_PLACED',
    data: {
      ...orderMailHeader(tx, site, { id: o.orderId, number: o.number }),
      items: mailLines(tx, o.lines),
      // The delivery window in the shop's own locale and time zone.
      ...mailShipping(o.shippingInfo, site),
      total: o.total,
      paid: o.paid,
    },
  });
}
