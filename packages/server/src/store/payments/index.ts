// Payments: the providers (test card, Stripe, payment apps), capture, void and refund through the payment outbox, and money
// recorded by hand. Payments sits above orders: it writes an order's payment rows through the orders face.
export { buyerProviderForToken, providerForToken } from './providers.js';
export { authorizationSweepJobHandlers, guardAuthorization } from './authorization-guard.js';
export { insertCapturedCardPayment } from './card-payment.js';
export { getOrderTransactions } from './collector.js';
export { useMembershipCharges, type MembershipCharger } from './membership.js';
export { paymentOperationJobHandlers } from './operations.js';
export { collectorRoutes } from './routes.js';
export { scheduledPaymentJobHandlers } from './scheduled.jobs.js';
export {
  BUYER_MUST_CONFIRM,
  createCardSetupSession,
  stripeConnection,
  stripeRoutes,
  stripeSessionJobHandlers,
} from './stripe/index.js';
export { tokenizeTestCard } from './test-card.js';
