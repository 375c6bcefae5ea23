// Stripe, built in: the owner's connection (keys sealed at rest), the buyer's payment on Stripe's hosted page, the
// provider behind capture, void, refund and renewals, and Stripe's webhooks (docs/payments/stripe.md).
export { createCardSetupSession } from './card-setup.js';
export { BUYER_MUST_CONFIRM, stripeProvider, STRIPE_PROVIDER_ID } from './provider.js';
export { stripeConnection } from './account.js';
export { stripeRoutes } from './routes.js';
export { stripeSessionJobHandlers } from './session-check.jobs.js';
