import { eq } from 'drizzle-orm';
import {
  CHECKOUT_MASK_PATHS,
  type AddToCheckoutRequest,
  type Checkout,
  type RemoveCheckoutLineItemsRequest,
  type UpdateCheckoutLineItemsQuantityRequest,
  type UpdateCheckoutRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, violation } from '../../kernel/errors.js';
import { checkFieldMask } from '../../lib/field-mask.js';
import { assertCouponApplied } from '../discounts/index.js';
import { emitEvent } from '../../platform/events/index.js';
import { assertGiftCardApplied } from '../gift-cards/index.js';
import { getSite } from '../../platform/site/index.js';
import { applyInfo, assertMembershipsApplied, pathsOf } from './info.js';
import { toStoredLines } from '../pricing/index.js';
import type { CheckoutRow } from './model.js';
import { linesHaveDeposit, loadCheckout, rememberShownTotal, renderCheckout } from './service.js';
import { getCheckoutSettings } from './settings.service.js';
import { checkouts } from './tables.js';

/**
 * Every change: lock the row, check and apply, write, answer the recomputed checkout and emit
 * `ecom.checkout.updated` with it, all in one transaction. Two changes to one checkout queue on the row lock, so
 * both apply and neither fails because of the other.
 */
async function change(
  ctx: Ctx,
  id: string,
  fn: (row: CheckoutRow, ctx: Ctx) => Promise<{ patch: Partial<CheckoutRow>; fields: string[] }>,
  check?: (checkout: Checkout) => void,
): Promise<Checkout> {
  return withTx(ctx, async (tx) => {
    const row = await loadCheckout(tx, id, true);
    if (row.completed) {
      throw new AppError('CONFLICT', 'This checkout is completed and can no longer change', {
        applicationCode: 'CHECKOUT_COMPLETED',
      });
    }
    const { patch, fields } = await fn(row, tx);
    const next: CheckoutRow = { ...row, ...patch, updatedDate: tx.clock() };
    await tx.db
      .update(checkouts)
      .set({ ...patch, updatedDate: next.updatedDate })
      .where(eq(checkouts.id, id));
    const checkout = await renderCheckout(tx, next);
    check?.(checkout); // a refusal rolls the change back
    await rememberShownTotal(tx, next, checkout);
    await emitEvent(tx, { type: 'ecom.checkout.updated', entityId: id, entity: checkout, modifiedFields: fields });
    return checkout;
  });
}

const appOnly = (ctx: Ctx, field: string) => {
  if (ctx.caller.type !== 'APP') throw violation(field, 'FIELD_NOT_ALLOWED', `only API keys may set ${field}`);
};

export async function updateCheckout(ctx: Ctx, id: string, req: UpdateCheckoutRequest): Promise<Checkout> {
  const input = req.checkout ?? {};
  if (req.fieldMask) checkFieldMask(req.fieldMask.paths, CHECKOUT_MASK_PATHS, input, 'checkout');
  if (req.overrideCheckoutUrl) appOnly(ctx, 'overrideCheckoutUrl');
  const [site, settings] = await Promise.all([getSite(ctx), getCheckoutSettings(ctx)]);
  const added = await toStoredLines(ctx, site.currency, req);
  return change(
    ctx,
    id,
    async (row, tx) => {
      const lines = [...row.lines, ...added];
      const hasDeposit = await linesHaveDeposit(tx, lines, site.currency, site.locale);
      const paths = pathsOf(input, req.fieldMask?.paths);
      const { info, channelType } = applyInfo(tx, row.info, input, paths, {
        prefix: 'checkout',
        currency: site.currency,
        settings,
        hasDeposit,
      });
      const fields = [...paths];
      if (added.length) fields.push('lineItems');
      if (req.couponCode) fields.push('couponCode');
      if (req.giftCardCode) fields.push('giftCardCode');
      if (req.overrideCheckoutUrl) fields.push('overrideCheckoutUrl');
      return {
        patch: {
          info,
          lines,
          ...(channelType ? { channelType } : {}),
          ...(req.couponCode ? { couponCode: req.couponCode } : {}),
          ...(req.giftCardCode ? { giftCardCode: req.giftCardCode } : {}),
          ...(req.overrideCheckoutUrl ? { overrideCheckoutUrl: req.overrideCheckoutUrl } : {}),
        },
        fields,
      };
    },
    (checkout) => {
      checkCodes(req)(checkout);
      assertMembershipsApplied(checkout, input.membershipOptions?.selectedMemberships !== undefined, 'checkout');
    },
  );
}

