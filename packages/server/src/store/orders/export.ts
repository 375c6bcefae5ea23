import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, desc, sql, type SQL } from 'drizzle-orm';
import { optionWords } from '@plaza/contracts/constants';
import type { Ctx } from '../../kernel/context.js';
import type { DateSite } from '../../lib/dates.js';
import { formatAmount } from '../pricing/index.js';
import { getSite } from '../../platform/site/index.js';
import { mailShipping } from './mail-lines.js';
import { orders } from './tables.js';
import { filterSql, type Filter } from './service.js';
import type { OrderRow } from './wire.js';

const PAGE = 500;
const HEADER = [
  'Order number',
  'Placed (UTC)',
  'Status',
  'Payment',
  'Fulfillment',
  'E-mail',
  'Name',
  'Items',
  'Options',
  'SKU',
  'Total',
  'Currency',
  'Tags',
  'Channel',
  'Delivery',
  'Delivery time',
  'Pickup place',
];

/**
 * One entry per line, in the Items column's order, joined by "; ": "Size: M, Color: Lavender; —". A line without
 * one is "—", so the entries stay in step with the items; an order where no line has one leaves the cell empty.
 */
function perLine(values: string[]): string {
  return values.some(Boolean) ? values.map((v) => v || '—').join('; ') : '';
}

function line(r: OrderRow, site: DateSite): string[] {
  const s = r.snapshot;
  // The same words as the e-mails: the method, the window in the site's zone, the pickup place's address and hours.
  const delivery = mailShipping(s.shippingInfo, site);
  const person = s.billingInfo?.contactDetails ?? s.shippingInfo?.logistics.shippingDestination?.contactDetails;
  return [
    String(r.number),
    r.createdDate.toISOString(),
    r.status,
    r.paymentStatus,
    r.fulfillmentStatus,
    r.buyerEmail ?? '',
    [person?.firstName, person?.lastName].filter(Boolean).join(' '),
    s.lineItems.map((l) => `${l.quantity} × ${l.productName}`).join('; '),
    perLine(s.lineItems.map((l) => optionWords(l.descriptionLines))),
    perLine(s.lineItems.map((l) => l.sku ?? '')),
    formatAmount(r.totalMinor, r.currency),
    r.currency,
    r.tags.join(', '),
    r.channel,
    delivery.delivery ?? '',
    delivery.slot ?? '',
    (delivery.pickupAt ?? []).join(', '),
  ];
}

/**
 * Every order matching the search filter as CSV, newest first, streamed: a keyset walk of 500 rows at a time, so a
 * million orders cost the server one page of memory and the first bytes leave at once.
 */
export function exportOrdersCsv(ctx: Ctx, filter: Filter): Readable {
  async function* rows() {
    const site = await getSite(ctx);
    let after: SQL | undefined;
    for (;;) {
      const page = await ctx.db
        .select()
        .from(orders)
        .where(and(filterSql(filter), after))
        .orderBy(desc(orders.createdDate), desc(orders.id))
        .limit(PAGE);
      for (const r of page) yield line(r, site);
      const last = page.at(-1);
      if (!last || page.length < PAGE) return;
      // A row comparison, so each page starts its index walk at the last row (see searchOrders).
      after = sql`(${orders.createdDate}, ${orders.id}) < (${last.createdDate.toISOString()}::timestamptz, ${last.id}::uuid)`;
    }
  }
  // A byte-order mark so spreadsheet apps read the names and € signs as UTF-8.
  return Readable.from(rows()).pipe(stringify({ header: true, columns: HEADER, bom: true }));
}
