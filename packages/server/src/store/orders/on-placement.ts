import type { PlacementHandler } from './placement-handlers.js';
import { planDownloadLinks } from './download-plan.js';
import { redeemCheckoutCoupon } from './placement-rules.js';
import { takeStock } from '../catalog/index.js';

/** A paid order's download links are made and mailed by a job, after commit. */
export const downloadsOnPlacement: PlacementHandler = {
  name: 'downloads',
  order: 10,
  run: async (tx, p) => {
    if (p.paid) await planDownloadLinks(tx, p.orderId, p.checkout.lineItems);
  },
};

/** coupon.usage-limit, coupon.per-customer, coupon.still-valid: counted under the coupon's row lock. */
export const couponOnPlacement: PlacementHandler = {
  name: 'coupon',
  order: 90,
  run: (tx, p) => redeemCheckoutCoupon(tx, p.checkout, p.row, p.orderId),
};

/**
 * stock.no-oversell, last: a counted item's row stays locked until commit and other orders of it wait for that.
 * Only counted items move; the quote found the others in stock, and checking them again would cost a statement each.
 */
export const stockOnPlacement: PlacementHandler = {
  name: 'stock',
  order: 100,
  run: async (tx, p) => {
    const counted = p.checkout.lineItems.filter((l) => l.availability?.quantityAvailable !== undefined);
    if (p.takeStock && counted.length) await takeStock(tx, counted);
  },
};
