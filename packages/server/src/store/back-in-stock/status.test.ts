import { describe, expect, it } from 'vitest';
import { BACK_IN_STOCK_STATUSES, type BackInStockStatus } from '@plaza/contracts';
import { AppError } from '../../kernel/errors.js';
import { assertTransition, canTransition, OPEN_STATUSES } from './status.js';

/** Every pair of statuses, with the answer the documented table gives (docs/store/back-in-stock.md). */
const ALLOWED: Array<[BackInStockStatus, BackInStockStatus]> = [
  ['UNSPECIFIED', 'RECEIVED'],
  ['RECEIVED', 'PROCESSING'],
  ['RECEIVED', 'NOTIFICATION_SENT'],
  ['PROCESSING', 'NOTIFICATION_SENT'],
  ['PROCESSING', 'FAILED'],
  ['FAILED', 'PROCESSING'],
  ['FAILED', 'NOTIFICATION_SENT'],
  ['NOTIFICATION_SENT', 'FAILED'],
];

describe('back-in-stock status transitions', () => {
  const pairs = BACK_IN_STOCK_STATUSES.flatMap((from) => BACK_IN_STOCK_STATUSES.map((to) => [from, to] as const));

  it('covers all 25 pairs', () => expect(pairs).toHaveLength(25));

  it.each(pairs)('%s → %s', (from, to) => {
    const allowed = ALLOWED.some(([f, t]) => f === from && t === to);
    expect(canTransition(from, to)).toBe(allowed);
    if (allowed) expect(() => assertTransition(from, to)).not.toThrow();
    else {
      let err: unknown;
      try {
        assertTransition(from, to);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(409);
      expect((err as AppError).message).toBe(`A back-in-stock request cannot go from ${from} to ${to}`);
      expect((err as AppError).toBody().details.applicationError).toMatchObject({
        code: 'INVALID_STATUS_TRANSITION',
        data: { from, to },
      });
    }
  });

  it('never goes back to UNSPECIFIED or RECEIVED, and a status never follows itself', () => {
    for (const s of BACK_IN_STOCK_STATUSES) {
      expect(canTransition(s, 'UNSPECIFIED')).toBe(false);
      expect(canTransition(s, s)).toBe(false);
      if (s !== 'UNSPECIFIED') expect(canTransition(s, 'RECEIVED')).toBe(false);
    }
  });

  it('calls RECEIVED and PROCESSING open (one per e-mail and item)', () => {
    expect([...OPEN_STATUSES].sort()).toEqual(['PROCESSING', 'RECEIVED']);
  });
});
