import type { FieldViolation, PlanBenefitInput, PlanInput } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import { existingCollectionIds, existingProductIds } from '../catalog/index.js';
import { formatAmount, parseAmount } from '../pricing/index.js';
import type { planBenefits, plans } from './tables.js';
import { benefitFields, type BenefitRow, type PlanRow } from './wire.js';

/** The plan columns an owner writes (slug decided apart: it needs the table). */
export type PlanColumns = Pick<
  typeof plans.$inferInsert,
  | 'name'
  | 'description'
  | 'image'
  | 'priceMinor'
  | 'recurrence'
  | 'validity'
  | 'buyerLimit'
  | 'visibility'
  | 'status'
  | 'paidOffline'
  | 'taxCreditedLines'
>;
export type BenefitColumns = Omit<typeof planBenefits.$inferInsert, 'id' | 'planId' | 'position'>;

/** The fields of a plan an update's field mask may name. */
export const PLAN_MASK_PATHS = [
  'name',
  'slug',
  'description',
  'image',
  'price',
  'price.amount',
  'recurrence',
  'validity',
  'buyerLimit',
  'visibility',
  'status',
  'paidOffline',
  'taxCreditedLines',
  'benefits',
] as const;
/** Optional fields an update clears when the mask names them and the patch leaves them out. */
export const PLAN_CLEARABLE = ['description', 'image', 'recurrence', 'validity', 'buyerLimit', 'benefits'] as const;

/** A stored plan as the input it was written from, for an update's field mask to apply to. */
export function planAsInput(row: PlanRow, benefits: BenefitRow[]): PlanInput {
  return {
    name: row.name,
    slug: row.slug,
    description: row.description,
    ...(row.image ? { image: row.image } : {}),
    price: { amount: formatAmount(row.priceMinor, row.currency) },
    ...(row.recurrence ? { recurrence: row.recurrence } : {}),
    ...(row.validity ? { validity: row.validity } : {}),
    ...(row.buyerLimit !== null ? { buyerLimit: row.buyerLimit } : {}),
    visibility: row.visibility as PlanInput['visibility'] & string,
    status: row.status as PlanInput['status'] & string,
    paidOffline: row.paidOffline,
    taxCreditedLines: row.taxCreditedLines,
    benefits: benefits.map((b) => ({
      ...benefitFields(b),
      ...(b.amountOffMinor !== null ? { amountOff: formatAmount(b.amountOffMinor, row.currency) } : {}),
    })),
  };
}

const v = (field: string, description: string, rule: FieldViolation['violatedRule'] = 'VALIDATION') => ({
  field,
  violatedRule: rule,
  description,
});

/** What each kind needs beyond the schema; the rules no schema can say. */
function benefitRules(b: PlanBenefitInput, at: string): FieldViolation[] {
  const out: FieldViolation[] = [];
  const targets = b.productIds.length + b.collectionIds.length > 0;
  if (b.kind === 'CREDITS') {
    if (b.credits === undefined) out.push(v(`${at}.credits`, 'CREDITS needs the number of credits', 'REQUIRED_FIELD'));
    if (!targets) out.push(v(`${at}.productIds`, 'CREDITS needs at least one product or collection', 'MIN_SIZE'));
  } else if (b.kind === 'MEMBER_PRICE') {
    if ((b.percentOff === undefined) === (b.amountOff === undefined)) {
      out.push(v(`${at}.percentOff`, 'MEMBER_PRICE needs exactly one of percentOff and amountOff'));
    }
    if (!targets && !b.wholeOrder) {
      out.push(v(`${at}.productIds`, 'MEMBER_PRICE needs products, collections or wholeOrder', 'MIN_SIZE'));
    }
    if (targets && b.wholeOrder) {
      out.push(v(`${at}.wholeOrder`, 'wholeOrder applies to the whole order: leave products and collections empty'));
    }
  } else if (b.kind === 'MEMBER_ONLY' && !targets) {
    out.push(v(`${at}.productIds`, 'MEMBER_ONLY needs at least one product or collection', 'MIN_SIZE'));
  }
  return out;
}

/** Products and collections named by the benefits that don't exist, each as the field naming it. */
async function missingTargets(ctx: Ctx, benefits: PlanBenefitInput[], prefix: string): Promise<FieldViolation[]> {
  const [products, collections] = await Promise.all([
    existingProductIds(ctx, [...new Set(benefits.flatMap((b) => b.productIds))]),
    existingCollectionIds(ctx, [...new Set(benefits.flatMap((b) => b.collectionIds))]),
  ]);
  return benefits.flatMap((b, i) => [
    ...b.productIds.flatMap((id, j) =>
      products.has(id) ? [] : [v(`${prefix}.benefits[${i}].productIds[${j}]`, `No product ${id}`)],
    ),
    ...b.collectionIds.flatMap((id, j) =>
      collections.has(id) ? [] : [v(`${prefix}.benefits[${i}].collectionIds[${j}]`, `No collection ${id}`)],
    ),
  ]);
}

/**
 * Checks a whole plan input and answers its columns; every broken rule is a violation naming its field
 * (`plan.benefits[0].credits`). Amounts are in the site's currency; `checkBenefits` false skips the benefits' rules.
 */
export async function planColumns(
  ctx: Ctx,
  input: PlanInput,
  currency: string,
  prefix = 'plan',
  checkBenefits = true,
): Promise<{ plan: PlanColumns; benefits: BenefitColumns[] }> {
  const benefits = input.benefits ?? [];
  // An edit that leaves the benefits alone does not check them again (a product deleted since must not block it).
  const checked = checkBenefits ? benefits : [];
  const violations = checked.flatMap((b, i) => benefitRules(b, `${prefix}.benefits[${i}]`));
  violations.push(...(await missingTargets(ctx, checked, prefix)));
  if (violations.length) throw new AppError('VALIDATION', violations[0]!.description, { violations });
  const plan: PlanColumns = {
    name: input.name,
    description: input.description ?? '',
    image: input.image ?? null,
    priceMinor: parseAmount(input.price.amount, currency, `${prefix}.price.amount`),
    recurrence: input.recurrence ?? null,
    validity: input.validity ?? null,
    buyerLimit: input.buyerLimit ?? null,
    visibility: input.visibility ?? 'PUBLIC',
    status: input.status ?? 'ACTIVE',
    paidOffline: input.paidOffline ?? false,
    taxCreditedLines: input.taxCreditedLines ?? false,
  };
  return {
    plan,
    benefits: benefits.map((b, i) => ({
      kind: b.kind,
      productIds: [...new Set(b.productIds)],
      collectionIds: [...new Set(b.collectionIds)],
      wholeOrder: b.wholeOrder ?? false,
      credits: b.kind === 'CREDITS' ? (b.credits ?? null) : null,
      creditPeriod: b.kind === 'CREDITS' ? (b.creditPeriod ?? null) : null,
      percentOff: b.kind === 'MEMBER_PRICE' ? (b.percentOff ?? null) : null,
      amountOffMinor:
        b.kind === 'MEMBER_PRICE' && b.amountOff !== undefined
          ? parseAmount(b.amountOff, currency, `${prefix}.benefits[${i}].amountOff`)
          : null,
      deliveryOptionCodes: b.kind === 'FREE_SHIPPING' ? (b.deliveryOptionCodes ?? []) : [],
    })),
  };
}
