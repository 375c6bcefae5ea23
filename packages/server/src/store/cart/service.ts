import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Address, Cart, EstimateTotalsRequest, EstimateTotalsResponse, Site } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, violation } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { preparedFor } from '../../lib/prepared.js';
import { webBase } from '../../lib/urls.js';
import { type CatalogMemo, type ResolvedLines, resolveLines } from '../pricing/index.js';
import { changeAndEmit, emitEvent, preparedChangeAndEmit } from '../../platform/events/index.js';
import { getSite } from '../../platform/site/index.js';
import {
  computeTotals,
  flowTotalsBase,
  merchantDiscountsInput,
  type Totals,
  totalsToWire,
  type TotalsWire,
} from '../totals/index.js';
import { knownCarts } from './known-carts.js';
import { carts, type CartRow } from './tables.js';
import { cartWriteOverVersion } from './write.sql.js';

/** The key a caller's current cart is found by; only visitors and members have one. */
export function ownerKeyOf(ctx: Ctx): { key: string; memberId?: string; visitorId?: string } {
  const c = ctx.caller;
  if (c.type === 'MEMBER') return { key: `member:${c.memberId}`, memberId: c.memberId };
  if (c.type === 'ANONYMOUS_VISITOR') return { key: `visitor:${c.visitorId}`, visitorId: c.visitorId };
  throw new AppError('FORBIDDEN', 'Only visitors and members have a current cart', { applicationCode: 'FORBIDDEN' });
}

/** The cart read that starts every change (see changeCart). */
const cartByOwner = preparedFor((db) =>
  db
    .select()
    .from(carts)
    .where(eq(carts.ownerKey, sql.placeholder('key')))
    .limit(1)
    .prepare('cart_by_owner'),
);

export const cartNotFound = () =>
  new AppError('NOT_FOUND', 'There is no current cart', { applicationCode: 'CART_NOT_FOUND' });

/**
 * The caller's cart row, locked until the transaction ends. With `create`, a missing cart is made in the same
 * statement (insert or lock the existing row), so the first two adds of a new visitor never race.
 */
export async function lockCartByKey(
  tx: Ctx,
  owner: { key: string; memberId?: string; visitorId?: string },
  create: boolean,
): Promise<{ row: CartRow; created: boolean } | null> {
  if (!create) {
    const [row] = await tx.db.select().from(carts).where(eq(carts.ownerKey, owner.key)).for('update');
    return row ? { row, created: false } : null;
  }
  const now = tx.clock();
  const [r] = await tx.db
    .insert(carts)
    .values({
      id: uuidv7(now.getTime()),
      ownerKey: owner.key,
      memberId: owner.memberId ?? null,
      visitorId: owner.visitorId ?? null,
      createdDate: now,
      updatedDate: now,
    })
    .onConflictDoUpdate({ target: carts.ownerKey, set: { ownerKey: sql`excluded.owner_key` } })
    // xmax is 0 only for a row this statement inserted: tells "created" from "locked an existing one".
    .returning({ ...getTableColumns(carts), created: sql<boolean>`(xmax = 0)` });
  const { created, ...row } = r!;
  return { row, created: Boolean(created) };
}

/** For the checkout: the caller's current cart, locked (null when there is none). */
export async function lockCurrentCart(tx: Ctx): Promise<CartRow | null> {
  return (await lockCartByKey(tx, ownerKeyOf(tx), false))?.row ?? null;
}

export interface RenderedCart {
  cart: Cart;
  totals: Totals;
  wire: TotalsWire;
  resolved: ResolvedLines;
}

