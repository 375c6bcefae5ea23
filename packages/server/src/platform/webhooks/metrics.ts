import { inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { webhookDeliveries } from './tables.js';

export interface WebhookMetrics {
  pending: number;
  failed: number;
}

/**
 * Deliveries still to be made and those whose retry window closed, read when metrics are scraped. Both statuses
 * have a partial index (`webhook_deliveries_due_idx`, `webhook_deliveries_failed_idx`): succeeded ones, the many,
 * are never counted.
 */
export async function webhookMetrics(ctx: Ctx): Promise<WebhookMetrics> {
  const rows = await ctx.db
    .select({ status: webhookDeliveries.status, n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.status, ['PENDING', 'FAILED']))
    .groupBy(webhookDeliveries.status);
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { pending: of('PENDING'), failed: of('FAILED') };
}
