import { eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { loginThrottle } from './tables.js';

/**
 * Windowed counters in the sign-in throttle's table, for other modules' abuse policies (reviews counts contact
 * reviews per address under `review:<ip>`), so every node sees the same count.
 */

/** The count under `key`, or 0 when its last bump is `windowMs` or more ago. */
export async function windowedCount(ctx: Ctx, key: string, windowMs: number): Promise<number> {
  const [row] = await ctx.db.select().from(loginThrottle).where(eq(loginThrottle.key, key)).limit(1);
  return row && ctx.clock().getTime() - row.lastFailureDate.getTime() < windowMs ? row.failures : 0;
}

/** Adds one to the count under `key`; a count whose last bump is older than the window starts again at 1. */
export async function bumpWindowedCount(ctx: Ctx, key: string, windowMs: number): Promise<void> {
  const now = ctx.clock();
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  await ctx.db
    .insert(loginThrottle)
    .values({ key, failures: 1, lastFailureDate: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`CASE WHEN ${loginThrottle.lastFailureDate} < ${cutoff}::timestamptz THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        lastFailureDate: now,
      },
    });
}
