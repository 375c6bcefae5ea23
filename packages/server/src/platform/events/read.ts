import { eq } from 'drizzle-orm';
import type { EventEnvelope } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { domainEvents } from './tables.js';

/** The stored envelope of one event (a webhook delivery shows what it carries); undefined once pruned. */
export async function eventEnvelope(ctx: Ctx, id: string): Promise<EventEnvelope | undefined> {
  const [event] = await ctx.db.select().from(domainEvents).where(eq(domainEvents.id, id));
  return event?.envelope;
}
