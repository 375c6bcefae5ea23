import { and, count, eq, inArray } from 'drizzle-orm';
import type {
  BackInStockNotificationRequest,
  BackInStockStatus,
  CountBackInStockRequestsBody,
  CountBackInStockRequestsQuery,
  CountBackInStockRequestsResponse,
  CreateBackInStockNotificationRequest,
} from '@plaza/contracts';
import { canonicalCatalogAppId } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { notFound, violation } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { canReachProduct, productStock, variantStock } from '../catalog/index.js';
import { emitEvent } from '../../platform/events/index.js';
import {
  canSee,
  isStoreAdmin,
  itemKeyOf,
  referenceOf,
  requesterOf,
  sitePathOf,
  toRequest,
  type ItemKey,
} from './model.js';
import { assertTransition, OPEN_STATUSES } from './status.js';
import { backInStockRequests as t, type BackInStockRow } from './tables.js';

const FIELD = 'request.catalogReference';

/**
 * The item must exist (a hidden one, or a member-only one to a non-holder, counts as missing for shoppers) and be out
 * of stock: else a 400 saying which.
 */
async function assertOutOfStock(ctx: Ctx, key: ItemKey): Promise<void> {
  const product = await productStock(ctx, key.productId);
  if (!product || (!product.visible && !isStoreAdmin(ctx)) || !(await canReachProduct(ctx, key.productId))) {
    throw violation(`${FIELD}.catalogItemId`, 'VALIDATION', 'no such item in the catalog');
  }
  let inStock = product.inStock;
  if (key.variantId) {
    const variant = await variantStock(ctx, key.productId, key.variantId);
    if (!variant || !variant.visible) {
      throw violation(`${FIELD}.options.variantId`, 'VALIDATION', 'no such variant of this product');
    }
    inStock = variant.inStock;
  }
  if (inStock) throw violation(FIELD, 'VALIDATION', 'the item is in stock: it can be bought now');
}

const openRequest = (ctx: Ctx, emailLower: string, key: ItemKey) =>
  ctx.db
    .select()
    .from(t)
    .where(
      and(
        eq(t.emailLower, emailLower),
        eq(t.productId, key.productId),
        eq(t.variantId, key.variantId),
        inArray(t.status, [...OPEN_STATUSES]),
      ),
    )
    .limit(1);

/**
 * POST /ecom/v1/back-in-stock-notification-requests. One open request per e-mail and item: asking again answers the
 * open one (as the hosted platform does) instead of a 409, so a double click or a second visit is harmless.
 */
export async function createRequest(
  ctx: Ctx,
  body: CreateBackInStockNotificationRequest,
): Promise<BackInStockNotificationRequest> {
  const key = itemKeyOf(body.request.catalogReference, FIELD);
  await assertOutOfStock(ctx, key);
  const email = body.request.email.trim();
  const emailLower = email.toLowerCase();
  return withTx(ctx, async (tx) => {
    const now = tx.clock();
    const [row] = await tx.db
      .insert(t)
      .values({
        id: uuidv7(now.getTime()),
        email,
        emailLower,
        appId: canonicalCatalogAppId(body.request.catalogReference.appId),
        ...key,
        itemDetails: body.itemDetails,
        itemUrl: body.request.itemUrl ? sitePathOf(body.request.itemUrl) : null,
        status: 'RECEIVED',
        requester: requesterOf(tx.caller),
        createdDate: now,
        updatedDate: now,
      })
      // The partial unique index decides a race between two asks: the loser answers the winner's request.
      .onConflictDoNothing()
      .returning();
    if (!row) return toRequest((await openRequest(tx, emailLower, key))[0]!);
    const request = toRequest(row);
    await emitEvent(tx, { type: 'ecom.back_in_stock_notification_request.created', entityId: row.id, entity: request });
    return request;
  });
}

