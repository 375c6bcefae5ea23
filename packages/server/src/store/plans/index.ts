// Paid plans: plans an owner sells, the memberships members hold, and what holding one gives at checkout.
export { collectionOpenSql, heldPlanIds, memberOnlyAccess, planAccessChanged, productOpenSql } from './access.js';
