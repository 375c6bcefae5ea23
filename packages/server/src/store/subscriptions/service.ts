import { and, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import type {
  Checkout,
  ListSubscriptionContractsQuery,
  ListSubscriptionContractsResponse,
  SubscriptionContract,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { decodeSignedCursor, encodeSignedCursor } from '../../lib/signed-cursor.js';
import { parseAmount } from '../pricing/index.js';
import { addCycles } from '../checkout/index.js';
import { emitEvent } from '../../platform/events/index.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { managesOrders } from '../orders/index.js';
import { subscriptionContracts as sc } from './tables.js';
import { contractChanged } from './hooks.js';
import { toContract, toContracts, type ContractRow } from './wire.js';

type Frequency = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
export const billingDate = (row: Pick<ContractRow, 'startDate' | 'frequency' | 'interval'>, cycle: number): Date =>
  addCycles(row.startDate, row.frequency as Frequency, row.interval, cycle - 1);

/**
 * In the placement's transaction: one contract per subscription line of the order, on the card that paid for it
 * (cycle 1 is that payment). The next cycle is a SUBSCRIPTION_RENEWAL job on its date.
 */
export async function createContractsForOrder(
  tx: Ctx,
  input: {
    orderId: string;
    checkout: Checkout;
    memberId: string | null;
    visitorId: string | null;
    card: { provider: string; token: string; brand: string; lastFourDigits: string };
  },
): Promise<void> {
  const { checkout } = input;
  const now = tx.clock();
  for (const charges of checkout.subscriptionCharges) {
    const line = checkout.lineItems.find((l) => l.id === charges.lineItemId);
    const plan = line?.subscriptionOptionInfo?.subscriptionSettings;
    if (!line || !plan) continue;
    const first = charges.charges[0];
    const startDate = first ? new Date(first.cycleBillingDate) : now;
    const billingCycles = charges.openEnded ? null : charges.charges.length;
    // A free trial: the checkout charged nothing for the line, so cycle 1 is the job's, on its date.
    const trial =
      parseAmount(line.lineItemPrice.amount, checkout.currency, 'amount') === 0n &&
      Boolean(first) &&
      parseAmount(first!.amount.amount, checkout.currency, 'amount') > 0n;
    const ended = !trial && billingCycles !== null && billingCycles <= 1;
    const row: ContractRow = {
      id: uuidv7(now.getTime()),
      status: ended ? 'ENDED' : 'ACTIVE',
      originOrderId: input.orderId,
      memberId: input.memberId,
      visitorId: input.visitorId,
      buyerEmail: checkout.buyerInfo.email ?? null,
      lineItem: line,
      frequency: plan.frequency,
      interval: plan.interval,
      billingCycles,
      startDate,
      // What the checkout showed for every charge: the renewals charge exactly that.
      amountMinor: parseAmount((first ?? charges.charges[0])!.amount.amount, checkout.currency, 'amount'),
      currency: checkout.currency,
      channel: checkout.channelType,
      cyclesCompleted: trial ? 0 : 1,
      nextBillingDate: null,
      paymentMethod: input.card,
      failedAttempts: 0,
      lastFailure: null,
      renewalOrderIds: [],
      canceledDate: null,
      createdDate: now,
      updatedDate: now,
    };
    const next = row.cyclesCompleted + 1;
    if (!ended) row.nextBillingDate = billingDate(row, next);
    await tx.db.insert(sc).values(row);
    if (row.nextBillingDate) {
      await enqueueJob(tx, {
        kind: 'SUBSCRIPTION_RENEWAL',
        payload: { contractId: row.id, cycle: next, attempt: 0 },
        runAt: row.nextBillingDate,
      });
    }
    const entity = await toContract(tx, row);
    await emitEvent(tx, { type: 'ecom.subscription_contract.created', entityId: row.id, entity });
  }
}

/** Managers see every contract; a member or visitor their own; anyone else none (the same 404 as a missing one). */
function ownerScope(ctx: Ctx): SQL | undefined {
  if (managesOrders(ctx)) return undefined;
  const c = ctx.caller;
  if (c.type === 'MEMBER') return eq(sc.memberId, c.memberId);
  if (c.type === 'ANONYMOUS_VISITOR') return eq(sc.visitorId, c.visitorId);
  return eq(sc.id, '00000000-0000-0000-0000-000000000000');
}

export async function loadContract(ctx: Ctx, id: string, lock = false): Promise<ContractRow> {
  const q = ctx.db
    .select()
    .from(sc)
    .where(and(eq(sc.id, id), ownerScope(ctx)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Subscription');
  return row;
}

export async function getContract(ctx: Ctx, id: string): Promise<SubscriptionContract> {
  return toContract(ctx, await loadContract(ctx, id));
}

const CURSOR = 'subscription-contracts-cursor';
interface CursorState {
  status?: string;
  scope: string;
  after: [date: string, id: string];
}
const scopeKey = (ctx: Ctx) =>
  managesOrders(ctx)
    ? 'all'
    : ctx.caller.type === 'MEMBER'
      ? `m:${ctx.caller.memberId}`
      : ctx.caller.type === 'ANONYMOUS_VISITOR'
        ? `v:${ctx.caller.visitorId}`
        : 'none';

/** Newest first, keyset-paged; the cursor is signed and bound to the caller and the status filter. */
export async function listContracts(
  ctx: Ctx,
  q: ListSubscriptionContractsQuery,
): Promise<ListSubscriptionContractsResponse> {
  const limit = q.limit ?? 50;
  const state = q.cursor ? decodeSignedCursor<CursorState>(ctx, CURSOR, q.cursor) : undefined;
  if (state && state.scope !== scopeKey(ctx)) {
    throw new AppError('VALIDATION', 'cursor belongs to another caller', {
      violations: [{ field: 'cursor', violatedRule: 'VALIDATION', description: 'cursor belongs to another caller' }],
    });
  }
  const status = state ? state.status : q.status;
  const after = state
    ? or(
        lt(sc.createdDate, new Date(state.after[0])),
        and(eq(sc.createdDate, new Date(state.after[0])), lt(sc.id, state.after[1])),
      )
    : undefined;
  const rows = await ctx.db
    .select()
    .from(sc)
    .where(and(ownerScope(ctx), status ? eq(sc.status, status) : undefined, after))
    .orderBy(desc(sc.createdDate), desc(sc.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    subscriptionContracts: await toContracts(ctx, page),
    metadata: {
      count: page.length,
      ...(rows.length > limit && last
        ? {
            cursor: encodeSignedCursor(ctx, CURSOR, {
              ...(status ? { status } : {}),
              scope: scopeKey(ctx),
              after: [last.createdDate.toISOString(), last.id],
            }),
          }
        : {}),
    },
  };
}

export function refuse(row: ContractRow, what: string): never {
  throw new AppError('CONFLICT', `A ${row.status.toLowerCase()} subscription cannot be ${what}`, {
    applicationCode: 'SUBSCRIPTION_NOT_CHANGEABLE',
  });
}

export async function change(
  ctx: Ctx,
  id: string,
  apply: (row: ContractRow, now: Date, tx: Ctx) => Promise<Partial<ContractRow>> | Partial<ContractRow>,
  type: 'ecom.subscription_contract.updated' | 'ecom.subscription_contract.canceled',
): Promise<SubscriptionContract> {
  return withTx(ctx, async (tx) => {
    const row = await loadContract(tx, id, true);
    const now = tx.clock();
    const set = { ...(await apply(row, now, tx)), updatedDate: now };
    await tx.db.update(sc).set(set).where(eq(sc.id, id));
    const entity = await toContract(tx, { ...row, ...set });
    await emitEvent(tx, { type, entityId: id, entity });
    return entity;
  });
}

/** The buyer (their own) or a manager: no further charges. Canceling twice answers the canceled contract. */
export const cancelContract = (ctx: Ctx, id: string) =>
  change(
    ctx,
    id,
    async (row, now, tx) => {
      if (row.status === 'ENDED') refuse(row, 'canceled');
      if (row.status === 'CANCELED') return {};
      await contractChanged(tx, { contractId: row.id, kind: 'CANCELED' });
      return { status: 'CANCELED', canceledDate: now, nextBillingDate: null };
    },
    'ecom.subscription_contract.canceled',
  );

/** Managers: stop charging for now (the due renewal finds it paused and waits). */
export const pauseContract = (ctx: Ctx, id: string) =>
  change(
    ctx,
    id,
    (row) => {
      if (row.status !== 'ACTIVE' && row.status !== 'PAUSED') refuse(row, 'paused');
      return { status: 'PAUSED' };
    },
    'ecom.subscription_contract.updated',
  );

/**
 * Managers: charge again. The cycle that was due is charged now (if its date has passed) and the failures are
 * forgiven; a renewal job is planned for it.
 */
export const resumeContract = (ctx: Ctx, id: string) =>
  change(
    ctx,
    id,
    async (row, now, tx) => {
      if (row.status !== 'PAUSED' && row.status !== 'ACTIVE') refuse(row, 'resumed');
      if (row.status === 'ACTIVE') return {};
      return resumed(tx, row, now);
    },
    'ecom.subscription_contract.updated',
  );

/** A paused contract active again: the cycle that was due is planned (now, if its date has passed), failures forgiven. */
export async function resumed(tx: Ctx, row: ContractRow, now: Date): Promise<Partial<ContractRow>> {
  const cycle = row.cyclesCompleted + 1;
  const due = billingDate(row, cycle);
  const runAt = due > now ? due : now;
  await enqueueJob(tx, { kind: 'SUBSCRIPTION_RENEWAL', payload: { contractId: row.id, cycle, attempt: 0 }, runAt });
  await contractChanged(tx, { contractId: row.id, kind: 'RESUMED' });
  return { status: 'ACTIVE', failedAttempts: 0, lastFailure: null, nextBillingDate: runAt };
}

/** The next charge of each contract still billing (other modules show it, e.g. a plan's renewal date). */
export async function nextBillingDates(ctx: Ctx, ids: string[]): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: sc.id, next: sc.nextBillingDate })
    .from(sc)
    .where(and(inArray(sc.id, ids), eq(sc.status, 'ACTIVE')));
  return new Map(rows.flatMap((r) => (r.next ? [[r.id, r.next] as const] : [])));
}
