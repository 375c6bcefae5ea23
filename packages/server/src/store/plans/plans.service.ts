import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  CreatePlanRequest,
  ListPlansQuery,
  ListPlansResponse,
  Plan,
  PlanInput,
  UpdatePlanRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound } from '../../kernel/errors.js';
import { applyFieldMask, checkFieldMask } from '../../lib/field-mask.js';
import { uuidv7 } from '../../lib/ids.js';
import { slugify } from '../catalog/index.js';
import { managesOrders } from '../orders/index.js';
import { emitEvent } from '../../platform/events/index.js';
import { getSite } from '../../platform/site/index.js';
import { PLAN_CLEARABLE, PLAN_MASK_PATHS, planAsInput, planColumns, type BenefitColumns } from './plan-input.js';
import { planAccess, planBenefits, plans } from './tables.js';
import { benefitsOf, plansToWire, type PlanRow } from './wire.js';

/** The owner and `ecom` API keys manage plans; everyone else sees the active ones. */
export const managesPlans = managesOrders;

const slugTaken = (slug: string) =>
  new AppError('CONFLICT', `plan.slug: the slug "${slug}" is already used by another plan`, {
    applicationCode: 'SLUG_ALREADY_EXISTS',
    data: { field: 'plan.slug', slug },
  });

