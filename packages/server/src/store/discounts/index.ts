// Coupons and automatic discount rules, and the totals engine's discount stage.
export { assertCouponApplied } from './applied.js';
export { couponCustomerKey, redeemCoupon, type RedeemResult } from './coupons.service.js';
export { discountsRoutes } from './routes.js';
export { discountStage } from './stage.js';
