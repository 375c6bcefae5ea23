import type { PlacementHandler } from '../orders/index.js';
import { markCheckoutRecovered } from './service.js';

/** A checkout that had a reminder out is recovered by its order. */
export const recoveredOnPlacement: PlacementHandler = {
  name: 'abandoned-checkout',
  order: 50,
  run: async (tx, p) => {
    if (p.abandoned) await markCheckoutRecovered(tx, p.row.id, p.orderId);
  },
};
