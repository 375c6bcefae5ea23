import { withTx, type Ctx } from '../../kernel/context.js';
import { violation } from '../../kernel/errors.js';
import { emitEvent } from '../events/index.js';
import { deleteIdentity, endIdentitySessions } from '../identity/index.js';
import { handOverMemberContent } from './hooks.js';
import { assertNotOwner } from './moderation.service.js';
import { findMember, loadMember, myId, visibleTo } from './read.service.js';
import { toMember, type MemberRow } from './view.js';
import { membersChanged } from './totals.js';

/**
 * Checks that `contentAssigneeId` names a member who can take over the content: an existing member (one the caller
 * can see) other than the one being deleted. A 400 on `field` otherwise.
 */
export async function checkAssignee(
  ctx: Ctx,
  deletedIds: string | ReadonlySet<string>,
  contentAssigneeId: string | undefined,
  field = 'contentAssigneeId',
): Promise<void> {
  if (!contentAssigneeId) return;
  const deleted = typeof deletedIds === 'string' ? deletedIds === contentAssigneeId : deletedIds.has(contentAssigneeId);
  if (deleted) throw violation(field, 'VALIDATION', 'must be another member than the one being deleted');
  const assignee = await findMember(ctx, contentAssigneeId);
  if (!assignee || !visibleTo(ctx, assignee)) throw violation(field, 'VALIDATION', 'must be an existing member');
}

/**
 * Deletes a (locked) member: the identity goes and the member row with it (cascade); sessions end; reviews go to
 * `contentAssigneeId` or are removed. Run inside the caller's transaction; the assignee is checked already.
 */
export async function deleteMemberRow(tx: Ctx, row: MemberRow, contentAssigneeId: string | undefined): Promise<void> {
  assertNotOwner(row, 'deleted');
  await handOverMemberContent(tx, row.id, contentAssigneeId);
  await endIdentitySessions(tx, row.id);
  await deleteIdentity(tx, row.id);
  await emitEvent(tx, { type: 'members.member.deleted', entityId: row.id, entity: toMember(row, 'FULL') });
  await emitEvent(tx, { type: 'identity.identity.deleted', entityId: row.id, entity: { id: row.id } });
}

/** DELETE /members/v1/members/{id} (owners and `members` keys). */
export async function deleteMember(ctx: Ctx, id: string, contentAssigneeId?: string): Promise<void> {
  await withTx(ctx, async (tx) => {
    const row = await loadMember(tx, id, true);
    assertNotOwner(row, 'deleted');
    await checkAssignee(tx, id, contentAssigneeId);
    await deleteMemberRow(tx, row, contentAssigneeId);
  });
  membersChanged();
}

/** DELETE /members/v1/members/my: the caller's own account; their token stops working at once. */
export async function deleteMyMember(ctx: Ctx, contentAssigneeId?: string): Promise<void> {
  await deleteMember(ctx, myId(ctx), contentAssigneeId);
}
