import { eq } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { createReadCache } from '../../lib/cache.js';
import type { CardRow } from './model.js';
import { giftCards } from './tables.js';

const cache = createReadCache<CardRow | null>(2_000);

/**
 * Cards by code hash for the totals stage (a cart re-prices on every change; the card rarely does). Any write on
 * this node clears it; reservations are never decided from it (they are one conditional UPDATE).
 */
export const cardsByCode = {
  get: (ctx: Ctx, codeHash: string) =>
    cache.get(ctx, codeHash, async () => {
      const [row] = await ctx.db.select().from(giftCards).where(eq(giftCards.codeHash, codeHash)).limit(1);
      return row ?? null;
    }),
  changed: () => cache.changed(),
  async afterWrite<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      cache.changed();
    }
  },
};
