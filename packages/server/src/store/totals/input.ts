import type { TotalsInput, TotalsLine } from './types.js';

/** A merchant discount as carts and checkouts store it: amounts in minor units, as a string (jsonb). */
interface StoredMerchantDiscount {
  amountMinor?: string;
  percentage?: number;
  lineItemIds?: string[];
  description?: string;
}

/** Stored merchant discounts as the engine reads them, leaving out the fields a discount does not set. */
export const merchantDiscountsInput = (stored: StoredMerchantDiscount[]): TotalsInput['merchantDiscounts'] =>
  stored.map((d) => ({
    ...(d.amountMinor ? { amount: BigInt(d.amountMinor) } : {}),
    ...(d.percentage !== undefined ? { percentage: d.percentage } : {}),
    ...(d.lineItemIds ? { lineItemIds: d.lineItemIds } : {}),
    ...(d.description ? { description: d.description } : {}),
  }));

/** Where a cart's or a checkout's totals input starts: the flow, the site's currency and locale, the priced lines. */
export const flowTotalsBase = (
  source: TotalsInput['source'],
  purchaseFlowId: string,
  site: { currency: string; locale: string },
  lines: TotalsLine[],
) => ({ source, purchaseFlowId, currency: site.currency, locale: site.locale, weightUnit: 'KG' as const, lines });
