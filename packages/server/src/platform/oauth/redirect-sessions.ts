import type { Ctx } from '../../kernel/context.js';
import { redirectSessions } from './tables.js';

export type NewRedirectSession = Omit<typeof redirectSessions.$inferInsert, 'createdDate'>;

/** Records a redirect session (the redirects module's `POST /redirects/v1/redirect-session`) in the caller's tx. */
export async function insertRedirectSession(ctx: Ctx, session: NewRedirectSession): Promise<void> {
  await ctx.db.insert(redirectSessions).values(session);
}
