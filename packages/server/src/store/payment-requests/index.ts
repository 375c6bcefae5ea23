// Payment requests: what a buyer pays after the order (a deposit's rest, an amount the owner asks), by link.
export { depositOnPlacement } from './on-placement.js';
export { paymentRequestRoutes } from './routes.js';
