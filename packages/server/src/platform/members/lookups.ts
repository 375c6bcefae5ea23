import { eq, inArray } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../kernel/context.js';
import { members } from './tables.js';

/** Narrow reads other modules make of members, so the members table stays private. */

/** The member's activity status (ACTIVE or MUTED); undefined when there is no such member. */
export async function memberActivityStatus(ctx: Ctx, id: string): Promise<string | undefined> {
  const [me] = await ctx.db
    .select({ activityStatus: members.activityStatus })
    .from(members)
    .where(eq(members.id, id))
    .limit(1);
  return me?.activityStatus;
}

/** A subquery of the ids of members with this login e-mail, for `inArray` in the caller's one query. */
export function memberIdsWithLoginEmail(ctx: Ctx, email: string) {
  return ctx.db.select({ id: members.id }).from(members).where(eq(members.loginEmail, email));
}

/** The member's login e-mail (null when it has none); undefined when there is no such member. */
export async function memberLoginEmail(ctx: Ctx, id: string): Promise<{ email: string | null } | undefined> {
  const [m] = await ctx.db.select({ email: members.loginEmail }).from(members).where(eq(members.id, id)).limit(1);
  return m;
}

/** Name and login e-mail of these members, by id, for managers' lists (name: first and last, else nickname). */
export async function memberNames(ctx: Ctx, ids: string[]): Promise<Map<string, { name: string; email?: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      id: members.id,
      first: members.firstName,
      last: members.lastName,
      nickname: members.nickname,
      email: members.loginEmail,
    })
    .from(members)
    .where(inArray(members.id, [...new Set(ids)]));
  return new Map(
    rows.map((r) => {
      const name = [r.first, r.last].filter(Boolean).join(' ') || r.nickname || r.email || '';
      return [r.id, { name, ...(r.email ? { email: r.email } : {}) }];
    }),
  );
}

/**
 * Members as review authors show them: a derived table to left-join on `id`, so a list and its authors stay one
 * query (PostgreSQL plans it like a join on the table).
 */
export const memberAuthors = new QueryBuilder()
  .select({
    id: members.id,
    nickname: members.nickname,
    photoUrl: members.photoUrl,
    privacyStatus: members.privacyStatus,
  })
  .from(members)
  .as('member_authors');
