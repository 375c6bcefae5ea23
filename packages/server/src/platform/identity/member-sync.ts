import { eq, sql } from 'drizzle-orm';
import type { IdentityProfile } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { identities } from './tables.js';

/**
 * Writes the members module makes to an identity: the member is the record of names and contact details, and a
 * deleted member takes its identity along.
 */

/** Replaces the profile keys `keys` with those of `profile` (a key missing from it is removed). */
export async function mergeIdentityProfile(
  tx: Ctx,
  id: string,
  profile: IdentityProfile,
  keys: readonly string[],
): Promise<void> {
  await tx.db
    .update(identities)
    .set({
      profile: sql`(${identities.profile} - array[${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )}]::text[]) || ${JSON.stringify(profile)}::jsonb`,
      updatedDate: tx.clock(),
      revision: sql`${identities.revision} + 1`,
    })
    .where(eq(identities.id, id));
}

/** Deletes an identity; its member, sessions and codes go with it (foreign-key cascades). */
export async function deleteIdentity(tx: Ctx, id: string): Promise<void> {
  await tx.db.delete(identities).where(eq(identities.id, id));
}
