// Paid plans: plans an owner sells, the memberships members hold, and what holding one gives at checkout.
export { collectionOpenSql, heldPlanIds, memberOnlyAccess, planAccessChanged, productOpenSql } from './access.js';
export { membershipStage } from './benefits-stage.js';
export { chargeMemberships, creditsOnPlacement } from './charge.js';
export { takeCredits, type CreditCharge } from './credits.js';
export { activeHoldings, memberHoldings, type Holding } from './holdings.js';
export { planRoutes } from './routes.js';
