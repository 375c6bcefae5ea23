import { eq } from 'drizzle-orm';
import {
  DISCOUNT_RULE_MASK_PATHS,
  type CreateDiscountRuleRequest,
  type DiscountRule,
  type UpdateDiscountRuleRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { applyFieldMask, checkFieldMask } from '../../lib/field-mask.js';
import { deleteEntityRow, insertEntityRow } from '../../lib/entity-rows.js';
import { emitEvent, emitUpdated } from '../../platform/events/index.js';
import { afterWrite } from './config.js';
import { fmt, ruleInput, ruleValues, toRule } from './model.js';
import { discountRules } from './tables.js';

export async function listRules(ctx: Ctx): Promise<DiscountRule[]> {
  const f = await fmt(ctx);
  const rows = await ctx.db.select().from(discountRules).orderBy(discountRules.createdDate, discountRules.id);
  const now = ctx.clock();
  return rows.map((r) => toRule(r, f, now));
}

export async function getRule(ctx: Ctx, id: string): Promise<DiscountRule> {
  const [row] = await ctx.db.select().from(discountRules).where(eq(discountRules.id, id)).limit(1);
  if (!row) throw notFound('Discount rule');
  return toRule(row, await fmt(ctx), ctx.clock());
}

export async function createRule(ctx: Ctx, req: CreateDiscountRuleRequest): Promise<DiscountRule> {
  const f = await fmt(ctx);
  const values = ruleValues(req.discountRule, f);
  return afterWrite(
    withTx(ctx, async (tx) => {
      const row = await insertEntityRow(tx, discountRules, values);
      const rule = toRule(row, f, row.createdDate);
      await emitEvent(tx, { type: 'ecom.discount_rule.created', entityId: rule.id, entity: rule });
      return rule;
    }),
  );
}

export async function updateRule(ctx: Ctx, id: string, req: UpdateDiscountRuleRequest): Promise<DiscountRule> {
  checkFieldMask(req.fieldMask.paths, DISCOUNT_RULE_MASK_PATHS, req.discountRule, 'discountRule', [
    // Optional: named in the mask and left out of the patch, they are removed (no trigger: the rule always applies).
    'trigger',
    'activeTimeInfo',
  ]);
  const f = await fmt(ctx);
  return afterWrite(
    withTx(ctx, async (tx) => {
      const [existing] = await tx.db.select().from(discountRules).where(eq(discountRules.id, id)).for('update');
      if (!existing) throw notFound('Discount rule');
      const next = applyFieldMask(ruleInput(existing, f), req.discountRule, req.fieldMask.paths);
      const now = tx.clock();
      const [row] = await tx.db
        .update(discountRules)
        .set({ ...ruleValues(next, f), updatedDate: now })
        .where(eq(discountRules.id, id))
        .returning();
      const rule = toRule(row!, f, now);
      return emitUpdated(tx, 'ecom.discount_rule.updated', id, rule, req.fieldMask.paths);
    }),
  );
}

export async function deleteRule(ctx: Ctx, id: string): Promise<void> {
  const f = await fmt(ctx);
  await afterWrite(
    withTx(ctx, async (tx) => {
      const row = await deleteEntityRow(tx, discountRules, id, 'Discount rule');
      await emitEvent(tx, { type: 'ecom.discount_rule.deleted', entityId: id, entity: toRule(row, f, tx.clock()) });
    }),
  );
}
