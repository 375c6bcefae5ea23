import { and, eq, gt } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { redirectSessions } from './tables.js';

export type NewRedirectSession = Omit<typeof redirectSessions.$inferInsert, 'createdDate'>;

/** Records a redirect session (the redirects module's `POST /redirects/v1/redirect-session`) in the caller's tx. */
export async function insertRedirectSession(ctx: Ctx, session: NewRedirectSession): Promise<void> {
  await ctx.db.insert(redirectSessions).values(session);
}

/** Where a login redirect session returns after sign-in: its stored (checked) postFlowUrl, while it lasts. */
export async function loginSessionReturn(ctx: Ctx, id: string): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ data: redirectSessions.data })
    .from(redirectSessions)
    .where(
      and(
        eq(redirectSessions.id, id),
        eq(redirectSessions.kind, 'LOGIN'),
        gt(redirectSessions.expiresDate, ctx.clock()),
      ),
    );
  const url = row?.data.postFlowUrl;
  return typeof url === 'string' ? url : undefined;
}
