import { eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../kernel/context.js';
import { members } from './tables.js';

/**
 * The members module's answers to identity's questions about the member of an identity (wired in
 * src/module-wiring.ts; identity sits below members and cannot import them).
 */

/** The member's status and role as scalar subqueries on its identity id: sign-in reads them in its one query. */
export function memberStanding(identityId: AnyPgColumn): { status: SQL<string | null>; role: SQL<string | null> } {
  // Qualified by hand: drizzle leaves columns of a single-table select unqualified, and "id" would mean members.id.
  const outer = sql`${sql.identifier(getTableName(identityId.table))}.${sql.identifier(identityId.name)}`;
  const read = (column: AnyPgColumn) =>
    sql<
      string | null
    >`(select m.${sql.identifier(column.name)} from ${members} m where m.${sql.identifier(members.id.name)} = ${outer})`;
  return { status: read(members.status), role: read(members.role) };
}

/** A session started: the member's last login date. */
export async function memberSignedIn(ctx: Ctx, id: string, at: Date): Promise<void> {
  await ctx.db.update(members).set({ lastLoginDate: at }).where(eq(members.id, id));
}

/** The owner approved or rejected the member's identity. */
export async function memberApprovalDecided(
  tx: Ctx,
  id: string,
  status: 'APPROVED' | 'BLOCKED',
  at: Date,
): Promise<void> {
  await tx.db.update(members).set({ status, updatedDate: at }).where(eq(members.id, id));
}
