import { sql } from 'drizzle-orm';
import type { Identity } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { toIdentity } from './profile.js';
import { identities } from './tables.js';

/** What the sso module needs of identities: find one by a vouched-for e-mail, or make one for a first sign-in. */

/** The identity with this (lower-cased) login e-mail, if any. */
export async function identityIdByEmail(ctx: Ctx, email: string): Promise<string | undefined> {
  const [existing] = await ctx.db
    .select({ id: identities.id })
    .from(identities)
    .where(sql`lower(${identities.email}) = ${email}`)
    .limit(1);
  return existing?.id;
}

/** Inserts an identity without password (it signs in through its provider); answers it as the API shows it. */
export async function insertSsoIdentity(
  ctx: Ctx,
  values: { id: string; email: string; pending: boolean; emailVerified: boolean; nickname: string },
): Promise<Identity> {
  const [row] = await ctx.db
    .insert(identities)
    .values({
      id: values.id,
      email: values.email,
      status: values.pending ? 'PENDING' : 'ACTIVE',
      statusReasons: values.pending ? ['ADMIN_APPROVAL_REQUIRED'] : [],
      emailVerified: values.emailVerified,
      profile: { nickname: values.nickname },
    })
    .returning();
  return toIdentity(row!);
}
