import { and, count, desc, eq } from 'drizzle-orm';
import {
  CHECKOUT_TEMPLATE_MASK_PATHS,
  type Checkout,
  type CheckoutTemplate,
  type CreateCheckoutTemplateRequest,
  type ListCheckoutTemplatesQuery,
  type UpdateCheckoutTemplateRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound } from '../../kernel/errors.js';
import { applyFieldMask, checkFieldMask } from '../../lib/field-mask.js';
import { uuidv7 } from '../../lib/ids.js';
import { webBase } from '../../lib/urls.js';
import { emitEvent } from '../../platform/events/index.js';
import { getSite } from '../../platform/site/index.js';
import { toStoredLines } from '../pricing/index.js';
import { insertCheckout } from './service.js';
import { checkoutTemplates } from './tables.js';

type Row = typeof checkoutTemplates.$inferSelect;

const toTemplate = (ctx: Ctx, r: Row): CheckoutTemplate => ({
  id: r.id,
  name: r.name,
  status: r.status as CheckoutTemplate['status'],
  lineItems: r.lineItems,
  ...(r.couponCode ? { couponCode: r.couponCode } : {}),
  buyNowUrl: `${webBase(ctx)}/buy/${r.id}`,
  createdDate: r.createdDate.toISOString(),
  updatedDate: r.updatedDate.toISOString(),
});

/** Template lines must name sellable catalog items now (checked like checkout lines; nothing custom). */
async function checkLines(ctx: Ctx, lineItems: CheckoutTemplate['lineItems'], field: string) {
  const site = await getSite(ctx);
  await toStoredLines(ctx, site.currency, { lineItems: lineItems as never }, { lines: field, custom: field });
}

async function load(ctx: Ctx, id: string, lock = false): Promise<Row> {
  const q = ctx.db.select().from(checkoutTemplates).where(eq(checkoutTemplates.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Checkout template');
  return row;
}

export async function createTemplate(ctx: Ctx, req: CreateCheckoutTemplateRequest): Promise<CheckoutTemplate> {
  const t = req.checkoutTemplate;
  await checkLines(ctx, t.lineItems, 'checkoutTemplate.lineItems');
  return withTx(ctx, async (tx) => {
    const now = tx.clock();
    const [row] = await tx.db
      .insert(checkoutTemplates)
      .values({
        id: uuidv7(now.getTime()),
        name: t.name,
        status: t.status ?? 'ACTIVE',
        lineItems: t.lineItems,
        couponCode: t.couponCode ?? null,
        createdDate: now,
        updatedDate: now,
      })
      .returning();
    const entity = toTemplate(tx, row!);
    await emitEvent(tx, { type: 'ecom.checkout_template.created', entityId: entity.id, entity });
    return entity;
  });
}

export async function getTemplate(ctx: Ctx, id: string): Promise<CheckoutTemplate> {
  return toTemplate(ctx, await load(ctx, id));
}

export async function listTemplates(ctx: Ctx, q: ListCheckoutTemplatesQuery) {
  const limit = q.limit ?? 50;
  const offset = q.offset ?? 0;
  const where = q.status ? eq(checkoutTemplates.status, q.status) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(checkoutTemplates)
      .where(and(where))
      .orderBy(desc(checkoutTemplates.createdDate), desc(checkoutTemplates.id))
      .limit(limit)
      .offset(offset),
    ctx.db.select({ n: count() }).from(checkoutTemplates).where(and(where)),
  ]);
  return {
    checkoutTemplates: rows.map((r) => toTemplate(ctx, r)),
    metadata: { count: rows.length, offset, total: Number(total?.n ?? 0) },
  };
}

export async function updateTemplate(
  ctx: Ctx,
  id: string,
  req: UpdateCheckoutTemplateRequest,
): Promise<CheckoutTemplate> {
  const paths = req.fieldMask.paths;
  checkFieldMask(paths, CHECKOUT_TEMPLATE_MASK_PATHS, req.checkoutTemplate, 'checkoutTemplate');
  if (paths.includes('lineItems')) {
    await checkLines(ctx, req.checkoutTemplate.lineItems!, 'checkoutTemplate.lineItems');
  }
  return withTx(ctx, async (tx) => {
    const row = await load(tx, id, true);
    const next = applyFieldMask(
      { name: row.name, status: row.status, lineItems: row.lineItems, couponCode: row.couponCode ?? undefined },
      req.checkoutTemplate as Record<string, unknown>,
      paths,
    );
    const [updated] = await tx.db
      .update(checkoutTemplates)
      .set({
        name: next.name,
        status: next.status,
        lineItems: next.lineItems,
        couponCode: next.couponCode ?? null,
        updatedDate: tx.clock(),
      })
      .where(eq(checkoutTemplates.id, id))
      .returning();
    const entity = toTemplate(tx, updated!);
    await emitEvent(tx, { type: 'ecom.checkout_template.updated', entityId: id, entity, modifiedFields: paths });
    return entity;
  });
}

export async function deleteTemplate(ctx: Ctx, id: string): Promise<void> {
  await withTx(ctx, async (tx) => {
    const row = await load(tx, id, true);
    await tx.db.delete(checkoutTemplates).where(eq(checkoutTemplates.id, id));
    await emitEvent(tx, { type: 'ecom.checkout_template.deleted', entityId: id, entity: toTemplate(tx, row) });
  });
}

/** "Buy now": a checkout for the caller with the template's lines and coupon. An INACTIVE template is a 404. */
export async function createCheckoutFromTemplate(ctx: Ctx, id: string): Promise<Checkout> {
  const row = await load(ctx, id);
  if (row.status !== 'ACTIVE') throw notFound('Checkout template');
  const site = await getSite(ctx);
  const lines = await toStoredLines(ctx, site.currency, { lineItems: row.lineItems as never }).catch((e: unknown) => {
    // An item of the template was deleted or hidden since: the link is broken, not the caller's request.
    if (e instanceof AppError && e.code === 'VALIDATION') {
      throw new AppError('CONFLICT', 'An item of this template is no longer sold', {
        applicationCode: 'TEMPLATE_ITEM_UNAVAILABLE',
      });
    }
    throw e;
  });
  return withTx(ctx, (tx) =>
    insertCheckout(tx, {
      lines,
      info: { paymentOption: 'FULL_PAYMENT_ONLINE' },
      channelType: 'WEB',
      templateId: id,
      ...(row.couponCode ? { couponCode: row.couponCode, carriedCoupon: true } : {}),
    }),
  );
}