/** A request the caller may see (their own, or any for owners and `ecom` keys); others get the same 404 as none. */
async function visibleRow(ctx: Ctx, id: string, lock = false): Promise<BackInStockRow> {
  const q = ctx.db.select().from(t).where(eq(t.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row || !canSee(ctx, row)) throw notFound('Back-in-stock notification request');
  return row;
}

export async function getRequest(ctx: Ctx, id: string): Promise<BackInStockNotificationRequest> {
  return toRequest(await visibleRow(ctx, id));
}

export async function deleteRequest(ctx: Ctx, id: string): Promise<void> {
  await withTx(ctx, async (tx) => {
    const row = await visibleRow(tx, id, true);
    await tx.db.delete(t).where(eq(t.id, id));
    await emitEvent(tx, {
      type: 'ecom.back_in_stock_notification_request.deleted',
      entityId: id,
      entity: toRequest(row),
    });
  });
}

/** Moves one locked request to `to` (checked against the table) and emits its updated event. */
export async function moveTo(
  ctx: Ctx,
  row: BackInStockRow,
  to: BackInStockStatus,
  set: Partial<BackInStockRow> = {},
): Promise<BackInStockRow> {
  assertTransition(row.status as BackInStockStatus, to);
  const [next] = await ctx.db
    .update(t)
    .set({ ...set, status: to, updatedDate: ctx.clock() })
    .where(eq(t.id, row.id))
    .returning();
  await emitEvent(ctx, {
    type: 'ecom.back_in_stock_notification_request.updated',
    entityId: row.id,
    entity: toRequest(next!),
    modifiedFields: ['status', ...Object.keys(set)],
  });
  return next!;
}

/** PUT …/{id}/mark-as-notification-sent: the owner notified the shopper outside Plaza. */
export async function markAsNotificationSent(ctx: Ctx, id: string): Promise<BackInStockNotificationRequest> {
  return withTx(ctx, async (tx) => {
    const row = await visibleRow(tx, id, true);
    return toRequest(await moveTo(tx, row, 'NOTIFICATION_SENT', { autoNotified: false, failureMessage: null }));
  });
}

/** The `catalogReferences[i].…` query keys back into references, in index order. */
function referencesOf(q: CountBackInStockRequestsQuery): Array<{ i: number; key: ItemKey }> {
  const byIndex = new Map<number, { appId?: string; catalogItemId?: string; variantId?: string }>();
  for (const [k, v] of Object.entries(q)) {
    const m = /^catalogReferences\[(\d+)\]\.(appId|catalogItemId|options\.variantId)$/.exec(k);
    if (!m) continue;
    const i = Number(m[1]);
    const ref = byIndex.get(i) ?? {};
    if (m[2] === 'options.variantId') ref.variantId = v;
    else ref[m[2] as 'appId' | 'catalogItemId'] = v;
    byIndex.set(i, ref);
  }
  if (!byIndex.size) throw violation('catalogReferences', 'REQUIRED_FIELD', 'name at least one catalog reference');
  return [...byIndex.entries()]
    .sort(([a], [b]) => a - b)
    .map(([i, r]) => {
      const field = `catalogReferences[${i}]`;
      if (!r.appId) throw violation(`${field}.appId`, 'REQUIRED_FIELD', 'is required');
      if (!r.catalogItemId) throw violation(`${field}.catalogItemId`, 'REQUIRED_FIELD', 'is required');
      const options = r.variantId ? { variantId: r.variantId } : undefined;
      return {
        i,
        key: itemKeyOf({ appId: r.appId, catalogItemId: r.catalogItemId, ...(options ? { options } : {}) }, field),
      };
    });
}

/** GET (query form) or POST (body) …/count-by-catalog-reference: open requests per item, one grouped query. */
export async function countByCatalogReferences(
  ctx: Ctx,
  q: CountBackInStockRequestsQuery | CountBackInStockRequestsBody,
): Promise<CountBackInStockRequestsResponse> {
  const refs = Array.isArray(q.catalogReferences)
    ? (q as CountBackInStockRequestsBody).catalogReferences.map((r, i) => ({
        i,
        key: itemKeyOf(r, `catalogReferences[${i}]`),
      }))
    : referencesOf(q as CountBackInStockRequestsQuery);
  const rows = await ctx.db
    .select({ productId: t.productId, variantId: t.variantId, n: count() })
    .from(t)
    .where(
      and(
        inArray(t.status, [...OPEN_STATUSES]),
        inArray(
          t.productId,
          refs.map((r) => r.key.productId),
        ),
      ),
    )
    .groupBy(t.productId, t.variantId);
  const n = (k: ItemKey) => rows.find((r) => r.productId === k.productId && r.variantId === k.variantId)?.n ?? 0;
  return { counts: refs.map(({ key }) => ({ catalogReference: referenceOf(key), openRequestsCount: Number(n(key)) })) };
}
