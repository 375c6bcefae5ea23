import type { Ctx } from '../../kernel/context.js';
import { uuidv7 } from '../../lib/ids.js';
import { emitEvent } from '../events/index.js';
import { insertSsoIdentity } from '../identity/index.js';
import { insertMember } from '../members/index.js';
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
  const identity = await insertSsoIdentity(ctx, {
    id,
    email: p.email,
    pending,
    emailVerified: p.emailVerified,
    nickname,
  });
  await emitEvent(ctx, { type: 'identity.identity.created', entityId: id, entity: identity });
  await insertMember(ctx, {
    id,
    email: p.email,
    profile: { nickname },
    status: pending ? 'PENDING' : 'APPROVED',
    now: ctx.clock(),
  });
  return id;
}
