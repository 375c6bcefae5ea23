import type { Ctx } from '../../kernel/context.js';
import { uuidv7 } from '../../lib/ids.js';
import { identities } from '../identity/tables.js';
import { emitEvent } from '../events/index.js';
import { toIdentity } from '../identity/profile.js';
import { insertMember } from '../members/create.js';
import { getSite } from '../site/index.js';

/**
 * An identity and its member for a first SSO sign-in. The provider vouched for the e-mail, so no code is mailed;
 * the owner-approval policy still applies.
 */
export async function createSsoIdentity(
  ctx: Ctx,
  p: { email: string; emailVerified: boolean; name?: string | undefined },
): Promise<string> {
  const id = uuidv7();
  const nickname = p.name ?? p.email.split('@')[0]!;
  const { signInPolicy } = await getSite(ctx);
  const pending = signInPolicy.ownerApprovalRequired;
  const [row] = await ctx.db
    .insert(identities)
    .values({
      id,
      email: p.email,
      status: pending ? 'PENDING' : 'ACTIVE',
      statusReasons: pending ? ['ADMIN_APPROVAL_REQUIRED'] : [],
      emailVerified: p.emailVerified,
      profile: { nickname },
    })
    .returning();
  await emitEvent(ctx, { type: 'identity.identity.created', entityId: id, entity: toIdentity(row!) });
  await insertMember(ctx, {
    id,
    email: p.email,
    profile: { nickname },
    status: pending ? 'PENDING' : 'APPROVED',
    now: ctx.clock(),
  });
  return id;
}
