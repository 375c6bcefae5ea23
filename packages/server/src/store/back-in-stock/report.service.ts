import { and, eq, inArray } from 'drizzle-orm';
import type {
  BackInStockItemDetails,
  BackInStockStatus,
  Product,
  ReportItemsBackInStockRequest,
  ReportItemsBackInStockResponse,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { violation } from '../../kernel/errors.js';
import { emitEvent } from '../../platform/events/index.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { itemKeyOf, referenceOf, toRequest, type ItemKey } from './model.js';
import { assertTransition } from './status.js';
import { backInStockRequests as t } from './tables.js';

/** What the BACK_IN_STOCK_NOTIFY job is told: the mail's item details and extra lines. */
export interface NotifyPayload {
  itemDetails: BackInStockItemDetails;
  extra?: Record<string, string>;
}

interface Start extends NotifyPayload {
  key?: ItemKey | undefined;
  requestIds?: string[] | undefined;
  trigger: 'REPORT' | 'RESTOCK';
}

/**
 * Claims the waiting requests for a job, in the caller's transaction: RECEIVED ones of the item, or the named
 * requestIds (RECEIVED or FAILED: a retry), each moved to PROCESSING under this job, then queues the job. A restock
 * with nobody waiting queues nothing (undefined); a report always answers a job the dashboard can follow.
 */
async function startNotifying(ctx: Ctx, s: Start): Promise<ReportItemsBackInStockResponse | undefined> {
  const where = [];
  if (s.key) where.push(eq(t.productId, s.key.productId), eq(t.variantId, s.key.variantId));
  if (s.requestIds) {
    const known = await ctx.db.select({ id: t.id }).from(t).where(inArray(t.id, s.requestIds));
    const ids = new Set(known.map((r) => r.id));
    const i = s.requestIds.findIndex((id) => !ids.has(id.toLowerCase()));
    if (i >= 0) throw violation(`requestIds[${i}]`, 'VALIDATION', `no back-in-stock request ${s.requestIds[i]}`);
    where.push(inArray(t.id, s.requestIds), inArray(t.status, ['RECEIVED', 'FAILED']));
  } else where.push(eq(t.status, 'RECEIVED'));
  const rows = await ctx.db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(t.id)
    .for('update');
  if (!rows.length && s.trigger === 'RESTOCK') return undefined;
  const payload: NotifyPayload = { itemDetails: s.itemDetails, ...(s.extra ? { extra: s.extra } : {}) };
  const jobId = await enqueueJob(ctx, { kind: 'BACK_IN_STOCK_NOTIFY', payload: { ...payload } });
  for (const r of rows) assertTransition(r.status as BackInStockStatus, 'PROCESSING');
  if (rows.length) {
    const moved = await ctx.db
      .update(t)
      .set({ status: 'PROCESSING', jobId, failureMessage: null, updatedDate: ctx.clock() })
      .where(
        inArray(
          t.id,
          rows.map((r) => r.id),
        ),
      )
      .returning();
    for (const r of moved) {
      await emitEvent(ctx, {
        type: 'ecom.back_in_stock_notification_request.updated',
        entityId: r.id,
        entity: toRequest(r),
        modifiedFields: ['status'],
      });
    }
  }
  await emitEvent(ctx, {
    type: 'ecom.back_in_stock_items.reported',
    entityId: jobId,
    body: {
      jobId,
      ...(s.key ? { catalogReference: referenceOf(s.key) } : {}),
      requestIds: rows.map((r) => r.id),
      itemDetails: s.itemDetails,
      trigger: s.trigger,
    },
  });
  return { jobId, requestCount: rows.length };
}

/** POST …/report-items-back-in-stock (owner and `ecom` keys). */
export async function reportItemsBackInStock(
  ctx: Ctx,
  body: ReportItemsBackInStockRequest,
): Promise<ReportItemsBackInStockResponse> {
  if (!body.catalogReference && !body.requestIds) {
    throw violation(
      'catalogReference',
      'REQUIRED_ONE_OF_FIELD',
      'name the item (catalogReference) or the requests to notify (requestIds)',
    );
  }
  const key = body.catalogReference ? itemKeyOf(body.catalogReference, 'catalogReference') : undefined;
  const started = await withTx(ctx, (tx) =>
    startNotifying(tx, {
      key,
      requestIds: body.requestIds?.map((id) => id.toLowerCase()),
      itemDetails: body.itemDetails,
      ...(body.extraAutomationTemplateParameters ? { extra: body.extraAutomationTemplateParameters } : {}),
      trigger: 'REPORT',
    }),
  );
  return started!;
}

/** The stock of a product and its variants before a catalog change (catalog's restock.ts reads it). */
export interface StockState {
  inventory: { inStock: boolean };
  variants: Array<{ id: string; inventory: { inStock: boolean } }>;
}

/** The mail's item details from the catalog: name (with the variant's choices), price and first image. */
function detailsOf(p: Product, variantId: string): BackInStockItemDetails {
  const v = p.variants.find((x) => x.id === variantId);
  const choices = v ? Object.values(v.choices).join(', ') : '';
  const image = p.media[0];
  return {
    name: (choices ? `${p.name} (${choices})` : p.name).slice(0, 200),
    price: (v?.price ?? p.price).formattedAmount,
    ...(image ? { image: { url: image.url, ...(image.altText ? { altText: image.altText } : {}) } } : {}),
  };
}

/**
 * The catalog's hook (adjust-inventory and update, inside their transaction): every item of `after` that went from
 * out of stock to in stock gets its waiting requests notified, exactly as a report would. Hidden products wait.
 */
export async function notifyRestocked(ctx: Ctx, before: StockState, after: Product): Promise<void> {
  if (!after.visible) return;
  const keys: ItemKey[] = [];
  if (!before.inventory.inStock && after.inventory.inStock) keys.push({ productId: after.id, variantId: '' });
  for (const v of after.variants) {
    const was = before.variants.find((x) => x.id === v.id);
    if (was && !was.inventory.inStock && v.inventory.inStock && v.visible) {
      keys.push({ productId: after.id, variantId: v.id });
    }
  }
  for (const key of keys) {
    await startNotifying(ctx, { key, itemDetails: detailsOf(after, key.variantId), trigger: 'RESTOCK' });
  }
}
