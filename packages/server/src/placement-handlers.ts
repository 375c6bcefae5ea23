import { recoveredOnPlacement } from './modules/abandoned-checkouts/on-placement.js';
import { cartOnPlacement } from './modules/cart/on-placement.js';
import { couponOnPlacement, downloadsOnPlacement, stockOnPlacement } from './modules/orders/on-placement.js';
import type { PlacementHandler } from './modules/orders/placement-handlers.js';
import { depositOnPlacement } from './modules/payment-requests/on-placement.js';
import { subscriptionsOnPlacement } from './modules/subscriptions/on-placement.js';

/** Every module's part of placing an order (orders/placement-handlers.ts runs them by their `order`). */
export const placementHandlers: readonly PlacementHandler[] = [
  downloadsOnPlacement,
  depositOnPlacement,
  subscriptionsOnPlacement,
  cartOnPlacement,
  recoveredOnPlacement,
  couponOnPlacement,
  stockOnPlacement,
];
