// Paid plans: plans an owner sells, the memberships members hold, and what holding one gives at checkout.
export { activeHoldings, memberHoldings, type Holding } from './holdings.js';
export { buyablePlanSlug, planLineSource } from './lines.js';
export { chargeMemberships, creditsOnPlacement } from './charge.js';
export { collectionOpenSql, heldPlanIds, memberOnlyAccess, planAccessChanged, productOpenSql } from './access.js';
export { expireMemberships, planContractChanged } from './lifecycle.js';
export { membershipActionRoutes } from './membership-actions.routes.js';
export { membershipStage } from './benefits-stage.js';
export { plansOnPlacement } from './on-placement.js';
export { takeCredits, type CreditCharge } from './credits.js';
export { planRoutes } from './routes.js';
export { createPlan } from './plans.service.js';
