import type { BackInStockStatus } from '@plaza/contracts';
import { AppError } from '../../kernel/errors.js';

/**
 * The back-in-stock request state machine (DESIGN §5), the one place that says which status may follow which:
 * - UNSPECIFIED is the state before a request exists; creating it makes it RECEIVED.
 * - RECEIVED waits. A report (or a restock from 0) moves it to PROCESSING; the owner may mark it NOTIFICATION_SENT by
 *   hand (mailed outside Plaza).
 * - PROCESSING belongs to one job. The job hands its mail to the outbox and marks it NOTIFICATION_SENT in one
 *   transaction, or FAILED when it cannot be mailed. Marking by hand is also allowed (the job then skips it).
 * - FAILED may be reported again (PROCESSING: requestIds retry it) or marked by hand.
 * - NOTIFICATION_SENT is final, except NOTIFICATION_SENT → FAILED when the mail server refused the handed-over mail.
 */
export const TRANSITIONS: Record<BackInStockStatus, readonly BackInStockStatus[]> = {
  UNSPECIFIED: ['RECEIVED'],
  RECEIVED: ['PROCESSING', 'NOTIFICATION_SENT'],
  PROCESSING: ['NOTIFICATION_SENT', 'FAILED'],
  FAILED: ['PROCESSING', 'NOTIFICATION_SENT'],
  NOTIFICATION_SENT: ['FAILED'],
};

/** Statuses in which a request still waits for its notice: one such request per e-mail and item. */
export const OPEN_STATUSES: readonly BackInStockStatus[] = ['RECEIVED', 'PROCESSING'];

export const canTransition = (from: BackInStockStatus, to: BackInStockStatus): boolean =>
  TRANSITIONS[from].includes(to);

/** Throws 409 INVALID_STATUS_TRANSITION naming both states when `to` may not follow `from`. */
export function assertTransition(from: BackInStockStatus, to: BackInStockStatus): void {
  if (canTransition(from, to)) return;
  throw new AppError('CONFLICT', `A back-in-stock request cannot go from ${from} to ${to}`, {
    applicationCode: 'INVALID_STATUS_TRANSITION',
    data: { from, to },
  });
}
