import { startPeriodic } from '../../lib/periodic.js';
import { eq, notExists, sql } from 'drizzle-orm';
import type { AbandonedCheckoutActivity } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { uuidv7 } from '../../lib/ids.js';
import { parseAmount } from '../pricing/index.js';
import { getCheckoutSettings, renderCheckout, staleOpenCheckouts } from '../checkout/index.js';
import { emitEvent } from '../../platform/events/index.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { toAbandonedCheckout } from './wire.js';
import { abandonedCheckouts } from './tables.js';

/** How many checkouts one sweep looks at; the next sweep takes the rest. */
const BATCH = 200;

const afterMs = (a: { after: number; unit: 'MINUTES' | 'HOURS' }) =>
  a.after * (a.unit === 'HOURS' ? 3_600_000 : 60_000);

/**
 * Finds checkouts with the buyer's e-mail and no order, untouched for the configured time, and records each as
 * ABANDONED with its value, a SCHEDULED activity and a reminder job, in one transaction per checkout. Every node may
 * sweep at once: the unique checkout id lets only one insert win, and only the winner queues the reminder.
 * Returns how many it recorded.
 */
export async function sweepAbandonedCheckouts(ctx: Ctx): Promise<number> {
  const settings = await getCheckoutSettings(ctx);
  const now = ctx.clock();
  const cutoff = new Date(now.getTime() - afterMs(settings.abandonedCheckout));
  const candidates = await staleOpenCheckouts(ctx, {
    cutoff,
    limit: BATCH,
    // Those recorded already are left out.
    unless: (checkoutId) =>
      notExists(
        ctx.db
          .select({ one: sql`1` })
          .from(abandonedCheckouts)
          .where(eq(abandonedCheckouts.checkoutId, checkoutId)),
      ),
  });
  let recorded = 0;
  for (const row of candidates) {
    if (!row.lines.length) continue;
    // A checkout that no longer prices (say, every product deleted) must not hold up the others.
    const checkout = await renderCheckout(ctx, row).catch((err: unknown) => {
      ctx.log.warn({ err, checkoutId: row.id }, 'abandoned checkout skipped: it does not price');
      return undefined;
    });
    if (!checkout) continue;
    const currency = checkout.currency;
    const activity: AbandonedCheckoutActivity = { type: 'SCHEDULED', createdDate: now.toISOString() };
    const inserted = await withTx(ctx, async (tx) => {
      const [saved] = await tx.db
        .insert(abandonedCheckouts)
        .values({
          id: uuidv7(now.getTime()),
          checkoutId: row.id,
          cartId: row.cartId,
          status: 'ABANDONED',
          email: row.info.email!,
          memberId: row.memberId,
          totalMinor: parseAmount(checkout.priceSummary.total.amount, currency, 'total'),
          currency,
          itemCount: checkout.lineItems.reduce((n, l) => n + l.quantity, 0),
          itemNames: checkout.lineItems.map((l) =>
            l.quantity > 1 ? `${l.quantity} × ${l.productName}` : l.productName,
          ),
          activities: [activity],
          checkoutUpdatedDate: row.updatedDate,
          createdDate: now,
          updatedDate: now,
        })
        .onConflictDoNothing({ target: abandonedCheckouts.checkoutId })
        .returning();
      if (!saved) return false;
      await enqueueJob(tx, { kind: 'ABANDONED_CHECKOUT_REMINDER', payload: { abandonedCheckoutId: saved.id } });
      await emitEvent(tx, {
        type: 'ecom.abandoned_checkout.created',
        entityId: saved.id,
        entity: await toAbandonedCheckout(tx, saved),
      });
      return true;
    });
    if (inserted) recorded += 1;
  }
  return recorded;
}

/** Sweeps every `everyMs` on this node until stopped; a failed sweep is logged and the next one tries again. */
export const startAbandonedCheckoutSweeper = (ctx: Ctx, everyMs: number): { stop(): void } =>
  startPeriodic(ctx, 'abandoned checkout sweep', everyMs, sweepAbandonedCheckouts);
