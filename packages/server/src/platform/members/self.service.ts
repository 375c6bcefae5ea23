import { and, eq, ne } from 'drizzle-orm';
import type { Member, PrivacyStatus } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { emitEvent } from '../events/index.js';
import { notFound } from '../../kernel/errors.js';
import { isUniqueViolation, slugTaken } from './errors.js';
import { fieldsetFor, loadMember, myId } from './read.service.js';
import { members } from './tables.js';
import { memberColumns, readCap, toMember, type MemberRow } from './view.js';
import { membersChanged } from './totals.js';

/**
 * Gives a member a new slug. The unique index decides: of members claiming one slug at the same moment, exactly one
 * gets it and the others a 409. Asking for the slug one already has changes nothing.
 */
async function setSlug(ctx: Ctx, id: string, slug: string): Promise<MemberRow> {
  const current = await loadMember(ctx, id);
  if (current.slug === slug) return current;
  // A cheap answer for the common case; the update below still decides races.
  const [other] = await ctx.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.slug, slug), ne(members.id, id)))
    .limit(1);
  if (other) throw slugTaken(slug);
  try {
    const row = await withTx(ctx, async (tx) => {
      const [updated] = await tx.db
        .update(members)
        .set({ slug, updatedDate: tx.clock() })
        .where(eq(members.id, id))
        .returning(memberColumns);
      if (!updated) throw notFound('Member');
      const entity = toMember(updated, 'FULL');
      await emitEvent(tx, { type: 'members.member.updated', entityId: id, entity, modifiedFields: ['profile.slug'] });
      return updated;
    });
    membersChanged();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken(slug);
    throw err;
  }
}

/** POST /members/v1/members/my/slug */
export async function updateMySlug(ctx: Ctx, slug: string): Promise<Member> {
  return toMember(await setSlug(ctx, myId(ctx), slug), 'FULL');
}

/** POST /members/v1/members/{id}/slug (owners and `members` keys). */
export async function updateMemberSlug(ctx: Ctx, id: string, slug: string): Promise<Member> {
  const row = await setSlug(ctx, id, slug);
  return toMember(row, fieldsetFor(ctx, row, undefined, readCap(ctx.caller)));
}

/** POST /members/v1/members/join-community (PUBLIC) and /leave-community (PRIVATE). */
export async function setMyPrivacy(ctx: Ctx, privacyStatus: PrivacyStatus): Promise<Member> {
  const id = myId(ctx);
  const row = await withTx(ctx, async (tx) => {
    const [before] = await tx.db
      .select({ privacyStatus: members.privacyStatus })
      .from(members)
      .where(eq(members.id, id))
      .for('update');
    const [updated] = await tx.db
      .update(members)
      .set({ privacyStatus, updatedDate: tx.clock() })
      .where(eq(members.id, id))
      .returning(memberColumns);
    if (!before || !updated) throw notFound('Member');
    if (before.privacyStatus !== privacyStatus) {
      const type = privacyStatus === 'PUBLIC' ? 'members.member.joined_community' : 'members.member.left_community';
      await emitEvent(tx, { type, entityId: id, body: { privacyStatus } });
    }
    return updated;
  });
  membersChanged();
  return toMember(row, 'FULL');
}