/** Codes the caller gives must apply now (400 naming the field otherwise); stored ones that stop applying warn. */
const checkCodes =
  (req: { couponCode?: string; giftCardCode?: string }) =>
  (checkout: Checkout): void => {
    assertCouponApplied(req.couponCode, checkout);
    assertGiftCardApplied(req.giftCardCode, checkout);
  };

export const removeCoupon = (ctx: Ctx, id: string) =>
  change(ctx, id, async () => ({ patch: { couponCode: null }, fields: ['couponCode'] }));
export const removeGiftCard = (ctx: Ctx, id: string) =>
  change(ctx, id, async () => ({ patch: { giftCardCode: null }, fields: ['giftCardCode'] }));
export const removeOverrideCheckoutUrl = (ctx: Ctx, id: string) =>
  change(ctx, id, async () => ({ patch: { overrideCheckoutUrl: null }, fields: ['overrideCheckoutUrl'] }));

export async function addToCheckout(ctx: Ctx, id: string, req: AddToCheckoutRequest): Promise<Checkout> {
  if (!req.lineItems?.length && !req.customLineItems?.length) {
    throw violation('lineItems', 'REQUIRED_ONE_OF_FIELD', 'give lineItems or customLineItems');
  }
  const site = await getSite(ctx);
  const added = await toStoredLines(ctx, site.currency, req);
  return change(ctx, id, async (row) => {
    // The same item with the same choices adds to its line instead of making a second one.
    const lines = row.lines.map((l) => ({ ...l }));
    for (const a of added) {
      const same = a.catalogReference && lines.find((l) => l.catalogReference && sameChoice(l, a));
      if (same) same.quantity += a.quantity;
      else if (a.custom && lines.some((l) => l.id === a.id)) {
        throw violation('customLineItems', 'VALIDATION', `a line with id "${a.id}" is already in the checkout`);
      } else lines.push(a);
    }
    if (lines.length > 300) throw violation('lineItems', 'MAX_SIZE', 'a checkout holds at most 300 line items');
    return { patch: { lines }, fields: ['lineItems'] };
  });
}

const sameChoice = (a: CheckoutRow['lines'][number], b: CheckoutRow['lines'][number]) =>
  !a.override &&
  !b.override &&
  JSON.stringify([a.catalogReference, a.subscriptionOptionInfo, a.serviceProperties]) ===
    JSON.stringify([b.catalogReference, b.subscriptionOptionInfo, b.serviceProperties]);

export async function removeLineItems(ctx: Ctx, id: string, req: RemoveCheckoutLineItemsRequest): Promise<Checkout> {
  return change(ctx, id, async (row) => {
    for (const [i, lineId] of req.lineItemIds.entries()) {
      if (!row.lines.some((l) => l.id === lineId)) {
        throw violation(`lineItemIds[${i}]`, 'VALIDATION', `no line item "${lineId}" in this checkout`);
      }
    }
    return { patch: { lines: row.lines.filter((l) => !req.lineItemIds.includes(l.id)) }, fields: ['lineItems'] };
  });
}

/** Quantity 0 removes the line. */
export async function updateLineItemsQuantity(
  ctx: Ctx,
  id: string,
  req: UpdateCheckoutLineItemsQuantityRequest,
): Promise<Checkout> {
  return change(ctx, id, async (row) => {
    const lines = row.lines.map((l) => ({ ...l }));
    for (const [i, u] of req.lineItems.entries()) {
      const line = lines.find((l) => l.id === u.id);
      if (!line) throw violation(`lineItems[${i}].id`, 'VALIDATION', `no line item "${u.id}" in this checkout`);
      line.quantity = u.quantity;
    }
    return { patch: { lines: lines.filter((l) => l.quantity > 0) }, fields: ['lineItems'] };
  });
}
