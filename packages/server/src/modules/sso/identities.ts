import { sql } from 'drizzle-orm';
import type { Ctx } from '../../context.js';
import { uuidv7 } from '../../lib/ids.js';
import { identities, members } from '../identity/tables.js';
import { getSite } from '../site/service.js';

/** A member slug from a name or e-mail: lower-case words joined by dashes, made unique with a suffix. */
async function freeSlug(ctx: Ctx, base: string): Promise<string> {
  const root =
    base
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'member';
  const taken = await ctx.db
    .select({ slug: members.slug })
    .from(members)
    .where(sql`${members.slug} = ${root} OR ${members.slug} LIKE ${`${root}-%`}`);
  const used = new Set(taken.map((r) => r.slug));
  if (!used.has(root)) return root;
  for (let i = 2; ; i++) if (!used.has(`${root}-${i}`)) return `${root}-${i}`;
}

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
  await ctx.db.insert(identities).values({
    id,
    email: p.email,
    status: pending ? 'PENDING' : 'ACTIVE',
    statusReasons: pending ? ['ADMIN_APPROVAL_REQUIRED'] : [],
    emailVerified: p.emailVerified,
    profile: { nickname },
  });
  await ctx.db.insert(members).values({
    id,
    slug: await freeSlug(ctx, nickname),
    nickname,
    status: pending ? 'PENDING' : 'APPROVED',
    privacyStatus: 'PUBLIC',
  });
  return id;
}
