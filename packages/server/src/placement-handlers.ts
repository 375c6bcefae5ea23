import { recoveredOnPlacement } from './store/abandoned-checkouts/on-placement.js';
import { cartOnPlacement } from './store/cart/index.js';
import { couponOnPlacement, downloadsOnPlacement, stockOnPlacement } from './store/orders/on-placement.js';
import type { PlacementHandler } from './store/orders/placement-handlers.js';
import { depositOnPlacement } from './store/payment-requests/on-placement.js';
import { subscriptionsOnPlacement } from './store/subscriptions/on-placement.js';

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
