// @plaza/sdk/ecom: the store's modules, one file each.
export * from './current-cart.js';
export * from './checkouts.js';
export * from './checkout-templates.js';
export * from './discount-rules.js';
export * from './gift-cards.js';
export * from './tax.js';
export * from './shipping.js';
export * from './tips.js';
export * from './checkout-settings.js';
export * from './back-in-stock.js';
export * from './recommendations.js';
export * from './abandoned-checkouts.js';
export * from './orders.js';
export * from './fulfillments.js';
export * from './payments-collector.js';
export * from './subscription-contracts.js';
export * from './payment-requests.js';
