import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db.js';
import { randomToken, uuidv7 } from '../../lib/ids.js';
import { hashPassword, insertOwnerIdentity } from '../identity/index.js';
import { members } from './tables.js';

export const DEMO_OWNER_EMAIL = 'owner@plaza.local';

/**
 * Creates the site owner on first start: an active, verified identity with the OWNER role.
 * Returns the generated password once (it is never stored in clear), or undefined when an owner exists.
 */
export async function ensureOwner(
  db: Db,
  opts: { email?: string; password?: string } = {},
): Promise<{ id: string; email: string; password: string } | undefined> {
  const email = opts.email ?? DEMO_OWNER_EMAIL;
  const [existing] = await db.select({ id: members.id }).from(members).where(eq(members.role, 'OWNER')).limit(1);
  if (existing) return undefined;
  const password = opts.password ?? randomToken(12);
  const id = uuidv7();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await insertOwnerIdentity(tx, { id, email, passwordHash });
    await tx.insert(members).values({
      id,
      slug: 'owner',
      role: 'OWNER',
      status: 'APPROVED',
      privacyStatus: 'PRIVATE',
      nickname: 'Owner',
      loginEmail: email,
    });
  });
  return { id, email, password };
}
