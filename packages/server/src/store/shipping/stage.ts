import type { Violation } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { currencyDecimals, parseAmount } from '../pricing/index.js';
import { callServicePlugin, responseOrFallback } from '../../platform/service-plugins/index.js';
import { getSite } from '../../platform/site/index.js';
import type { FeeResult, ShippingOptionResult, ShippingResult, TotalsInput, TotalsLine } from '../totals/index.js';
import { shippingConfig } from './config.js';
import { additionalFees } from './fees-stage.js';
import { pluginAddress, pluginLine } from './plugin.js';
import { carrierTableOffers, localDeliveryOffer, pickupOffers, regionOffers, type Parcel } from './offers.js';

/** Violations about shipping name this target, so a page can show them next to the shipping choice. */
export const SHIPPING_TARGET = { other: { name: 'shippingInfo' } };

/**
 * The shipping stage: the options that reach `input.shippingAddress` for these lines (merchant regions and rules,
 * local delivery, carrier rate tables or a SHIPPING_RATES app, pickup) and the selected one.
 * `lineDiscounts` lets price-based rules use the discounted subtotal.
 *
 * - No shippable (PHYSICAL) line, or no shipping address (with a country): no options, no violation.
 * - Options come in this order: the region's options, local delivery, carrier services (or the app's rates), pickup.
 * - Selected: the option whose code the buyer chose; an unknown code is an ERROR violation and nothing is selected.
 *   With no choice, the cheapest delivery option is selected (pickup only when chosen), so totals include shipping.
 */
export async function shippingStage(
  ctx: Ctx,
  input: TotalsInput,
  lineDiscounts: Map<string, bigint>,
): Promise<ShippingResult> {
  const shippable = input.lines.filter((l) => l.shippable);
  const address = input.shippingAddress;
  if (!shippable.length || !address?.country) return { options: [], violations: [] };

  const config = await shippingConfig(ctx);
  // The site (time zone, locale) is read only when needed: inside a cart's transaction it is not cached.
  const timeZone = config.options.some((o) => o.deliveryTimeSlots.length) ? (await getSite(ctx)).timeZone : 'UTC';
  const parcel: Parcel = {
    weight: shippable.reduce((w, l) => w + l.unitWeight * l.quantity, 0),
    quantity: shippable.reduce((q, l) => q + l.quantity, 0),
    price: shippable.reduce((p, l) => p + l.unitPrice * BigInt(l.quantity) - (lineDiscounts.get(l.id) ?? 0n), 0n),
  };
  const appRates = await pluginRates(ctx, input, shippable);
  const options = uniqueCodes([
    ...regionOffers(config, input, parcel, currencyDecimals(input.currency), timeZone),
    ...localDeliveryOffer(config, input, parcel),
    // The app rates the carriers when it answers; otherwise the merchant's own rate tables do.
    ...(appRates ?? carrierTableOffers(config, input, parcel)),
    ...pickupOffers(config),
  ]);

  const violations: Violation[] = [];
  if (!options.length) {
    violations.push({
      severity: 'ERROR',
      target: SHIPPING_TARGET,
      description: `We don't ship to ${placeName(address, (await getSite(ctx)).locale)}`,
    });
    return { options, violations };
  }
  const chosen = input.selectedShippingOption;
  let selected: ShippingOptionResult | undefined;
  if (chosen) {
    selected = options.find((o) => o.code === chosen.code);
    if (!selected) {
      violations.push({
        severity: 'ERROR',
        target: SHIPPING_TARGET,
        description: 'The chosen shipping option is not available for this address and cart; choose another one',
      });
    } else if (chosen.deliveryTimeSlot && !slotOffered(selected, chosen.deliveryTimeSlot)) {
      violations.push({
        severity: 'ERROR',
        target: SHIPPING_TARGET,
        description: 'The chosen delivery time slot is no longer available; choose another one',
      });
    }
  } else {
    selected = options
      .filter((o) => o.kind === 'DELIVERY' || o.kind === 'LOCAL_DELIVERY')
      .reduce<ShippingOptionResult | undefined>((best, o) => (!best || o.cost < best.cost ? o : best), undefined);
  }
  return { options, ...(selected ? { selected } : {}), violations };
}

/** Additional fees: merchant fee settings (ITEM), ADDITIONAL_FEES apps (SERVICE_PLUGIN) and manual fees (MANUAL). */
export async function feesStage(ctx: Ctx, input: TotalsInput, shipping: ShippingResult): Promise<FeeResult[]> {
  return additionalFees(ctx, input, shipping);
}

/** A code selects one option: a later option whose code is taken (an app reusing a code) is left out. */
function uniqueCodes(options: ShippingOptionResult[]): ShippingOptionResult[] {
  const seen = new Set<string>();
  return options.filter((o) => !seen.has(o.code) && seen.add(o.code));
}

const sameInstant = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();
function slotOffered(option: ShippingOptionResult, slot: { from: string; to: string }): boolean {
  return (option.logistics.deliveryTimeSlots ?? []).some(
    (s) => sameInstant(s.from, slot.from) && sameInstant(s.to, slot.to),
  );
}

function placeName(address: { country?: string; subdivision?: string }, locale: string): string {
  let country = address.country!;
  try {
    country = new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(country) ?? country;
  } catch {
    /* an unknown code stays as given */
  }
  return address.subdivision ? `${address.subdivision}, ${country}` : country;
}

/**
 * The SHIPPING_RATES app's rates, or undefined when no app is registered or it cannot answer (any failure, its own
 * refusal included: shipping must not block a cart; the merchant's own rates then apply). A rate in another currency
 * or with more decimals than the currency has is left out.
 */
async function pluginRates(
  ctx: Ctx,
  input: TotalsInput,
  shippable: TotalsLine[],
): Promise<ShippingOptionResult[] | undefined> {
  const request = {
    lineItems: shippable.map((l) => pluginLine(l, input.currency)),
    shippingDestination: pluginAddress(input.shippingAddress!),
    currency: input.currency,
    weightUnit: input.weightUnit,
  };
  const result = await callServicePlugin(ctx, 'SHIPPING_RATES', request);
  if (!result.ok) {
    if (result.reason !== 'NOT_REGISTERED')
      ctx.log.warn(
        { reason: result.reason, appError: result.appError, error: result.error },
        'shipping rates app failed: merchant rates apply',
      );
    return undefined;
  }
  const { response } = responseOrFallback('getShippingRates', request, result);
  const out: ShippingOptionResult[] = [];
  for (const rate of response.shippingRates) {
    try {
      if (rate.cost.currency !== input.currency) throw new Error(`currency ${rate.cost.currency}`);
      const charges = (rate.cost.additionalCharges ?? []).map((c) => parseAmount(c.price, input.currency, 'charge'));
      const cost = charges.reduce((a, b) => a + b, parseAmount(rate.cost.price, input.currency, 'price'));
      if (cost < 0n) throw new Error('negative price');
      out.push({
        code: rate.code,
        title: rate.title,
        cost,
        kind: 'DELIVERY',
        logistics: {
          ...(rate.logistics.deliveryTime ? { deliveryTime: rate.logistics.deliveryTime } : {}),
          ...(rate.logistics.instructions ? { instructions: rate.logistics.instructions } : {}),
        },
        source: 'SERVICE_PLUGIN',
      });
    } catch (err) {
      ctx.log.warn({ code: rate.code, err: (err as Error).message }, 'shipping rates app: rate left out');
    }
  }
  return out;
}
