import {
  CART_MASK_PATHS,
  ECOM_LIMITS,
  type AddToCartRequest,
  type Cart,
  type RemoveCartLineItemsRequest,
  type UpdateCartLineItemsQuantityRequest,
  type UpdateCurrentCartRequest,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { hasScope } from '../../kernel/caller.js';
import { violation } from '../../kernel/errors.js';
import {
  lineQuantityMax,
  loadCatalog,
  newCatalogMemo,
  parseAmount,
  type StoredLine,
  toStoredLines,
} from '../pricing/index.js';
import { assertCouponApplied } from '../discounts/index.js';
import { getSite } from '../../platform/site/index.js';
import { changeCart } from './service.js';
import type { CartRow, StoredMerchantDiscount } from './tables.js';

/** JSON with sorted keys: jsonb hands objects back in its own key order, so plain JSON.stringify would differ. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x,
  );

/** Lines for the same thing (product, variant, plan, date) are one line; custom and overridden lines never merge. */
const sameThing = (l: StoredLine): string | null =>
  l.custom || l.override
    ? null
    : canonical([l.catalogReference, l.subscriptionOptionInfo ?? null, l.serviceProperties ?? null]);

/** Adds lines, summing quantities of lines for the same thing; the total per line stays within the limit. */
export function mergeLines(existing: StoredLine[], added: StoredLine[], field: string): StoredLine[] {
  const out = existing.map((l) => ({ ...l }));
  for (const [i, a] of added.entries()) {
    const key = sameThing(a);
    const same = key === null ? undefined : out.find((l) => sameThing(l) === key);
    if (!same) {
      out.push(a);
      continue;
    }
    same.quantity += a.quantity;
    // An app's item may allow fewer (a plan is bought once).
    const max = lineQuantityMax(same, ECOM_LIMITS.quantityMax);
    if (same.quantity > max) {
      throw violation(
        `${field}[${i}].quantity`,
        'MAX',
        max === 1
          ? 'this item is already in the cart, and it is bought one at a time'
          : `a line holds at most ${max} (this would make ${same.quantity})`,
      );
    }
  }
  if (out.length > ECOM_LIMITS.lineItemsMax) {
    throw violation(field, 'MAX_SIZE', `a cart holds at most ${ECOM_LIMITS.lineItemsMax} line items`);
  }
  return out;
}

export async function addToCurrentCart(ctx: Ctx, req: AddToCartRequest): Promise<Cart> {
  if (!req.lineItems?.length && !req.customLineItems?.length) {
    throw violation('lineItems', 'REQUIRED_ONE_OF_FIELD', 'give lineItems or customLineItems to add');
  }
  const site = await getSite(ctx);
  const memo = newCatalogMemo(true);
  const refs = (lines: Array<{ catalogReference?: { catalogItemId: string } }>) =>
    lines.flatMap((l) => (l.catalogReference ? [l.catalogReference.catalogItemId] : []));
  return changeCart(ctx, { create: true, memo }, async (row, tx) => {
    // One catalog read for the cart's lines and the new ones, under the cart's lock (checks and prices share it);
    // a bad line rolls everything back.
    await loadCatalog(tx, [...refs(row.lines), ...refs(req.lineItems ?? [])], memo);
    const added = await toStoredLines(tx, site.currency, req, undefined, memo);
    return {
      lines: mergeLines(row.lines, added, req.lineItems?.length ? 'lineItems' : 'customLineItems'),
      ...(req.businessLocationId ? { businessLocationId: req.businessLocationId } : {}),
    };
  });
}

export async function removeLineItems(ctx: Ctx, req: RemoveCartLineItemsRequest): Promise<Cart> {
  return changeCart(ctx, { create: false }, (row) => {
    const known = new Set(row.lines.map((l) => l.id));
    const i = req.lineItemIds.findIndex((id) => !known.has(id));
    if (i >= 0) throw violation(`lineItemIds[${i}]`, 'VALIDATION', 'no such line item in this cart');
    const drop = new Set(req.lineItemIds);
    return { lines: row.lines.filter((l) => !drop.has(l.id)) };
  });
}

export async function updateLineItemsQuantity(ctx: Ctx, req: UpdateCartLineItemsQuantityRequest): Promise<Cart> {
  return changeCart(ctx, { create: false }, (row) => {
    const byId = new Map(req.lineItems.map((u) => [u.id, u.quantity]));
    const i = req.lineItems.findIndex((u) => !row.lines.some((l) => l.id === u.id));
    if (i >= 0) throw violation(`lineItems[${i}].id`, 'VALIDATION', 'no such line item in this cart');
    // Quantity 0 removes the line, as shoppers expect from a quantity box.
    const lines = row.lines
      .map((l) => (byId.has(l.id) ? { ...l, quantity: byId.get(l.id)! } : l))
      .filter((l) => l.quantity > 0);
    return { lines };
  });
}

export async function removeCoupon(ctx: Ctx): Promise<Cart> {
  return changeCart(ctx, { create: false }, () => ({ couponCode: null }));
}

function merchantDiscounts(ctx: Ctx, req: UpdateCurrentCartRequest, currency: string): StoredMerchantDiscount[] {
  if (!hasScope(ctx.caller, 'ecom')) {
    throw violation(
      'merchantDiscounts',
      'FIELD_NOT_ALLOWED',
      'only API keys with the ecom scope give merchant discounts',
    );
  }
  return req.merchantDiscounts!.map((d, i) => {
    if ((d.amount === undefined) === (d.percentage === undefined)) {
      throw violation(`merchantDiscounts[${i}]`, 'ONE_OF_ALIGNMENT', 'give exactly one of amount or percentage');
    }
    return {
      ...(d.amount
        ? { amountMinor: parseAmount(d.amount.amount, currency, `merchantDiscounts[${i}].amount.amount`).toString() }
        : {}),
      ...(d.percentage !== undefined ? { percentage: d.percentage } : {}),
      ...(d.lineItemIds ? { lineItemIds: d.lineItemIds } : {}),
      ...(d.description ? { description: d.description } : {}),
    };
  });
}

/**
 * PATCH: cart info by field mask (without a mask, the fields given), the coupon, merchant discounts (API keys) and
 * lines to add. A coupon that does not apply to the cart as it will be is refused (400 `couponCode`, in words).
 */
export async function updateCurrentCart(ctx: Ctx, req: UpdateCurrentCartRequest): Promise<Cart> {
  const site = await getSite(ctx);
  const info = req.cartInfo ?? {};
  const paths = req.fieldMask ? req.fieldMask.paths : Object.keys(info);
  // A masked path missing from cartInfo clears that field (a shopper removing a note).
  const bad = paths.findIndex((p) => !(CART_MASK_PATHS as readonly string[]).includes(p));
  if (bad >= 0) {
    throw violation(
      req.fieldMask ? `fieldMask.paths[${bad}]` : `cartInfo.${paths[bad]}`,
      'FIELD_NOT_ALLOWED',
      `"${paths[bad]}" cannot be updated; allowed: ${CART_MASK_PATHS.join(', ')}`,
    );
  }
  const discounts = req.merchantDiscounts ? merchantDiscounts(ctx, req, site.currency) : undefined;
  const added =
    req.lineItems?.length || req.customLineItems?.length ? await toStoredLines(ctx, site.currency, req) : [];
  const create = added.length > 0 || req.couponCode !== undefined || paths.length > 0 || discounts !== undefined;
  const check = (cart: Cart) => assertCouponApplied(req.couponCode, cart);
  return changeCart(ctx, { create, check }, (row) => {
    const changes: Partial<CartRow> = {};
    if (paths.includes('contactInfo')) changes.contactInfo = info.contactInfo ?? null;
    if (paths.includes('buyerNote')) changes.buyerNote = info.buyerNote ?? null;
    if (paths.includes('businessLocationId')) changes.businessLocationId = info.businessLocationId ?? null;
    if (req.couponCode !== undefined) changes.couponCode = req.couponCode;
    if (discounts) changes.merchantDiscounts = discounts;
    if (added.length) changes.lines = mergeLines(row.lines, added, 'lineItems');
    return changes;
  });
}
