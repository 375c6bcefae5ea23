import { recoveredOnPlacement } from './store/abandoned-checkouts/index.js';
import {
  couponOnPlacement,
  downloadsOnPlacement,
  stockOnPlacement,
  type PlacementHandler,
} from './store/orders/index.js';
import { depositOnPlacement } from './store/payment-requests/index.js';
import { subscriptionsOnPlacement } from './store/subscriptions/index.js';
import { cartOnPlacement } from './store/cart/index.js';
import { creditsOnPlacement, plansOnPlacement } from './store/plans/index.js';

/** Every module's part of placing an order (orders/placement-handlers.ts runs them by their `order`). */
export const placementHandlers: readonly PlacementHandler[] = [
  downloadsOnPlacement,
  depositOnPlacement,
  subscriptionsOnPlacement,
  cartOnPlacement,
  recoveredOnPlacement,
  couponOnPlacement,
  plansOnPlacement,
  stockOnPlacement,
  creditsOnPlacement,
];
