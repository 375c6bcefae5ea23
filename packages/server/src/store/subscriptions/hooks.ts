import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { emitEvent } from '../../platform/events/index.js';
import { subscriptionContracts as sc } from './tables.js';
import { toContract } from './wire.js';

/**
 * What happened to a contract, for the modules that sell through it (a paid plan's membership follows its
 * contract): RENEWED (a cycle paid; `periodEnd` is the end of that cycle), PAUSED (the engine's retries ran out),
 * RESUMED, CANCELED (by the buyer or a manager on the contract itself).
 */
export interface ContractChange {
  contractId: string;
  kind: 'RENEWED' | 'PAUSED' | 'RESUMED' | 'CANCELED';
  periodEnd?: Date;
}
type ContractListener = (tx: Ctx, change: ContractChange) => Promise<void>;

// A set: every app built in one process (tests start many) wires the same listener again.
const listeners = new Set<ContractListener>();

/** Set by the app (src/module-wiring.ts): subscriptions sits below the modules that listen. */
export function onContractChanged(listener: ContractListener): void {
  listeners.add(listener);
}

/** Runs in the change's transaction: a listener that throws rolls the change back. */
export async function contractChanged(tx: Ctx, change: ContractChange): Promise<void> {
  for (const listener of listeners) await listener(tx, change);
}

/** The contracts an order made, with the line each came from. */
export async function contractsOfOrder(tx: Ctx, orderId: string) {
  const rows = await tx.db.select().from(sc).where(eq(sc.originOrderId, orderId));
  return rows.map((r) => ({
    id: r.id,
    lineItemId: r.lineItem.id,
    startDate: r.startDate,
    frequency: r.frequency as 'DAY' | 'WEEK' | 'MONTH' | 'YEAR',
    interval: r.interval,
    status: r.status,
    /** 0: a free trial, cycle 1 is charged on `startDate`. */
    cyclesCompleted: r.cyclesCompleted,
  }));
}

/** Of these contracts, those still charging or paused (not canceled, not ended). */
export async function liveContractIds(tx: Ctx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await tx.db
    .select({ id: sc.id })
    .from(sc)
    .where(and(inArray(sc.id, ids), inArray(sc.status, ['ACTIVE', 'PAUSED'])));
  return new Set(rows.map((r) => r.id));
}

/**
 * Stops a contract for the module that sold it (a canceled or revoked membership): no more charges. The caller
 * decided who may; a contract already canceled or ended is left as it is. Listeners are not told (the seller acts).
 */
export async function stopContract(tx: Ctx, id: string): Promise<void> {
  const [row] = await tx.db.select().from(sc).where(eq(sc.id, id)).for('update');
  if (!row || (row.status !== 'ACTIVE' && row.status !== 'PAUSED')) return;
  const now = tx.clock();
  const set = { status: 'CANCELED', canceledDate: now, nextBillingDate: null, updatedDate: now };
  await tx.db.update(sc).set(set).where(eq(sc.id, id));
  const entity = await toContract(tx, { ...row, ...set });
  await emitEvent(tx, { type: 'ecom.subscription_contract.canceled', entityId: id, entity });
}
