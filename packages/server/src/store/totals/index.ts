// The totals engine: prices lines, runs the modules' stages (registered at the root) and writes the wire totals.
export { computeTotals } from './engine.js';
export { flowTotalsBase, merchantDiscountsInput } from './input.js';
export { allocate, percentOf } from './rounding.js';
export { useTotalsStages } from './stages.js';
export { pluginLineItems } from './validations.js';
export type {
  AppliedDiscountDraft,
  CoveredLine,
  DiscountResult,
  FeeResult,
  GiftCardResult,
  MembershipResult,
  ShippingOptionResult,
  ShippingResult,
  Taxable,
  TaxBreakdownLine,
  TaxResult,
  TipResult,
  Totals,
  TotalsInput,
  TotalsLine,
} from './types.js';
export { appliedDiscountsWire, priceSummaryWire, taxSummaryWire, totalsToWire, type TotalsWire } from './wire.js';
