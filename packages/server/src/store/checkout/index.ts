// Checkouts: created from a cart, a template or the API, filled in by the buyer, priced on every read.
export { completeCheckoutStatement } from './completion.sql.js';
export { createCheckoutFromCart } from './from-cart.js';
export { applyInfo, pathsOf } from './info.js';
export type { CheckoutRow, StoredCheckoutInfo } from './model.js';
export { checkoutRoutes } from './routes.js';
export {
  deleteOpenCheckout,
  lockCheckoutRow,
  setCheckoutCompleted,
  setCheckoutOwner,
  staleOpenCheckouts,
} from './rows.js';
export { hostedCheckoutUrl, insertCheckout, linesHaveDeposit, loadCheckout, renderCheckout } from './service.js';
export { getCheckoutSettings, restockByDefault } from './settings.service.js';
export { addCycles } from './wire.js';
