import { eq } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { identityMembers } from './member-hooks.js';
import { identities } from './tables.js';

/** What token grants need to know of an identity and its member. */
export interface IdentityStanding {
  status: string;
  email: string;
  emailVerified: boolean;
  /** Undefined for an identity without a member row. */
  memberStatus: string | undefined;
  role: string | undefined;
}

/** The identity with its member's status and role, in one query; undefined when there is no such identity. */
export async function identityStanding(
  ctx: Pick<Ctx, 'db'>,
  identityId: string,
): Promise<IdentityStanding | undefined> {
  const member = identityMembers().standing(identities.id);
  const [row] = await ctx.db
    .select({
      status: identities.status,
      email: identities.email,
      emailVerified: identities.emailVerified,
      memberStatus: member.status,
      role: member.role,
    })
    .from(identities)
    .where(eq(identities.id, identityId))
    .limit(1);
  return row && { ...row, memberStatus: row.memberStatus ?? undefined, role: row.role ?? undefined };
}

/** The login e-mail of an identity and whether it is proven; undefined when there is no such identity. */
export async function identityEmail(
  ctx: Pick<Ctx, 'db'>,
  identityId: string,
): Promise<{ email: string; verified: boolean } | undefined> {
  const [who] = await ctx.db
    .select({ email: identities.email, verified: identities.emailVerified })
    .from(identities)
    .where(eq(identities.id, identityId));
  return who;
}