/** Prices the lines from the catalog, runs the totals engine and answers the whole cart. */
export async function renderCart(
  ctx: Ctx,
  row: CartRow,
  estimate: { shippingAddress?: Address; billingAddress?: Address; req?: EstimateTotalsRequest } = {},
  read: { site?: Site; memo?: CatalogMemo } = {},
): Promise<RenderedCart> {
  // Inside a transaction the site is not read from the node's cache: callers pass the one they read before.
  const site = read.site ?? (await getSite(ctx));
  const resolved = await resolveLines(ctx, row.lines, site.currency, site.locale, webBase(ctx), read.memo);
  const req = estimate.req;
  const slot = req?.selectedShippingOption?.logistics?.deliveryTimeSlot;
  const totals = await computeTotals(ctx, {
    ...flowTotalsBase('CART', row.id, site, resolved.totalsLines),
    ...(row.couponCode ? { couponCode: row.couponCode } : {}),
    ...(row.merchantDiscounts?.length ? { merchantDiscounts: merchantDiscountsInput(row.merchantDiscounts) } : {}),
    buyer: {
      ...(row.memberId ? { memberId: row.memberId } : {}),
      ...(row.visitorId ? { visitorId: row.visitorId } : {}),
    },
    ...(estimate.shippingAddress ? { shippingAddress: estimate.shippingAddress } : {}),
    ...(estimate.billingAddress ? { billingAddress: estimate.billingAddress } : {}),
    ...(req?.selectedShippingOption
      ? {
          selectedShippingOption: {
            code: req.selectedShippingOption.code,
            ...(slot ? { deliveryTimeSlot: slot } : {}),
          },
        }
      : {}),
    ...(req?.selectedMemberships ? { selectedMemberships: req.selectedMemberships.memberships } : {}),
    calculateShipping: req ? (req.calculateShipping ?? true) && estimate.shippingAddress !== undefined : false,
    calculateTax: req ? (req.calculateTax ?? true) : false,
    now: ctx.clock(),
  });
  const wire = totalsToWire(totals, site.locale, slot ? { deliveryTimeSlot: slot } : {});
  const cart: Cart = {
    id: row.id,
    lineItems: resolved.lineItems,
    currency: site.currency,
    ...(row.couponCode ? { couponCode: row.couponCode } : {}),
    appliedDiscounts: wire.appliedDiscounts,
    subtotal: wire.priceSummary.subtotal,
    priceSummary: wire.priceSummary,
    ...(row.contactInfo ? { contactInfo: row.contactInfo } : {}),
    ...(row.buyerNote ? { buyerNote: row.buyerNote } : {}),
    ...(row.businessLocationId ? { businessLocationId: row.businessLocationId } : {}),
    buyerInfo: {
      ...(row.memberId ? { memberId: row.memberId } : {}),
      ...(row.visitorId ? { visitorId: row.visitorId } : {}),
    },
    violations: [...resolved.violations, ...totals.violations],
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
  return { cart, totals, wire, resolved };
}

/** The caller's current cart row, read without a lock; CART_NOT_FOUND when there is none. */
async function currentCartRow(ctx: Ctx): Promise<CartRow> {
  const [row] = await ctx.db
    .select()
    .from(carts)
    .where(eq(carts.ownerKey, ownerKeyOf(ctx).key))
    .limit(1);
  if (!row) throw cartNotFound();
  return row;
}

export async function getCurrentCart(ctx: Ctx): Promise<Cart> {
  const row = await currentCartRow(ctx);
  return (await renderCart(ctx, row)).cart;
}

/** The common write of a cart change (write.sql.ts), prepared once per database handle. */
const writeOverVersion = preparedChangeAndEmit('cart_write', cartWriteOverVersion);
const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
const cartValues = (row: CartRow, readVersion: number) => ({
  id: row.id,
  readVersion,
  lines: json(row.lines),
  couponCode: row.couponCode,
  merchantDiscounts: json(row.merchantDiscounts),
  contactInfo: json(row.contactInfo),
  buyerNote: row.buyerNote,
  businessLocationId: row.businessLocationId,
  updatedDate: row.updatedDate.toISOString(),
});

/** A cart not yet stored: what the first change of a new visitor or member starts from. */
const newCartRow = (owner: ReturnType<typeof ownerKeyOf>, now: Date): CartRow => ({
  id: uuidv7(now.getTime()),
  ownerKey: owner.key,
  memberId: owner.memberId ?? null,
  visitorId: owner.visitorId ?? null,
  lines: [],
  couponCode: null,
  merchantDiscounts: null,
  contactInfo: null,
  buyerNote: null,
  businessLocationId: null,
  createdDate: now,
  updatedDate: now,
  version: 0,
});

type ApplyChange = (row: CartRow, ctx: Ctx) => Promise<Partial<CartRow>> | Partial<CartRow>;

/**
 * One change to the caller's cart. The common case takes no lock: read the cart, apply, then one statement writes it
 * with its event: over the version read, or as a new cart when there was none (`create`). When another change landed
 * in between, the change is made again under the row lock, so two changes to one cart both apply.
 * `apply` only reads: it may run twice. `check` sees the answer before it is kept and may refuse it by throwing.
 */
export async function changeCart(
  ctx: Ctx,
  opts: { create: boolean; memo?: CatalogMemo; check?: (cart: Cart) => void },
  apply: ApplyChange,
): Promise<Cart> {
  const owner = ownerKeyOf(ctx);
  const site = await getSite(ctx);
  const read = { site, ...(opts.memo ? { memo: opts.memo } : {}) };
  const current = knownCarts.get(ctx.db, owner.key) ?? (await cartByOwner(ctx.db).execute({ key: owner.key }))[0];
  if (!current && !opts.create) throw cartNotFound();
  const now = ctx.clock();
  const base = current ?? newCartRow(owner, now);
  const changes = await apply(base, ctx);
  const next: CartRow = { ...base, ...changes, updatedDate: now, version: base.version + 1 };
  const { cart } = await renderCart(ctx, next, {}, read);
  opts.check?.(cart);
  const event = { entityId: cart.id, entity: cart };
  const written = current
    ? await writeOverVersion(ctx, cartValues(next, current.version), {
        ...event,
        type: 'ecom.cart.updated',
        modifiedFields: Object.keys(changes),
      })
    : await changeAndEmit(ctx, ctx.db.insert(carts).values(next).onConflictDoNothing().returning({ id: carts.id }), {
        ...event,
        type: 'ecom.cart.created',
      });
  if (written) {
    knownCarts.remember(ctx.db, next);
    return cart;
  }
  // Another change came first (or the remembered row was old): make this one again under the lock.
  knownCarts.forget(ctx.db, owner.key);
  return withTx(ctx, async (tx) => {
    const locked = await lockCartByKey(tx, owner, opts.create);
    if (!locked) throw cartNotFound();
    const changes = await apply(locked.row, tx);
    const next: CartRow = { ...locked.row, ...changes, updatedDate: tx.clock(), version: locked.row.version + 1 };
    await tx.db
      .update(carts)
      .set({ ...changes, updatedDate: next.updatedDate, version: next.version })
      .where(eq(carts.id, next.id));
    const { cart } = await renderCart(tx, next, {}, read);
    opts.check?.(cart); // a refusal rolls the write back
    await emitEvent(tx, {
      type: locked.created ? 'ecom.cart.created' : 'ecom.cart.updated',
      entityId: cart.id,
      entity: cart,
      ...(locked.created ? {} : { modifiedFields: Object.keys(changes) }),
    });
    return cart;
  });
}

export async function deleteCurrentCart(ctx: Ctx): Promise<void> {
  const owner = ownerKeyOf(ctx);
  await withTx(ctx, async (tx) => {
    const locked = await lockCartByKey(tx, owner, false);
    if (!locked) throw cartNotFound();
    const { cart } = await renderCart(tx, locked.row);
    await tx.db.delete(carts).where(eq(carts.id, locked.row.id));
    knownCarts.forget(tx.db, owner.key);
    await emitEvent(tx, { type: 'ecom.cart.deleted', entityId: cart.id, entity: cart });
  });
}

export async function estimateCurrentCartTotals(ctx: Ctx, req: EstimateTotalsRequest): Promise<EstimateTotalsResponse> {
  const row = await currentCartRow(ctx);
  const shippingAddress = req.shippingAddress ?? row.contactInfo?.address;
  const { cart, wire, totals } = await renderCart(ctx, row, {
    ...(shippingAddress ? { shippingAddress } : {}),
    ...(req.billingAddress ? { billingAddress: req.billingAddress } : {}),
    req,
  });
  // A selection the member can't pay with (a line no plan covers, more units than credits left) is refused.
  const refused = totals.violations.find((v) => v.target.other?.name.startsWith('selectedMemberships.'));
  if (refused) throw violation(refused.target.other!.name, 'VALIDATION', refused.description);
  return {
    cart: { ...cart, priceSummary: wire.priceSummary, appliedDiscounts: wire.appliedDiscounts },
    priceSummary: wire.priceSummary,
    appliedDiscounts: wire.appliedDiscounts,
    shippingInfo: wire.shippingInfo,
    taxSummary: wire.taxSummary,
    membershipOptions: {
      eligibleMemberships: totals.membershipOptions.eligible,
      invalidMemberships: totals.membershipOptions.invalid,
    },
    violations: cart.violations,
  };
}
