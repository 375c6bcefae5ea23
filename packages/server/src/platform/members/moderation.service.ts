import { eq } from 'drizzle-orm';
import type { ActivityStatus, Member } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import { emitEvent } from '../events/index.js';
import { endIdentitySessions, releaseIdentity } from '../identity/index.js';
import { loadMember } from './read.service.js';
import { nextStatus, SIGNED_OUT_STATUSES, type StatusAction } from './status.js';
import { members } from './tables.js';
import { memberColumns, readCap, toMember, type MemberRow } from './view.js';
import { membersChanged } from './totals.js';

export type ModerationAction = StatusAction | 'mute' | 'unmute';

export const OWNER_PROTECTED = 'OWNER_PROTECTED';

/** The site's owners can't be blocked, disconnected, muted or deleted: by nobody, themselves included. */
export function assertNotOwner(row: MemberRow, verb: string): void {
  if (row.role === 'OWNER') {
    throw new AppError('FORBIDDEN', `A site owner can't be ${verb}: change their role first`, {
      applicationCode: OWNER_PROTECTED,
      data: { memberId: row.id },
    });
  }
}

const PAST: Record<ModerationAction, string> = {
  approve: 'approved',
  block: 'blocked',
  disconnect: 'disconnected',
  mute: 'muted',
  unmute: 'unmuted',
};

/**
 * Moves a (locked) member through the status table. Approving also releases the identity (no longer awaiting the
 * owner, rejection lifted); blocking or disconnecting ends every session at once, in the same transaction.
 */
export async function changeStatus(tx: Ctx, row: MemberRow, action: StatusAction): Promise<MemberRow> {
  if (action !== 'approve') assertNotOwner(row, PAST[action]);
  const status = nextStatus(action, row.status);
  const [updated] = await tx.db
    .update(members)
    .set({ status, updatedDate: tx.clock() })
    .where(eq(members.id, row.id))
    .returning(memberColumns);
  if (action === 'approve') await releaseIdentity(tx, row.id);
  if (SIGNED_OUT_STATUSES.includes(status)) await endIdentitySessions(tx, row.id);
  if (status !== row.status) {
    const body = { previous: row.status, status };
    await emitEvent(tx, { type: 'members.member.status_changed', entityId: row.id, body });
  }
  return updated!;
}

/** Mutes or unmutes a (locked) member; doing it twice is harmless. */
export async function setActivity(tx: Ctx, row: MemberRow, activityStatus: ActivityStatus): Promise<MemberRow> {
  if (activityStatus === 'MUTED') assertNotOwner(row, 'muted');
  if (row.activityStatus === activityStatus) return row;
  const [updated] = await tx.db
    .update(members)
    .set({ activityStatus, updatedDate: tx.clock() })
    .where(eq(members.id, row.id))
    .returning(memberColumns);
  const body = { previous: row.activityStatus, activityStatus };
  await emitEvent(tx, { type: 'members.member.activity_status_changed', entityId: row.id, body });
  return updated!;
}

/** Applies one moderation action to a locked member row. */
export function moderate(tx: Ctx, row: MemberRow, action: ModerationAction): Promise<MemberRow> {
  if (action === 'mute') return setActivity(tx, row, 'MUTED');
  if (action === 'unmute') return setActivity(tx, row, 'ACTIVE');
  return changeStatus(tx, row, action);
}

/** POST /members/v1/members/{id}/{mute|unmute|approve|block|disconnect}: the member as the caller may read it. */
export async function moderateMember(ctx: Ctx, id: string, action: ModerationAction): Promise<Member> {
  const row = await withTx(ctx, async (tx) => moderate(tx, await loadMember(tx, id, true), action));
  membersChanged();
  return toMember(row, readCap(ctx.caller));
}
