import { eq, like, or } from 'drizzle-orm';
import type { IdentityProfile, MemberRoleName, MemberStatus } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { randomToken } from '../../lib/ids.js';
import { emitEvent } from '../events/index.js';
import { getSite } from '../site/index.js';
import { members } from './tables.js';
import { membersChanged } from './totals.js';
import { memberColumns, toMember, type MemberRow } from './view.js';

/** A member slug from a nickname or an e-mail's local part: lower-case ASCII words joined by dashes. */
export function slugBase(nickname: string | undefined, email: string): string {
  const slug = (nickname?.trim() || email.split('@')[0]!)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'member';
}

export interface NewMember {
  id: string;
  email: string;
  /** The identity's profile at sign-up: names, nickname, picture and contact details seed the member. */
  profile: IdentityProfile;
  status: MemberStatus;
  role?: MemberRoleName;
  /** A title shown by the member's name (the demo community sets some). */
  title?: string;
  now: Date;
  /** false: the caller completes the member in the same transaction and emits `members.member.created` itself. */
  announce?: boolean;
}

/**
 * Inserts the member of a new identity with the first free slug of base, base-2, base-3, … (a lost race tries the
 * next). Privacy comes from the site's community policy. Runs inside the caller's transaction.
 */
export async function insertMember(ctx: Ctx, m: NewMember): Promise<void> {
  const { communityPolicy } = await getSite(ctx);
  const p = m.profile;
  const values = {
    id: m.id,
    role: m.role ?? 'MEMBER',
    status: m.status,
    ...(m.title ? { title: m.title } : {}),
    privacyStatus: communityPolicy.defaultPrivacyStatus,
    loginEmail: m.email,
    nickname: p.nickname?.trim() || null,
    firstName: p.firstName?.trim() || null,
    lastName: p.lastName?.trim() || null,
    photoUrl: p.picture ?? null,
    contact: {
      ...(p.emails ? { emails: p.emails } : {}),
      ...(p.phones ? { phones: p.phones } : {}),
      ...(p.addresses ? { addresses: p.addresses } : {}),
      ...(p.customFields ? { customFields: p.customFields } : {}),
    },
    createdDate: m.now,
    updatedDate: m.now,
  };
  const base = slugBase(p.nickname, m.email);
  const rows = await ctx.db
    .select({ slug: members.slug })
    .from(members)
    .where(or(eq(members.slug, base), like(members.slug, `${base}-%`)));
  const taken = new Set(rows.map((r) => r.slug));
  let n = 1;
  for (let attempt = 0; attempt < 20; attempt++) {
    let slug = base;
    while (taken.has(slug)) slug = `${base}-${++n}`;
    const inserted = await ctx.db
      .insert(members)
      .values({ ...values, slug })
      .onConflictDoNothing({ target: members.slug })
      .returning(memberColumns);
    if (inserted.length) return created(ctx, inserted[0]!, m.announce);
    taken.add(slug);
  }
  const [row] = await ctx.db
    .insert(members)
    .values({ ...values, slug: `${base}-${randomToken(4).toLowerCase()}` })
    .returning(memberColumns);
  await created(ctx, row!, m.announce);
}

async function created(ctx: Ctx, row: MemberRow, announce = true): Promise<void> {
  membersChanged();
  if (announce) await announceMember(ctx, row);
}

/** The created event of a member, with the member as it stands when its transaction commits. */
export async function announceMember(ctx: Ctx, row: MemberRow): Promise<void> {
  await emitEvent(ctx, { type: 'members.member.created', entityId: row.id, entity: toMember(row, 'FULL') });
}
