// Orders: placing them, their ledger (status, history, payments recorded), their wire form and their routes. The
// modules above (payments, invoices, subscriptions, payment requests) work on orders through these functions.
export { activity } from './activity.js';
export { appItemSales } from './app-sales.js';
export { claimGuestOrders } from './claim.js';
export { downloadJobHandlers } from './downloads.js';
export { orderEditRoutes } from './edits.routes.js';
export { fulfillmentRoutes } from './fulfillment.routes.js';
export { invoiceOnOrder } from './invoice-status.js';
export { lockOrder, logOnOrder, managesOrders, settleOrder } from './ledger.js';
export { mailShipping, orderMailHeader } from './mail-lines.js';
export { couponOnPlacement, downloadsOnPlacement, stockOnPlacement } from './on-placement.js';
export {
  closePendingRefund,
  insertPayment,
  insertRefund,
  paymentById,
  paymentByProviderTransaction,
  paymentRecorded,
  updatePayment,
  type RefundRow,
  type ScheduledAction,
} from './payment-rows.js';
export { orderMetrics, type OrderMetrics } from './metrics.js';
export { nextOrderNumber, placeOrder } from './placement.js';
export { fingerprintOf, quoteCheckout, type Quote } from './placement-quote.js';
export { usePlacementHandlers, type PlacedOrder, type PlacementHandler } from './placement-handlers.js';
export {
  usePlacementPayments,
  type AuthorizeInput,
  type AuthorizeResult,
  type PlacementPayments,
} from './placement-payments.js';
export { cardPaymentRow } from './placement-rows.js';
export { PAYMENT_DEFAULTS, useReminderCheck } from './placement-rows.sql.js';
export { orderPlacedMail, writePlacedOrder } from './placement-write.js';
export { restockForRefund } from './restock.js';
export { orderRoutes, type OrderRoutesFromAbove } from './routes.js';
export { getOrder } from './service.js';
export type { OrderSnapshot, PaymentDispute } from './tables.js';
export {
  orderById,
  searchTextOf,
  thankYouToken,
  toOrder,
  toTransactions,
  transactionsOf,
  transactionsOfOrders,
  type OrderRow,
  type PaymentRow,
} from './wire.js';
