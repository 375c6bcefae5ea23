import type { Checkout, CheckoutSettings, Money, SalesChannel, Violation } from '@plaza/contracts';
import { toMoney, type ResolvedLines } from '../pricing/index.js';
import { type Totals, totalsToWire } from '../totals/index.js';
import type { CheckoutRow, StoredCheckoutInfo } from './model.js';

/** How many charges an open-ended subscription lists (it has no last one). */
export const OPEN_ENDED_CHARGES_SHOWN = 12;

/** Adds `n` × (interval × frequency) to a date, in UTC; a month end stays a month end (Jan 31 + 1 month = Feb 28). */
export function addCycles(
  start: Date,
  frequency: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR',
  interval: number,
  n: number,
): Date {
  const d = new Date(start);
  if (frequency === 'DAY' || frequency === 'WEEK') {
    d.setUTCDate(d.getUTCDate() + n * interval * (frequency === 'WEEK' ? 7 : 1));
    return d;
  }
  const months = n * interval * (frequency === 'YEAR' ? 12 : 1);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** The whole checkout as the wire has it: stored choices + freshly priced lines + the totals of this very call. */
export function toCheckout(
  row: CheckoutRow,
  resolved: ResolvedLines,
  totals: Totals,
  settings: CheckoutSettings,
  opts: { locale: string; checkoutUrl: string; now: Date },
): Checkout {
  const currency = totals.currency;
  const money = (m: bigint) => toMoney(m, currency, opts.locale);
  const info = row.info;
  // Money, discounts, tax and shipping exactly as the cart shows them (one mapping, totals/wire.ts).
  const wire = totalsToWire(totals, opts.locale, {
    ...(info.selectedShippingOption?.deliveryTimeSlot
      ? { deliveryTimeSlot: info.selectedShippingOption.deliveryTimeSlot }
      : {}),
  });
  const customFields = customFieldsOf(settings, info);
  // A chosen option that is no longer offered is the shipping stage's ERROR (in totals.violations): said once.
  const violations = [...resolved.violations, ...totals.violations, ...missingFieldViolations(customFields)];
  return {
    id: row.id,
    ...(row.cartId ? { cartId: row.cartId } : {}),
    buyerInfo: {
      ...(row.memberId ? { memberId: row.memberId } : {}),
      ...(row.visitorId ? { visitorId: row.visitorId } : {}),
      ...(info.email ? { email: info.email } : {}),
    },
    currency,
    lineItems: paidWithPlans(resolved.lineItems, totals),
    ...(info.billingInfo ? { billingInfo: info.billingInfo } : {}),
    shippingInfo: {
      ...(info.shippingDestination ? { shippingDestination: info.shippingDestination } : {}),
      ...wire.shippingInfo,
    },
    ...(info.buyerNote ? { buyerNote: info.buyerNote } : {}),
    ...(row.couponCode ? { couponCode: row.couponCode } : {}),
    appliedDiscounts: wire.appliedDiscounts,
    subscriptionCharges: subscriptionChargesOf(resolved, totals, money, opts.now),
    ...tipAndGiftCardOf(totals, info, money),
    customFields,
    membershipOptions: {
      eligibleMemberships: totals.membershipOptions.eligible,
      invalidMemberships: totals.membershipOptions.invalid,
      ...(info.selectedMemberships ? { selectedMemberships: info.selectedMemberships } : {}),
    },
    priceSummary: wire.priceSummary,
    taxSummary: wire.taxSummary,
    violations,
    channelType: row.channelType as SalesChannel,
    paymentOption: info.paymentOption,
    checkoutUrl: opts.checkoutUrl,
    ...(row.overrideCheckoutUrl ? { overrideCheckoutUrl: row.overrideCheckoutUrl } : {}),
    completed: row.completed,
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

type ToMoney = (m: bigint) => Money;

/** Lines a plan pays say so: MEMBERSHIP, or MEMBERSHIP_OFFLINE for a plan paid at the counter. */
const paidWithPlans = (lines: Checkout['lineItems'], totals: Totals): Checkout['lineItems'] =>
  lines.map((l) => {
    const how = totals.covered.get(l.id);
    return how ? { ...l, paymentOption: how.offline ? 'MEMBERSHIP_OFFLINE' : 'MEMBERSHIP' } : l;
  });

/** The site's custom fields, with the buyer's value where there is one. */
function customFieldsOf(settings: CheckoutSettings, info: StoredCheckoutInfo) {
  return settings.customFields.map((f) => ({
    key: f.key,
    label: f.label,
    valueType: f.valueType,
    required: f.required,
    ...(info.customFields?.[f.key] !== undefined ? { value: info.customFields[f.key]! } : {}),
  }));
}

/** An ERROR per required custom field left empty. */
function missingFieldViolations(customFields: ReturnType<typeof customFieldsOf>): Violation[] {
  return customFields
    .filter((f) => f.required && f.value === undefined)
    .map((f) => ({
      severity: 'ERROR',
      target: { other: { name: `customFields.${f.key}` } },
      description: `${f.label} is required.`,
    }));
}

/** Each subscription line's coming charges, from its start date (or now). */
function subscriptionChargesOf(resolved: ResolvedLines, totals: Totals, money: ToMoney, start: Date) {
  return resolved.subscriptions.map((s) => {
    const first = s.settings.startDate ? new Date(s.settings.startDate) : start;
    const count = s.billingCycles ?? OPEN_ENDED_CHARGES_SHOWN;
    const line = totals.lines.find((l) => l.id === s.lineId);
    // A free trial: the checkout charges nothing now, the charges are the full price from the trial's end.
    const amount = s.firstChargeLater || !line ? s.lineTotal : line.total;
    return {
      lineItemId: s.lineId,
      description: `${s.name}: every ${s.settings.interval} ${s.settings.frequency.toLowerCase()}(s)`,
      charges: Array.from({ length: count }, (_, i) => ({
        cycle: i + 1,
        cycleBillingDate: addCycles(first, s.settings.frequency, s.settings.interval, i).toISOString(),
        amount: money(amount),
      })),
      openEnded: s.billingCycles === undefined,
    };
  });
}

/** The tip (when there is one, or the buyer chose none) and the gift card, as the checkout shows them. */
function tipAndGiftCardOf(totals: Totals, info: StoredCheckoutInfo, money: ToMoney) {
  return {
    ...(totals.tipResult && (totals.tipResult.amount > 0n || info.tip)
      ? {
          tip: {
            amount: money(totals.tipResult.amount),
            ...(totals.tipResult.presetId ? { presetId: totals.tipResult.presetId } : {}),
            ...(totals.tipResult.percentage !== undefined ? { percentage: totals.tipResult.percentage } : {}),
            source: totals.tipResult.source,
          },
        }
      : {}),
    ...(totals.giftCard
      ? {
          giftCard: {
            id: totals.giftCard.id,
            obfuscatedCode: totals.giftCard.obfuscatedCode,
            amount: money(totals.giftCard.applied),
          },
        }
      : {}),
  };
}
