import type {
  InvoiceStatus,
  Order,
  OrderActivity,
  OrderApprovalStatus,
  OrderInvoice,
  OrderPaymentStatus,
} from '@plaza/contracts';

/**
 * Days from an invoice's issue to its due date: the common "net 30" term. A constant, not a setting, until a shop
 * asks for other terms (docs/decisions.md).
 */
export const INVOICE_DUE_DAYS = 30;
const DAY_MS = 86_400_000;

/** What an order's invoice is derived from: its log, its approval and payment status, and the time now. */
export interface InvoiceFacts {
  orderNumber: string | number;
  activities: ReadonlyArray<Pick<OrderActivity, 'type' | 'createdDate'>>;
  approval: OrderApprovalStatus;
  paymentStatus: OrderPaymentStatus;
  now: Date;
}

export interface InvoiceState {
  number: string;
  status: InvoiceStatus;
  issueDate: string;
  dueDate: string;
}

/**
 * The invoice's status, first rule that holds:
 * - Deleted once removed (INVOICE_REMOVED after its INVOICE_ADDED);
 * - Void when the order is canceled or rejected (it will not be paid);
 * - Paid when the payment status is PAID (refunded orders were paid too: a refund is not the invoice's business);
 * - Processing while a payment waits for the bank (PENDING) or for the owner to capture it (PENDING_MERCHANT);
 * - PartiallyPaid when PARTIALLY_PAID, PartialAndOverdue once that is past the due date;
 * - Overdue when unpaid past the due date;
 * - Sent once e-mailed to the buyer, else Draft.
 */
export function invoiceStatus(s: {
  removed: boolean;
  sent: boolean;
  overdue: boolean;
  approval: OrderApprovalStatus;
  paymentStatus: OrderPaymentStatus;
}): InvoiceStatus {
  if (s.removed) return 'Deleted';
  if (s.approval === 'CANCELED' || s.approval === 'REJECTED') return 'Void';
  switch (s.paymentStatus) {
    case 'PAID':
    case 'PARTIALLY_REFUNDED':
    case 'FULLY_REFUNDED':
      return 'Paid';
    case 'PENDING':
    case 'PENDING_MERCHANT':
      return 'Processing';
    case 'PARTIALLY_PAID':
      return s.overdue ? 'PartialAndOverdue' : 'PartiallyPaid';
    default:
      if (s.overdue) return 'Overdue';
      return s.sent ? 'Sent' : 'Draft';
  }
}

/**
 * The order's latest invoice, or undefined when none was ever issued. The log is read in order: each INVOICE_ADDED
 * starts a new invoice (numbered INV-<order>, then INV-<order>-2, …), INVOICE_SENT and INVOICE_REMOVED apply to the
 * latest one. Pure: the same facts always give the same invoice.
 */
export function invoiceStateOf(f: InvoiceFacts): InvoiceState | undefined {
  let issued = 0;
  let current: { issueDate: string; sent: boolean; removed: boolean } | undefined;
  for (const a of f.activities) {
    if (a.type === 'INVOICE_ADDED') {
      issued += 1;
      current = { issueDate: a.createdDate, sent: false, removed: false };
    } else if (current && a.type === 'INVOICE_SENT') current.sent = true;
    else if (current && a.type === 'INVOICE_REMOVED') current.removed = true;
  }
  if (!current) return undefined;
  const due = new Date(Date.parse(current.issueDate) + INVOICE_DUE_DAYS * DAY_MS);
  return {
    number: issued > 1 ? `INV-${f.orderNumber}-${issued}` : `INV-${f.orderNumber}`,
    status: invoiceStatus({
      removed: current.removed,
      sent: current.sent,
      overdue: f.now.getTime() > due.getTime(),
      approval: f.approval,
      paymentStatus: f.paymentStatus,
    }),
    issueDate: current.issueDate,
    dueDate: due.toISOString(),
  };
}

/**
 * The order's latest invoice on the wire (undefined when none was ever issued): what `order.invoice`, GET …/invoice
 * and the PDF all show, so the buyer's and the owner's screens can never tell two stories.
 */
export function invoiceOnOrder(
  order: Pick<Order, 'number' | 'activities' | 'status' | 'paymentStatus' | 'priceSummary' | 'balanceSummary'>,
  now: Date,
): OrderInvoice | undefined {
  const state = invoiceStateOf({
    orderNumber: order.number,
    activities: order.activities,
    approval: order.status,
    paymentStatus: order.paymentStatus,
    now,
  });
  return state && { ...state, total: order.priceSummary.total, amountDue: order.balanceSummary.balance };
}
