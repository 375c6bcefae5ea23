import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db.js';
import { randomToken, uuidv7 } from '../../lib/ids.js';
import {
  emailTaken,
  hashPassword,
  identityEmails,
  insertOwnerIdentity,
  replaceOwnerPassword,
} from '../identity/index.js';
import { members } from './tables.js';

/**
 * Owner access from the command line (`plaza owner reset-password`, `plaza owner create`): the way back in for
 * whoever runs the server when the owner password is lost and no mail is set up. Passwords are generated,
 * printed once and stored only as hashes.
 */

export class OwnerAccessError extends Error {}

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The owners, oldest first, with their login e-mails. */
async function owners(db: Db) {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.role, 'OWNER'))
    .orderBy(asc(members.createdDate));
  const emails = await identityEmails(
    db,
    rows.map((r) => r.id),
  );
  return rows.flatMap((r) => (emails.has(r.id) ? [{ id: r.id, email: emails.get(r.id)! }] : []));
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
  await db.transaction((tx) => replaceOwnerPassword(tx, owner.id, owner.email, passwordHash));
  return { email: owner.email, password };
}

/** Creates another owner: an active, verified identity and an OWNER member. Returns the printed password. */
export async function createOwner(db: Db, opts: { email: string }) {
  const email = opts.email.trim();
  if (!SIMPLE_EMAIL.test(email) || email.length > 254) throw new OwnerAccessError(`Not an e-mail address: ${email}`);
  if (await emailTaken(db, email)) {
    throw new OwnerAccessError(`An account with ${email} exists already; choose another e-mail.`);
  }
  const password = randomToken(12);
  const passwordHash = await hashPassword(password);
  const id = uuidv7();
  await db.transaction(async (tx) => {
    await insertOwnerIdentity(tx, { id, email, passwordHash });
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
