import type { TotalsInput, TotalsLine } from './types.js';

/** Test helpers for the totals engine's inputs (discounts, shipping and the property test build on them). */

let seq = 0;
/** A $10.00, 1 kg, shippable mug line; `extra` overrides. */
export function line(extra: Partial<TotalsLine> = {}): TotalsLine {
  return {
    id: `line-${++seq}`,
    name: 'Mug',
    collectionIds: [],
    itemType: 'PHYSICAL',
    quantity: 1,
    unitPrice: 1000n,
    unitWeight: 1,
    shippable: true,
    ...extra,
  };
}

/** A cart of one mug in USD, nothing calculated beyond discounts; `extra` overrides. */
export function totalsInput(extra: Partial<TotalsInput> = {}): TotalsInput {
  return {
    source: 'CART',
    purchaseFlowId: '00000000-0000-7000-8000-000000000001',
    currency: 'USD',
    weightUnit: 'KG',
    lines: [line()],
    calculateShipping: false,
    calculateTax: false,
    now: new Date(),
    ...extra,
  };
}
