import { TAX_FALLBACK, type Address } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { formatAmount, parseAmount } from '../pricing/index.js';
import { callServicePlugin, taxOrFallback } from '../../platform/service-plugins/index.js';
import type { Taxable, TaxBreakdownLine, TaxResult, TotalsInput } from '../totals/index.js';
import { taxConfig, type GroupRow, type RegionRow, type SettingsRow } from './config.js';
import { itemTax, scaleParts, toPpm, type RatePart } from './rates.js';

/** Whether the site's prices include tax (tax settings). */
export async function taxIncludedInPrices(ctx: Ctx): Promise<boolean> {
  return (await taxConfig.get(ctx)).settings.taxIncludedInPrices;
}

type Details = TaxResult['calculationDetails'];

/**
 * The tax stage: manual rates of the matching tax region (per jurisdiction and tax group), or the TAX_CALCULATION
 * app with its fallback rate. Rounds once per taxable item.
 */
export async function taxStage(ctx: Ctx, input: TotalsInput, items: Taxable[]): Promise<TaxResult> {
  const { settings, groups, regions } = await taxConfig.get(ctx);
  const inclusive = settings.taxIncludedInPrices;
  const none = (): TaxResult => result(inclusive, items, new Map(), { rateType: 'NO_TAX_COLLECTED' });
  const address = taxableAddress(settings, input);
  const region = address && findRegion(regions, address);
  if (!region) return none();
  // Shipping and fees are taxed only where the region says so.
  const taxed = items.filter((i) => i.kind === 'LINE' || (i.kind === 'SHIPPING' ? region.taxShipping : region.taxFees));

  const manual = region.calculationOverride === 'MANUAL' || settings.calculationMode === 'MANUAL';
  if (manual) {
    const reason = region.calculationOverride === 'MANUAL' ? 'REGION_SETTING_TO_MANUAL' : 'GLOBAL_SETTING_TO_MANUAL';
    return result(inclusive, items, manualTaxes(region, groups, taxed, inclusive), {
      rateType: 'MANUAL_RATE',
      manualRateReason: reason,
    });
  }

  const auto = await autoTaxes(ctx, input.currency, address, taxed);
  if (auto.ok) return result(inclusive, items, auto.perItem, { rateType: 'AUTO_RATE' });
  const parts: RatePart[] = [
    { jurisdiction: region.country, jurisdictionType: 'COUNTRY', taxName: 'Tax', ppm: toPpm(region.fallbackRate) },
  ];
  const perItem = new Map(taxed.map((i) => [i.id, itemTax(i.amount, parts, inclusive)]));
  return result(inclusive, items, perItem, {
    rateType: 'FALLBACK_RATE',
    autoTaxFallbackDetails: { fallbackReason: auto.reason },
  });
}

function result(
  inclusive: boolean,
  items: Taxable[],
  perItem: Map<string, { tax: bigint; breakdown: TaxBreakdownLine[] }>,
  calculationDetails: Details,
): TaxResult {
  const all = new Map(items.map((i) => [i.id, perItem.get(i.id) ?? { tax: 0n, breakdown: [] }]));
  const total = [...all.values()].reduce((s, t) => s + t.tax, 0n);
  return { taxIncludedInPrices: inclusive, perItem: all, total, calculationDetails };
}

/** The settings' address type first, then the others (shipping, billing, business), so a missing one falls back. */
export function taxableAddress(settings: SettingsRow, input: TotalsInput): Address | undefined {
  const byType = {
    SHIPPING: input.shippingAddress,
    BILLING: input.billingAddress,
    BUSINESS: settings.businessAddress ?? undefined,
  };
  const order = [settings.taxableAddressType, 'SHIPPING', 'BILLING', 'BUSINESS'] as const;
  return order.map((t) => byType[t]).find((a) => a?.country);
}

/** The subdivision's own region, else the whole country's. */
export function findRegion(regions: RegionRow[], address: Address): RegionRow | undefined {
  const inCountry = regions.filter((r) => r.country === address.country);
  return (
    (address.subdivision && inCountry.find((r) => r.subdivision === address.subdivision)) ||
    inCountry.find((r) => r.subdivision === '')
  );
}

