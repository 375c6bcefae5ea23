import {
  CHECKOUT_MASK_PATHS,
  type Checkout,
  type CheckoutInfoInput,
  type CheckoutSettings,
  type PaymentOption,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { hasScope } from '../../kernel/caller.js';
import { AppError, violation } from '../../kernel/errors.js';
import { getPath } from '../../lib/field-mask.js';
import { parseAmount } from '../pricing/index.js';
import type { CustomFieldValue, StoredCheckoutInfo } from './model.js';
import { checkTaxId } from '../tax/index.js';

/** Checks and applies the buyer's input (create: every field given; PATCH: the masked paths) to what is stored. */

const DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/;

/** The mask paths an input names: all given fields when the caller sent no field mask. */
export function pathsOf(input: CheckoutInfoInput, mask?: string[]): string[] {
  if (mask) {
    // A parent ('shippingInfo') stands for its listed children.
    return mask.flatMap((p) => {
      const children = CHECKOUT_MASK_PATHS.filter((a) => a === p || a.startsWith(`${p}.`));
      return children.length ? children.filter((c) => c === p || getPath(input, c) !== undefined) : [p];
    });
  }
  return CHECKOUT_MASK_PATHS.filter((p) => getPath(input, p) !== undefined);
}

export function checkPaymentOption(option: PaymentOption, hasDeposit: boolean, field: string): void {
  if (option === 'MEMBERSHIP' || option === 'MEMBERSHIP_OFFLINE') {
    // Plans pay lines, not the checkout: the buyer picks them in membershipOptions.selectedMemberships.
    const description = 'memberships are not enabled as a checkout option: choose lines in selectedMemberships';
    throw new AppError('VALIDATION', `${field}: ${description}`, {
      violations: [{ field, violatedRule: 'VALIDATION', description }],
    });
  }
  if (option === 'DEPOSIT_ONLINE' && !hasDeposit) {
    throw violation(field, 'VALIDATION', 'DEPOSIT_ONLINE needs a line whose product asks for a deposit');
  }
}

/**
 * A selection the caller gives must be payable now: 400 naming the refused entry's lines. A stored one that stops
 * being payable (credits used elsewhere) is an ERROR violation instead, blocking the placement.
 */
export function assertMembershipsApplied(checkout: Checkout, given: boolean, prefix: string): void {
  if (!given) return;
  const refused = checkout.violations.find((v) => v.target.other?.name.startsWith('selectedMemberships.'));
  if (refused) {
    throw violation(`${prefix}.membershipOptions.${refused.target.other!.name}`, 'VALIDATION', refused.description);
  }
}

function customFieldValues(
  fields: NonNullable<CheckoutInfoInput['customFields']>,
  settings: CheckoutSettings,
  prefix: string,
): Record<string, CustomFieldValue> {
  const out: Record<string, CustomFieldValue> = {};
  for (const [i, f] of fields.entries()) {
    const def = settings.customFields.find((d) => d.key === f.key);
    const at = `${prefix}.customFields[${i}]`;
    if (!def) throw violation(`${at}.key`, 'FIELD_NOT_ALLOWED', `"${f.key}" is not a custom field of this store`);
    const v = f.value;
    const ok =
      def.valueType === 'STRING'
        ? typeof v === 'string'
        : def.valueType === 'NUMBER'
          ? typeof v === 'number' && Number.isFinite(v)
          : def.valueType === 'BOOLEAN'
            ? typeof v === 'boolean'
            : typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(v));
    if (!ok) throw violation(`${at}.value`, 'FORMAT', `${def.label} must be a ${def.valueType.toLowerCase()}`);
    if (def.valueType === 'STRING' && v === '') continue; // an emptied field is unfilled
    out[f.key] = v;
  }
  return out;
}

/**
 * Returns the new stored info plus the channel when it changed. `prefix` names fields in errors (`checkoutInfo` on
 * create, `checkout` on PATCH).
 */
