import type { InvoiceStatus, Order } from '@plaza/contracts';
import { INVOICE_BUYER_WORDS, orderDocumentKind } from '@plaza/contracts/constants';
import { optionWords } from '@plaza/contracts/constants';
import { getOrder, mailShipping } from '../orders/index.js';
import type { Ctx } from '../../kernel/context.js';
import { addressLines } from '../../lib/address-lines.js';
import { siteDay, type DateSite } from '../../lib/dates.js';
import { getSite } from '../../platform/site/index.js';
import { getTaxSettings } from '../tax/index.js';
import { renderInvoicePdf, type InvoiceDocument, type Party } from './pdf.js';

/** The invoice of an order as the PDF renderer takes it: one invoice per order, numbered after the order. */
/** How the order travels, in the words its e-mails use: method, delivery window, pickup place or ship-to. */
function deliveryOf(order: Order, site: DateSite | undefined): Party | undefined {
  const d = mailShipping(order.shippingInfo, site);
  if (!d.delivery) return undefined;
  const lines = [...(d.slot ? [d.slot] : []), ...(d.pickupAt ?? d.shipTo ?? [])];
  return { name: d.delivery, lines };
}

export function invoiceOf(
  order: Order,
  seller: Party,
  issued: Pick<InvoiceDocument, 'issueDate' | 'issuedOn'>,
  site?: DateSite,
): InvoiceDocument {
  const delivery = deliveryOf(order, site);
  const p = order.priceSummary;
  const billing = order.billingInfo;
  const contact = billing?.contactDetails;
  const shipTo = order.shippingInfo?.logistics.shippingDestination;
  const buyerName =
    [contact?.firstName, contact?.lastName].filter(Boolean).join(' ') ||
    [shipTo?.contactDetails?.firstName, shipTo?.contactDetails?.lastName].filter(Boolean).join(' ') ||
    order.buyerInfo.email ||
    'Customer';
  const nonZero = (label: string, m: { amount: string; formattedAmount: string } | undefined) =>
    m && Number(m.amount) !== 0 ? [{ label, amount: m.formattedAmount }] : [];
  return {
    number: `INV-${order.number}`,
    ...issued,
    orderNumber: order.number,
    seller,
    buyer: {
      name: buyerName,
      lines: addressLines(billing?.address ?? shipTo?.address),
      ...(order.buyerInfo.email ? { email: order.buyerInfo.email } : {}),
      ...(billing?.taxId?.value ? { taxId: billing.taxId.value } : {}),
    },
    ...(delivery ? { delivery } : {}),
    lines: order.lineItems.map((l) => {
      // "Size: M, Color: Lavender · SKU HOOD-LAV-M" under the item's name.
      const detail = [optionWords(l.descriptionLines), l.sku && `SKU ${l.sku}`].filter(Boolean).join(' · ');
      return {
        description: l.productName,
        ...(detail ? { detail } : {}),
        quantity: l.quantity,
        unitPrice: l.price.formattedAmount,
        total: l.lineItemPrice.formattedAmount,
      };
    }),
    totals: [
      { label: 'Subtotal', amount: p.subtotal.formattedAmount },
      ...nonZero('Discount', p.discount),
      ...nonZero('Shipping', p.shipping),
      ...nonZero('Fees', p.additionalFees),
      { label: p.taxIncludedInPrices ? 'Tax (included)' : 'Tax', amount: p.tax.formattedAmount },
      ...nonZero('Tip', p.tip),
      { label: 'Total', amount: p.total.formattedAmount },
      ...nonZero('Paid', order.balanceSummary.paid),
      ...nonZero('Refunded', order.balanceSummary.refunded),
      { label: 'Due', amount: order.balanceSummary.balance.formattedAmount },
    ],
    taxBreakdown: order.taxSummary.taxBreakdown.map((t) => ({
      name: `${t.taxName} (${t.jurisdiction})`,
      rate: `${(Number(t.rate) * 100).toFixed(2).replace(/\.?0+$/, '')}%`,
      taxable: '',
      tax: t.taxAmount.formattedAmount,
    })),
    status:
      order.paymentStatus === 'PAID' ? 'Paid' : Number(order.balanceSummary.balance.amount) > 0 ? 'Due' : 'Settled',
  };
}

/**
 * The order's PDF for whoever may read the order (a visitor with the thank-you token too), the same document the
 * order's screens name (`orderDocumentKind`): an issued invoice with its number, issue and due dates and its status
 * in the buyer's words; before the owner issues one, the order's receipt (paid) or pro forma invoice, with no
 * invoice number. `number` names the file.
 */
export async function orderInvoicePdf(
  ctx: Ctx,
  orderId: string,
  token?: string,
): Promise<{ number: string; pdf: Uint8Array }> {
  const order = await getOrder(ctx, orderId, token);
  const [site, tax] = await Promise.all([getSite(ctx), getTaxSettings(ctx)]);
  const seller: Party = { name: site.name, lines: addressLines(tax.businessAddress) };
  const kind = orderDocumentKind(order);
  const current = kind === 'INVOICE' ? order.invoice : undefined;
  const issueDate = current?.issueDate ?? order.purchasedDate;
  const base = invoiceOf(order, seller, { issueDate, issuedOn: siteDay(issueDate, site) }, site);
  const doc: InvoiceDocument = current
    ? {
        ...base,
        number: current.number,
        dueOn: siteDay(current.dueDate, site),
        status: INVOICE_BUYER_WORDS[current.status as Exclude<InvoiceStatus, 'Deleted'>],
      }
    : { ...base, kind, number: `${kind === 'RECEIPT' ? 'Receipt' : 'Pro-forma'}-${order.number}` };
  return { number: doc.number, pdf: await renderInvoicePdf(doc) };
}
