// The store's contracts, one file per domain.
export * from './common.js';
export * from './event-types.js';
export * from './events.js';
export * from './cart.js';
export * from './checkout.js';
export * from './discounts.js';
export * from './shipping.js';
export * from './tax.js';
export * from './gift-cards.js';
export * from './tips.js';
export * from './back-in-stock.js';
export * from './recommendations.js';
export * from './templates.js';
export * from './settings.js';
export * from './abandoned-checkouts.js';
export * from './orders.js';
export * from './order-requests.js';
