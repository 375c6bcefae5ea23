import type { Ctx } from '../../kernel/context.js';
import { parseAmount } from '../pricing/index.js';
import { callServicePlugin, responseOrFallback } from '../../platform/service-plugins/index.js';
import type { FeeResult, ShippingResult, TotalsInput } from '../totals/index.js';
import { shippingConfig, type FeeRow } from './config.js';
import { pluginAddress, pluginLine } from './plugin.js';

/**
 * Additional fees, in this order: the merchant's fee settings (source ITEM), the ADDITIONAL_FEES app's fees (source
 * SERVICE_PLUGIN; none when it cannot answer) and manual fees from API keys (source MANUAL). A cart with no lines has
 * no fees but manual ones.
 */
export async function additionalFees(ctx: Ctx, input: TotalsInput, shipping: ShippingResult): Promise<FeeResult[]> {
  const manual = (input.manualFees ?? []).map((f) => ({ ...f, source: 'MANUAL' as const }));
  if (!input.lines.length) return manual;
  const config = await shippingConfig(ctx);
  const merchant = config.fees.flatMap((setting) => merchantFee(setting, input));
  return [...merchant, ...(await pluginFees(ctx, input, shipping)), ...manual];
}

/** Basis points with 4 decimals of a percent: 12.5% → 125_000 per 1_000_000. */
const PERCENT_SCALE = 1_000_000n;

/**
 * One fee setting on these lines: FIXED once per order (PER_ORDER) or per unit (PER_ITEM), or PERCENTAGE of the lines'
 * subtotal (before discounts), rounded half up once. Without `catalogItemIds` it applies to the shippable lines. Settings limited to some products apply to those lines only and
 * name them; a setting that matches no line, or comes to zero, adds nothing.
 */
export function merchantFee(setting: FeeRow, input: TotalsInput): FeeResult[] {
  if (!setting.enabled) return [];
  const limited = setting.catalogItemIds.length > 0;
  // Handling and insurance are about parcels: a setting for every line counts the shippable ones only, while one
  // naming products applies to those lines whatever their type.
  const lines = limited
    ? input.lines.filter((l) => l.catalogItemId && setting.catalogItemIds.includes(l.catalogItemId))
    : input.lines.filter((l) => l.shippable);
  if (!lines.length) return [];
  let price: bigint;
  if (setting.surchargeType === 'FIXED') {
    const units = setting.chargeBasis === 'PER_ITEM' ? lines.reduce((q, l) => q + l.quantity, 0) : 1;
    price = (setting.amountMinor ?? 0n) * BigInt(units);
  } else {
    const base = lines.reduce((s, l) => s + l.unitPrice * BigInt(l.quantity), 0n);
    const rate = BigInt(Math.round((setting.percentage ?? 0) * 10_000));
    price = (base * rate + PERCENT_SCALE / 2n) / PERCENT_SCALE;
  }
  if (price <= 0n) return [];
  return [
    {
      code: setting.id,
      name: setting.name,
      price,
      taxable: setting.taxable,
      ...(limited ? { lineItemIds: lines.map((l) => l.id) } : {}),
      source: 'ITEM',
      type: setting.type as 'HANDLING_FEE' | 'INSURANCE',
    },
  ];
}

/**
 * The ADDITIONAL_FEES app's fees. Any failure (its own refusal included) means no app fees: fees must not block a
 * cart. A fee in another currency, negative, or with more decimals than the currency has is left out.
 */
async function pluginFees(ctx: Ctx, input: TotalsInput, shipping: ShippingResult): Promise<FeeResult[]> {
  const request = {
    lineItems: input.lines.map((l) => pluginLine(l, input.currency)),
    ...(input.shippingAddress ? { shippingAddress: pluginAddress(input.shippingAddress) } : {}),
    ...(shipping.selected ? { selectedShippingOption: { code: shipping.selected.code } } : {}),
    currency: input.currency,
  };
  const result = await callServicePlugin(ctx, 'ADDITIONAL_FEES', request);
  if (!result.ok) {
    if (result.reason !== 'NOT_REGISTERED')
      ctx.log.warn(
        { reason: result.reason, appError: result.appError, error: result.error },
        'additional fees app failed: no app fees',
      );
    return [];
  }
  const { response } = responseOrFallback('calculateAdditionalFees', request, result);
  if (response.currency !== input.currency) {
    ctx.log.warn({ currency: response.currency }, 'additional fees app answered in another currency: no app fees');
    return [];
  }
  const out: FeeResult[] = [];
  for (const fee of response.additionalFees) {
    let price: bigint;
    try {
      price = parseAmount(fee.price, input.currency, 'price');
    } catch {
      ctx.log.warn({ code: fee.code }, 'additional fees app: fee with too many decimals left out');
      continue;
    }
    if (price < 0n) continue;
    out.push({
      code: fee.code,
      name: fee.name,
      price,
      taxable: fee.taxDetails?.taxable ?? false,
      ...(fee.taxDetails?.taxGroupId ? { taxGroupId: fee.taxDetails.taxGroupId } : {}),
      ...(fee.lineItemIds?.length ? { lineItemIds: fee.lineItemIds } : {}),
      source: 'SERVICE_PLUGIN',
    });
  }
  return out;
}
