import { INVOICE_BUYER_WORDS, orderDocumentKind, type OrderDocumentKind } from '@plaza/contracts/constants';
import type { Order } from '@plaza/contracts';

const LABELS: Record<OrderDocumentKind, string> = {
  INVOICE: 'Invoice',
  RECEIPT: 'Receipt',
  PRO_FORMA: 'Pro forma invoice',
};

/**
 * The PDF the order's page offers (`…/invoice.pdf`), named as the server prints it: the issued invoice (its number
 * and its status in the buyer's words), else the order's receipt or pro forma invoice. The buyer's page and the
 * dashboard both read it from the order, so they never disagree.
 */
export function orderDocument(order: Pick<Order, 'invoice' | 'paymentStatus' | 'number'>) {
  const kind = orderDocumentKind(order);
  const invoice = kind === 'INVOICE' ? order.invoice : undefined;
  const words = invoice && invoice.status !== 'Deleted' ? INVOICE_BUYER_WORDS[invoice.status] : undefined;
  return {
    kind,
    /** "Invoice", "Receipt" or "Pro forma invoice". */
    label: LABELS[kind],
    /** INV-10001 once issued. */
    number: invoice?.number,
    /** The issued invoice's status as the buyer reads it ("Paid", "Due", "Overdue"…). */
    status: words,
    fileName: invoice ? `${invoice.number}.pdf` : `${kind === 'RECEIPT' ? 'Receipt' : 'Pro-forma'}-${order.number}.pdf`,
  };
}
