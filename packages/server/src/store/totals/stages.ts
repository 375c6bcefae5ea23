import type { Violation } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import type {
  DiscountResult,
  FeeResult,
  MembershipResult,
  GiftCardResult,
  ShippingResult,
  Taxable,
  TaxResult,
  TipResult,
  TotalsInput,
} from './types.js';

/** The modules' parts of the totals, in the order the engine runs them (see engine.ts). */
export interface TotalsStages {
  /** The buyer's plans: member prices, free shipping, and the lines paid with credits. */
  membership(ctx: Ctx, input: TotalsInput): Promise<MembershipResult>;
  discount(ctx: Ctx, input: TotalsInput): Promise<DiscountResult>;
  shipping(ctx: Ctx, input: TotalsInput, lineDiscounts: Map<string, bigint>): Promise<ShippingResult>;
  fees(ctx: Ctx, input: TotalsInput, shipping: ShippingResult): Promise<FeeResult[]>;
  tax(ctx: Ctx, input: TotalsInput, items: Taxable[]): Promise<TaxResult>;
  tip(ctx: Ctx, input: TotalsInput, base: bigint): Promise<TipResult | undefined>;
  giftCard(ctx: Ctx, input: TotalsInput, due: bigint): Promise<{ result?: GiftCardResult; violations: Violation[] }>;
}

let registered: TotalsStages | undefined;

/**
 * Set once by the app (src/module-wiring.ts): the engine knows the stages, not the modules behind them, so discounts,
 * shipping, tax, tips and gift cards may use totals' types without an import circle.
 */
export function useTotalsStages(stages: TotalsStages): void {
  registered = stages;
}

export function totalsStages(): TotalsStages {
  if (!registered) throw new Error('Totals stages are not registered (buildApp wires them)');
  return registered;
}
