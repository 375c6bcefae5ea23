import type { InvoiceStatus, OrderInvoice } from './invoices.js';

// Plain values (no schemas), exported through '@plaza/contracts/constants' for the web app too.

/**
 * Each status as the buyer reads it, on their order page and printed on the PDF (the dashboard has the owner's own
 * words). Deleted is absent: a removed invoice is no invoice to the buyer.
 */
export const INVOICE_BUYER_WORDS: Record<Exclude<InvoiceStatus, 'Deleted'>, string> = {
  Draft: 'Due',
  Sent: 'Due',
  Processing: 'Payment processing',
  Paid: 'Paid',
  Overdue: 'Overdue',
  Void: 'Void',
  PartiallyPaid: 'Partly paid',
  PartialAndOverdue: 'Partly paid, overdue',
};

/** The PDF a buyer downloads from their order: its issued invoice, else the order's receipt or pro forma invoice. */
export type OrderDocumentKind = 'INVOICE' | 'RECEIPT' | 'PRO_FORMA';

/**
 * Which document the order's PDF is, decided in one place for the server that prints it and the screens that offer
 * it: the current (not removed) invoice once issued; before that a RECEIPT when the order was paid (refunded ones
 * too), else a PRO_FORMA invoice stating what is due.
 */
export function orderDocumentKind(o: { invoice?: OrderInvoice | undefined; paymentStatus: string }): OrderDocumentKind {
  if (o.invoice && o.invoice.status !== 'Deleted') return 'INVOICE';
  return ['PAID', 'PARTIALLY_REFUNDED', 'FULLY_REFUNDED'].includes(o.paymentStatus) ? 'RECEIPT' : 'PRO_FORMA';
}