function manualTaxes(region: RegionRow, groups: GroupRow[], items: Taxable[], inclusive: boolean) {
  const base: RatePart[] = region.jurisdictions.map((j) => ({
    jurisdiction: j.name,
    jurisdictionType: j.type,
    taxName: `${j.name} tax`,
    ppm: toPpm(j.rate),
  }));
  const known = new Set(groups.map((g) => g.id));
  const defaultGroup = groups.find((g) => g.isDefault)?.id;
  const perItem = new Map<string, { tax: bigint; breakdown: TaxBreakdownLine[] }>();
  for (const item of items) {
    // A line with no group (or a deleted one) is taxed as the default group.
    const groupId = item.taxGroupId && known.has(item.taxGroupId) ? item.taxGroupId : defaultGroup;
    const override = region.groupOverrides.find((o) => o.taxGroupId === groupId);
    if (override?.exempt) continue;
    const name = groups.find((g) => g.id === groupId)?.name ?? 'Tax';
    const parts = override?.rate !== undefined ? scaleParts(base, toPpm(override.rate), name, region.country) : base;
    perItem.set(item.id, itemTax(item.amount, parts, inclusive));
  }
  return perItem;
}

type AutoResult =
  | { ok: true; perItem: Map<string, { tax: bigint; breakdown: TaxBreakdownLine[] }> }
  | { ok: false; reason: 'AUTO_TAX_FAILED' | 'AUTO_TAX_DEACTIVATED' };

/**
 * Asks the TAX_CALCULATION app. Each item is sent with `price` = its taxable amount for all its units (after
 * discounts). No app registered → AUTO_TAX_DEACTIVATED; any other failure, another currency or amounts finer than
 * the currency → AUTO_TAX_FAILED. An app's own error (APP_ERROR) is a 400 for the caller (fallbacks.ts).
 */
async function autoTaxes(ctx: Ctx, currency: string, address: Address, items: Taxable[]): Promise<AutoResult> {
  if (!items.length) return { ok: true, perItem: new Map() };
  const call = await callServicePlugin(ctx, 'TAX_CALCULATION', {
    currency,
    addresses: [
      {
        country: address.country,
        ...(address.subdivision ? { subdivision: address.subdivision } : {}),
        ...(address.city ? { city: address.city } : {}),
        ...(address.postalCode ? { postalCode: address.postalCode } : {}),
      },
    ],
    lineItems: items.map((i) => ({
      id: i.id,
      price: formatAmount(i.amount, currency),
      quantity: i.quantity,
      ...(i.taxGroupId ? { taxGroupId: i.taxGroupId } : {}),
      addressIndex: 0,
    })),
  });
  if (!call.ok && call.reason === 'NOT_REGISTERED') return { ok: false, reason: 'AUTO_TAX_DEACTIVATED' };
  const answer = taxOrFallback(call);
  if (answer === TAX_FALLBACK || answer.calculationType !== 'AUTO') return { ok: false, reason: 'AUTO_TAX_FAILED' };
  if (answer.response.currency !== currency) return { ok: false, reason: 'AUTO_TAX_FAILED' };
  try {
    const perItem = new Map<string, { tax: bigint; breakdown: TaxBreakdownLine[] }>();
    const ids = new Set(items.map((i) => i.id));
    for (const d of answer.response.lineItemTaxDetails) {
      if (!ids.has(d.id)) continue;
      perItem.set(d.id, {
        tax: parseAmount(d.taxSummary.taxAmount, currency, 'taxAmount'),
        breakdown: d.taxBreakdown.map((b) => ({
          jurisdiction: b.jurisdiction,
          jurisdictionType: b.jurisdictionType,
          taxName: b.taxName,
          rate: b.rate,
          amount: parseAmount(b.taxAmount, currency, 'taxAmount'),
        })),
      });
    }
    return { ok: true, perItem };
  } catch {
    return { ok: false, reason: 'AUTO_TAX_FAILED' };
  }
}
