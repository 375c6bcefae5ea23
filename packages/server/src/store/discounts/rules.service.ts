import {
  DISCOUNT_RULE_MASK_PATHS,
  type CreateDiscountRuleRequest,
  type DiscountRule,
  type DiscountRuleInput,
  type UpdateDiscountRuleRequest,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { checkFieldMask } from '../../lib/field-mask.js';
import { afterWrite } from './config.js';
import { entityCrud, type EntityCrud } from '../entity-crud/index.js';
import { fmt, type Fmt, ruleInput, ruleValues, toRule } from './model.js';
import { discountRules } from './tables.js';

/** Automatic discount rules: nothing outside their own row to check. */
const ruleCrud = entityCrud({
  table: discountRules,
  what: 'Discount rule',
  events: {
    created: 'ecom.discount_rule.created',
    updated: 'ecom.discount_rule.updated',
    deleted: 'ecom.discount_rule.deleted',
  },
  fmt,
  afterWrite,
  toEntity: toRule,
  toInput: ruleInput,
  values: ruleValues,
} satisfies EntityCrud<typeof discountRules, DiscountRule, DiscountRuleInput, Fmt>);

/** Reading one and deleting one need nothing of their own. */
export const { get: getRule, remove: deleteRule } = ruleCrud;

export async function listRules(ctx: Ctx): Promise<DiscountRule[]> {
  return ruleCrud.list(ctx);
}

export async function createRule(ctx: Ctx, req: CreateDiscountRuleRequest): Promise<DiscountRule> {
  return ruleCrud.create(ctx, req.discountRule);
}

export async function updateRule(ctx: Ctx, id: string, req: UpdateDiscountRuleRequest): Promise<DiscountRule> {
  checkFieldMask(req.fieldMask.paths, DISCOUNT_RULE_MASK_PATHS, req.discountRule, 'discountRule', [
    // Optional: named in the mask and left out of the patch, they are removed (no trigger: the rule always applies).
    'trigger',
    'activeTimeInfo',
  ]);
  return ruleCrud.update(ctx, id, { paths: req.fieldMask.paths, patch: req.discountRule });
}