/** A free slug: the caller's own (or a 409), or one made from the name with -2, -3, … until free. */
async function freeSlug(tx: Ctx, input: PlanInput, selfId: string): Promise<string> {
  const taken = async (slug: string) =>
    (
      await tx.db
        .select({ id: plans.id })
        .from(plans)
        .where(and(eq(plans.slug, slug), sql`${plans.id} <> ${selfId}`))
        .limit(1)
    ).length > 0;
  if (input.slug) {
    if (await taken(input.slug)) throw slugTaken(input.slug);
    return input.slug;
  }
  const base = slugify(input.name);
  for (let n = 1; n <= 50; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
  return `${base}-${selfId.slice(-12)}`;
}

/** Two writers racing for one slug: the unique index decides, the loser gets the same 409. */
const onSlugRace = (slug: string) => (e: unknown) => {
  const code =
    (e as { code?: string; cause?: { code?: string } }).code ?? (e as { cause?: { code?: string } }).cause?.code;
  throw code === '23505' ? slugTaken(slug) : e;
};

/**
 * Replaces a plan's benefits and the member-only reach they open (read by the catalog's visibility check). A new
 * benefit keeps the id of the first old one of its kind not yet taken, in order: members' credit balances hang on
 * a CREDITS benefit's id, so saving the plan (or making an item members-only) must not hand out fresh credits.
 */
async function writeBenefits(tx: Ctx, planId: string, benefits: BenefitColumns[], replace: boolean): Promise<void> {
  const old = replace
    ? await tx.db
        .select({ id: planBenefits.id, kind: planBenefits.kind })
        .from(planBenefits)
        .where(eq(planBenefits.planId, planId))
        .orderBy(asc(planBenefits.position))
    : [];
  if (replace) {
    await tx.db.delete(planBenefits).where(eq(planBenefits.planId, planId));
    await tx.db.delete(planAccess).where(eq(planAccess.planId, planId));
  }
  if (benefits.length === 0) return;
  const now = tx.clock().getTime();
  const keptId = (kind: string) => {
    const i = old.findIndex((o) => o.kind === kind);
    return i < 0 ? uuidv7(now) : old.splice(i, 1)[0]!.id;
  };
  await tx.db
    .insert(planBenefits)
    .values(benefits.map((b, position) => ({ ...b, id: keptId(b.kind), planId, position })));
  const only = benefits.filter((b) => b.kind === 'MEMBER_ONLY');
  const productIds = new Set(only.flatMap((b) => b.productIds ?? []));
  const collectionIds = new Set(only.flatMap((b) => b.collectionIds ?? []));
  const access = [
    ...[...productIds].map((productId) => ({ planId, productId, collectionId: null })),
    ...[...collectionIds].map((collectionId) => ({ planId, productId: null, collectionId })),
  ];
  if (access.length) await tx.db.insert(planAccess).values(access);
}

async function emitPlan(tx: Ctx, row: PlanRow, type: 'plans.plan.created' | 'plans.plan.updated'): Promise<Plan> {
  const [plan] = await plansToWire(tx, [row]);
  await emitEvent(tx, { type, entityId: row.id, entity: plan! });
  return plan!;
}

export async function createPlan(ctx: Ctx, req: CreatePlanRequest): Promise<Plan> {
  const { currency } = await getSite(ctx);
  const { plan, benefits } = await planColumns(ctx, req.plan, currency);
  return withTx(ctx, async (tx) => {
    const now = tx.clock();
    const id = uuidv7(now.getTime());
    const slug = await freeSlug(tx, req.plan, id);
    const [row] = await tx.db
      .insert(plans)
      .values({ ...plan, id, slug, currency, createdDate: now, updatedDate: now })
      .returning()
      .catch(onSlugRace(slug));
    await writeBenefits(tx, id, benefits, false);
    return emitPlan(tx, row!, 'plans.plan.created');
  });
}

async function lockPlan(tx: Ctx, id: string): Promise<PlanRow> {
  const [row] = await tx.db.select().from(plans).where(eq(plans.id, id)).for('update');
  if (!row) throw notFound('Plan');
  return row;
}

/** Only the masked fields change; `benefits` in the mask replaces them all (and the member-only reach with them). */
export async function updatePlan(ctx: Ctx, id: string, req: UpdatePlanRequest): Promise<Plan> {
  const paths = req.fieldMask.paths;
  checkFieldMask(paths, PLAN_MASK_PATHS, req.plan, 'plan', PLAN_CLEARABLE);
  return withTx(ctx, async (tx) => {
    const row = await lockPlan(tx, id);
    const stored = planAsInput(row, (await benefitsOf(tx, [id])).get(id) ?? []);
    const input = applyFieldMask(stored, req.plan, paths);
    // A name change alone keeps the slug: links already shared must keep working.
    if (!paths.includes('slug')) input.slug = row.slug;
    const { plan, benefits } = await planColumns(tx, input, row.currency, 'plan', paths.includes('benefits'));
    const slug = await freeSlug(tx, input, id);
    const [updated] = await tx.db
      .update(plans)
      .set({ ...plan, slug, updatedDate: tx.clock() })
      .where(eq(plans.id, id))
      .returning()
      .catch(onSlugRace(slug));
    if (paths.includes('benefits')) await writeBenefits(tx, id, benefits, true);
    return emitPlan(tx, updated!, 'plans.plan.updated');
  });
}

/** No more sales; holders keep their memberships. Archiving an archived plan changes nothing and says so once. */
export async function archivePlan(ctx: Ctx, id: string): Promise<Plan> {
  return withTx(ctx, async (tx) => {
    const row = await lockPlan(tx, id);
    if (row.status === 'ARCHIVED') return (await plansToWire(tx, [row]))[0]!;
    const [updated] = await tx.db
      .update(plans)
      .set({ status: 'ARCHIVED', updatedDate: tx.clock() })
      .where(eq(plans.id, id))
      .returning();
    return emitPlan(tx, updated!, 'plans.plan.updated');
  });
}

/** A plan by id or slug: managers see any; others only an ACTIVE one (HIDDEN too: they hold its link). */
export async function getPlan(ctx: Ctx, by: { id: string } | { slug: string }): Promise<Plan> {
  const where = 'id' in by ? eq(plans.id, by.id) : eq(plans.slug, by.slug);
  const [row] = await ctx.db.select().from(plans).where(where).limit(1);
  if (!row || (row.status !== 'ACTIVE' && !managesPlans(ctx))) throw notFound('Plan');
  return forCaller(ctx, await plansToWire(ctx, [row]))[0]!;
}

/**
 * Shoppers learn that a plan opens members-only items, never which: their ids (and so their number and, being
 * UUIDv7, their dates) are for managers.
 */
function forCaller(ctx: Ctx, list: Plan[]): Plan[] {
  if (managesPlans(ctx)) return list;
  return list.map((plan) => ({
    ...plan,
    benefits: plan.benefits.map((b) => (b.kind === 'MEMBER_ONLY' ? { ...b, productIds: [], collectionIds: [] } : b)),
  }));
}

/** A plan row a manager may read (stats), or the 404 everyone else gets. */
export async function planRowForManager(ctx: Ctx, id: string): Promise<PlanRow> {
  const [row] = await ctx.db.select().from(plans).where(eq(plans.id, id)).limit(1);
  if (!row) throw notFound('Plan');
  return row;
}

/** Newest first. Visitors and members get the ACTIVE, PUBLIC plans whatever they ask; managers filter freely. */
export async function listPlans(ctx: Ctx, q: ListPlansQuery): Promise<ListPlansResponse> {
  const limit = q.limit ?? 50;
  const offset = q.offset ?? 0;
  const where: SQL | undefined = managesPlans(ctx)
    ? and(
        q.status ? eq(plans.status, q.status) : undefined,
        q.visibility ? eq(plans.visibility, q.visibility) : undefined,
      )
    : and(eq(plans.status, 'ACTIVE'), eq(plans.visibility, 'PUBLIC'));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(plans)
      .where(where)
      .orderBy(desc(plans.createdDate), desc(plans.id))
      .limit(limit)
      .offset(offset),
    ctx.db.select({ n: count() }).from(plans).where(where),
  ]);
  return {
    plans: forCaller(ctx, await plansToWire(ctx, rows)),
    metadata: { count: rows.length, offset, total: total?.n ?? 0 },
  };
}
