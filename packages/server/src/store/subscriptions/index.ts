// Subscriptions: contracts bought with an order, renewed by a job that charges the saved card.
export { claimGuestContracts } from './claim.js';
export { contractsOfOrder, liveContractIds, onContractChanged, stopContract, type ContractChange } from './hooks.js';
export { subscriptionsOnPlacement } from './on-placement.js';
export { subscriptionJobHandlers } from './renewal.jobs.js';
export { nextBillingDates } from './service.js';
export { subscriptionRoutes } from './routes.js';
