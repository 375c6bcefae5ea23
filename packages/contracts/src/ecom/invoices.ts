import { Type, type Static } from 'typebox';
import { Money } from '../catalog/product.js';
import { DateString, StringEnum } from '../common/schema.js';

/**
 * An order's invoice. An order has none until the owner (or an `ecom` API key) issues one; its status is derived from
 * the order's activities (INVOICE_ADDED, INVOICE_REMOVED, INVOICE_SENT), approval and payment status, and the clock
 * (past the due date), so it never goes stale (docs/store/orders.md).
 */
export const INVOICE_STATUSES = [
  'Draft',
  'Sent',
  'Processing',
  'Paid',
  'Overdue',
  'Void',
  'Deleted',
  'PartiallyPaid',
  'PartialAndOverdue',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const OrderInvoice = Type.Object({
  /** INV-<order number>; a second invoice of the same order (after the first was removed) is INV-<number>-2. */
  number: Type.String(),
  status: StringEnum(INVOICE_STATUSES),
  issueDate: DateString,
  /** The issue date plus 30 days. */
  dueDate: DateString,
  /** The order's total. */
  total: Money,
  /** What the buyer still owes. */
  amountDue: Money,
});
export type OrderInvoice = Static<typeof OrderInvoice>;

export const OrderInvoiceResponse = Type.Object({ invoice: OrderInvoice });
export type OrderInvoiceResponse = Static<typeof OrderInvoiceResponse>;
