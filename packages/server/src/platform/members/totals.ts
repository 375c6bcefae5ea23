import { count, type SQL } from 'drizzle-orm';
import type { ListMembersResponse } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { createReadCache } from '../../lib/cache.js';
import { notifyOthersMembersChanged } from './hooks.js';
import { members } from './tables.js';

/**
 * Member list pages and totals, kept for a few seconds per node (see lib/cache.ts). Counting 100,000 rows costs
 * far more than reading a page off an index, and dashboards and the community page repeat the same reads.
 */
export const memberReads = createReadCache<ListMembersResponse | number>(2_000);

/** Call after members were added, removed or changed on this node (reviews show member names too). */
export function membersChanged(): void {
  memberReads.changed();
  notifyOthersMembersChanged();
}

export async function countMembers(ctx: Ctx, where: SQL | undefined): Promise<number> {
  const q = ctx.db.select({ n: count() }).from(members).where(where);
  const { sql, params } = q.toSQL();
  return (await memberReads.get(
    ctx,
    `count|${sql}|${JSON.stringify(params)}`,
    async () => (await q)[0]?.n ?? 0,
  )) as number;
}
