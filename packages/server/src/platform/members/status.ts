import type { MemberStatus } from '@plaza/contracts';
import { AppError } from '../../kernel/errors.js';

/** The moderation calls that move a member's status. */
export type StatusAction = 'approve' | 'block' | 'disconnect';

/**
 * The member status machine: each action, the state it leads to and the states it may start from. Anything else is
 * a 409 naming both states. Approving lifts a block or an OFFLINE state; an OFFLINE member can still be blocked;
 * a BLOCKED member must be approved before it can be disconnected.
 */
export const STATUS_TRANSITIONS: Record<StatusAction, { to: MemberStatus; from: readonly MemberStatus[] }> = {
  approve: { to: 'APPROVED', from: ['UNKNOWN', 'PENDING', 'BLOCKED', 'OFFLINE'] },
  block: { to: 'BLOCKED', from: ['UNKNOWN', 'PENDING', 'APPROVED', 'OFFLINE'] },
  disconnect: { to: 'OFFLINE', from: ['UNKNOWN', 'PENDING', 'APPROVED'] },
};

/** Statuses whose members may not sign in; reaching one ends every session of the member at once. */
export const SIGNED_OUT_STATUSES: readonly MemberStatus[] = ['BLOCKED', 'OFFLINE'];

export const INVALID_STATUS_TRANSITION = 'INVALID_STATUS_TRANSITION';

export function transitionError(action: StatusAction, from: string): AppError {
  const { to } = STATUS_TRANSITIONS[action];
  return new AppError('CONFLICT', `Cannot ${action} a member whose status is ${from} (${from} → ${to})`, {
    applicationCode: INVALID_STATUS_TRANSITION,
    data: { from, to },
  });
}

/** The status after `action`, or a 409 when the table does not allow it from `from`. */
export function nextStatus(action: StatusAction, from: string): MemberStatus {
  const t = STATUS_TRANSITIONS[action];
  if (!t.from.includes(from as MemberStatus)) throw transitionError(action, from);
  return t.to;
}
