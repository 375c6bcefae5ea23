import { eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import type { Db } from '../../kernel/db.js';
import { endIdentitySessions } from './sessions.service.js';
import { identities, loginThrottle } from './tables.js';

/**
 * The identity side of site owners made or rescued outside a request (first start, `plaza owner …`); the members
 * module, which owns the OWNER role, drives it (members/owner.ts, members/owner-access.ts).
 */

/** The identity operations need only the database and a clock; the CLI has no request. */
function cliCtx(db: Db): Ctx {
  return { db, caller: { type: 'NONE' }, clock: () => new Date() } as unknown as Ctx;
}

/** An active, verified identity with a password, as an owner starts. */
export async function insertOwnerIdentity(db: Db, owner: { id: string; email: string; passwordHash: string }) {
  await db
    .insert(identities)
    .values({ ...owner, status: 'ACTIVE', emailVerified: true, profile: { nickname: 'Owner' } });
}

/** The login e-mail of each of these identities, by id. */
export async function identityEmails(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: identities.id, email: identities.email })
    .from(identities)
    .where(inArray(identities.id, ids));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** Whether an identity has this login e-mail (case-insensitive). */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: identities.id })
    .from(identities)
    .where(sql`lower(${identities.email}) = lower(${email})`);
  return !!taken;
}

/**
 * Sets a new password hash, ends all the identity's sessions and refresh tokens, and lifts a login lock-out of
 * its e-mail. Run it in the caller's transaction.
 */
export async function replaceOwnerPassword(db: Db, id: string, email: string, passwordHash: string): Promise<void> {
  await db
    .update(identities)
    .set({
      passwordHash,
      passwordResetRequired: false,
      updatedDate: new Date(),
      revision: sql`${identities.revision} + 1`,
    })
    .where(eq(identities.id, id));
  await endIdentitySessions(cliCtx(db), id);
  const lower = email.toLowerCase();
  await db
    .delete(loginThrottle)
    .where(or(eq(loginThrottle.key, `email:${lower}`), like(loginThrottle.key, `login:${lower}|%`)));
}