export function applyInfo(
  ctx: Ctx,
  current: StoredCheckoutInfo,
  input: CheckoutInfoInput,
  paths: string[],
  opts: { prefix: string; currency: string; settings: CheckoutSettings; hasDeposit: boolean },
): { info: StoredCheckoutInfo; channelType?: string } {
  const { prefix, currency } = opts;
  const info: StoredCheckoutInfo = structuredClone(current);
  let channelType: string | undefined;
  for (const p of paths) {
    switch (p) {
      case 'buyerInfo.email':
        info.email = input.buyerInfo!.email!;
        break;
      case 'billingInfo': {
        const b = input.billingInfo!;
        if (b.taxId && !checkTaxId(b.taxId.type, b.taxId.value)) {
          throw violation(`${prefix}.billingInfo.taxId.value`, 'FORMAT', `not a valid ${b.taxId.type} (check digits)`);
        }
        info.billingInfo = b;
        break;
      }
      case 'shippingInfo.shippingDestination':
        info.shippingDestination = input.shippingInfo!.shippingDestination!;
        break;
      case 'shippingInfo.selectedCarrierServiceOption':
        info.selectedShippingOption = selectedShippingOption(input, prefix);
        break;
      case 'buyerNote':
        info.buyerNote = input.buyerNote!;
        break;
      case 'customFields':
        info.customFields = customFieldValues(input.customFields!, opts.settings, prefix);
        break;
      case 'tip':
        info.tip = tipOf(input, currency, prefix);
        break;
      case 'paymentOption':
        checkPaymentOption(input.paymentOption!, opts.hasDeposit, `${prefix}.paymentOption`);
        info.paymentOption = input.paymentOption!;
        break;
      case 'channelType':
        channelType = input.channelType!;
        break;
      case 'membershipOptions.selectedMemberships':
        info.selectedMemberships = input.membershipOptions!.selectedMemberships!;
        break;
      case 'merchantDiscounts':
        if (!hasScope(ctx.caller, 'ecom')) {
          throw violation(`${prefix}.merchantDiscounts`, 'FIELD_NOT_ALLOWED', 'only API keys with the ecom scope');
        }
        info.merchantDiscounts = merchantDiscountsOf(input, currency, prefix);
        break;
    }
  }
  return { info, ...(channelType ? { channelType } : {}) };
}

/** The chosen shipping option; a delivery slot must end after it starts. */
function selectedShippingOption(input: CheckoutInfoInput, prefix: string) {
  const s = input.shippingInfo!.selectedCarrierServiceOption!;
  const slot = s.logistics?.deliveryTimeSlot;
  if (slot && Date.parse(slot.from) >= Date.parse(slot.to)) {
    throw violation(
      `${prefix}.shippingInfo.selectedCarrierServiceOption.logistics.deliveryTimeSlot.to`,
      'VALIDATION',
      'to must be after from',
    );
  }
  return { code: s.code, ...(slot ? { deliveryTimeSlot: slot } : {}) };
}

/** The buyer's tip: a preset, an amount or a percentage (one of them). */
function tipOf(input: CheckoutInfoInput, currency: string, prefix: string): StoredCheckoutInfo['tip'] {
  const t = input.tip!;
  const given = [t.presetId, t.amount, t.percentage].filter((x) => x !== undefined).length;
  if (given > 1) {
    throw violation(`${prefix}.tip`, 'ONE_OF_ALIGNMENT', 'give one of presetId, amount or percentage');
  }
  return {
    source: t.source ?? 'WEB',
    ...(t.presetId ? { presetId: t.presetId } : {}),
    ...(t.percentage !== undefined ? { percentage: t.percentage } : {}),
    ...(t.amount
      ? { amountMinor: parseAmount(t.amount.amount, currency, `${prefix}.tip.amount.amount`).toString() }
      : {}),
  };
}

/** Merchant discounts as stored (amounts in minor units). */
function merchantDiscountsOf(
  input: CheckoutInfoInput,
  currency: string,
  prefix: string,
): StoredCheckoutInfo['merchantDiscounts'] {
  return input.merchantDiscounts!.map((d, i) => ({
    ...(d.amount
      ? {
          amountMinor: parseAmount(
            d.amount.amount,
            currency,
            `${prefix}.merchantDiscounts[${i}].amount.amount`,
          ).toString(),
        }
      : {}),
    ...(d.percentage !== undefined ? { percentage: d.percentage } : {}),
    ...(d.lineItemIds ? { lineItemIds: d.lineItemIds } : {}),
    ...(d.description ? { description: d.description } : {}),
  }));
}
