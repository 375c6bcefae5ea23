import { randomBytes } from 'node:crypto';
import { asc, eq, like, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import type { Db } from '../../kernel/db.js';
import { randomToken, uuidv7 } from '../../lib/ids.js';
import { members } from '../members/tables.js';
import { hashPassword } from './password.js';
import { endIdentitySessions } from './sessions.service.js';
import { identities, loginThrottle } from './tables.js';

/**
 * Owner access from the command line (`plaza owner reset-password`, `plaza owner create`): the way back in for
 * whoever runs the server when the owner password is lost and no mail is set up. Passwords are generated,
 * printed once and stored only as hashes.
 */

export class OwnerAccessError extends Error {}

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The identity operations need only the database and a clock; the CLI has no request. */
function cliCtx(db: Db): Ctx {
  return { db, caller: { type: 'NONE' }, clock: () => new Date() } as unknown as Ctx;
}

async function owners(db: Db) {
  return db
    .select({ id: members.id, email: identities.email })
    .from(members)
    .innerJoin(identities, eq(identities.id, members.id))
    .where(eq(members.role, 'OWNER'))
    .orderBy(asc(members.createdDate));
}

/**
 * Sets a new random password on an owner (the only one, or the one with `email`), ends all of that owner's
 * sessions and refresh tokens, and lifts a login lock-out. Returns the e-mail and the new password.
 */
export async function resetOwnerPassword(db: Db, opts: { email?: string } = {}) {
  const all = await owners(db);
  if (!all.length)
    throw new OwnerAccessError('There is no owner yet. Start the server once, or run: plaza owner create --email E');
  let owner = all[0]!;
  if (opts.email) {
    const match = all.find((o) => o.email.toLowerCase() === opts.email!.trim().toLowerCase());
    if (!match) {
      throw new OwnerAccessError(
        `No owner has the e-mail ${opts.email}. Owners: ${all.map((o) => o.email).join(', ')}`,
      );
    }
    owner = match;
  } else if (all.length > 1) {
    throw new OwnerAccessError(
      `There are several owners; choose one with --email: ${all.map((o) => o.email).join(', ')}`,
    );
  }

  const password = randomToken(12);
  const passwordHash = await hashPassword(password);
  const email = owner.email.toLowerCase();
  await db.transaction(async (tx) => {
    await tx
      .update(identities)
      .set({
        passwordHash,
        passwordResetRequired: false,
        updatedDate: new Date(),
        revision: sql`${identities.revision} + 1`,
      })
      .where(eq(identities.id, owner.id));
    await endIdentitySessions(cliCtx(tx), owner.id);
    await tx
      .delete(loginThrottle)
      .where(or(eq(loginThrottle.key, `email:${email}`), like(loginThrottle.key, `login:${email}|%`)));
  });
  return { email: owner.email, password };
}

/** Creates another owner: an active, verified identity and an OWNER member. Returns the printed password. */
export async function createOwner(db: Db, opts: { email: string }) {
  const email = opts.email.trim();
  if (!SIMPLE_EMAIL.test(email) || email.length > 254) throw new OwnerAccessError(`Not an e-mail address: ${email}`);
  const [taken] = await db
    .select({ id: identities.id })
    .from(identities)
    .where(sql`lower(${identities.email}) = lower(${email})`);
  if (taken) {
    throw new OwnerAccessError(`An account with ${email} exists already; choose another e-mail.`);
  }
  const password = randomToken(12);
  const passwordHash = await hashPassword(password);
  const id = uuidv7();
  await db.transaction(async (tx) => {
    await tx
      .insert(identities)
      .values({ id, email, passwordHash, status: 'ACTIVE', emailVerified: true, profile: { nickname: 'Owner' } });
    await tx.insert(members).values({
      id,
      slug: `owner-${randomBytes(4).toString('hex')}`,
      role: 'OWNER',
      status: 'APPROVED',
      privacyStatus: 'PRIVATE',
      nickname: 'Owner',
      loginEmail: email,
    });
  });
  return { email, password };
}
