import type { ModerationDecision, ModerationStatus, ReviewModerationMode } from '@plaza/contracts';
import { AppError } from '../../kernel/errors.js';

/**
 * The owner's decisions (update-moderation-status), from each state. A review waiting for moderation, submitted or
 * in an unknown state may be approved or rejected; an approved one may be rejected later and a rejected one approved.
 * Deciding what a review already is (APPROVED → APPROVED) is a 409: the owner's screen is out of date.
 */
export const MODERATION_TRANSITIONS: Record<ModerationStatus, readonly ModerationDecision[]> = {
  UNKNOWN: ['APPROVED', 'REJECTED'],
  SUBMITTED: ['APPROVED', 'REJECTED'],
  IN_MODERATION: ['APPROVED', 'REJECTED'],
  APPROVED: ['REJECTED'],
  REJECTED: ['APPROVED'],
};

export function canTransition(from: ModerationStatus, to: ModerationDecision): boolean {
  return MODERATION_TRANSITIONS[from].includes(to);
}

/** Throws a 409 naming both states when the owner's decision does not apply to the review's state. */
export function assertTransition(from: ModerationStatus, to: ModerationDecision): void {
  if (canTransition(from, to)) return;
  throw new AppError('CONFLICT', `A review cannot go from ${from} to ${to}`, {
    applicationCode: 'MODERATION_TRANSITION_NOT_ALLOWED',
    data: { from, to },
  });
}

/** The status of a new review under the site's moderation setting. */
export const initialStatus = (mode: ReviewModerationMode): ModerationStatus =>
  mode === 'AUTO_APPROVE' ? 'APPROVED' : 'IN_MODERATION';

/**
 * The status after the author changes the content: under manual moderation it waits for the owner again (also a
 * rejected review, which the edit may have fixed); under auto-approval it stays what it was, so an edit never
 * overturns the owner's rejection.
 */
export const statusAfterEdit = (current: ModerationStatus, mode: ReviewModerationMode): ModerationStatus =>
  mode === 'MANUAL' ? 'IN_MODERATION' : current;
