import { addCycles } from '../checkout/index.js';
import type { PlanDuration, PlanRecurrence } from './tables.js';

/** The dates a credit period needs of its membership, plan and benefit. */
export interface PeriodSource {
  membership: { startDate: Date; endDate: Date | null };
  plan: { recurrence: PlanRecurrence | null };
  benefit: { creditPeriod: PlanDuration | null };
}

export interface CreditPeriod {
  start: Date;
  /** null: the credits last as long as the membership. */
  end: Date | null;
}

/** How long one step of credits lasts: the benefit's own period, else a recurring plan's billing cycle. */
function creditStep(source: PeriodSource): PlanDuration | null {
  if (source.benefit.creditPeriod) return source.benefit.creditPeriod;
  const r = source.plan.recurrence;
  return r ? { unit: r.frequency, count: r.interval } : null;
}

/**
 * The credit period holding `at`: periods are steps counted from the membership's start, so a member's balance is
 * found again (same start) by every placement and every node. Without a step, one period spans the membership.
 */
export function creditPeriodAt(source: PeriodSource, at: Date): CreditPeriod {
  const start = source.membership.startDate;
  const step = creditStep(source);
  if (!step) return { start, end: source.membership.endDate };
  const next = (n: number) => addCycles(start, step.unit, step.count, n);
  // A first guess from the average step length, then walked to the exact step (months vary in length).
  const approxMs = { DAY: 864e5, WEEK: 6048e5, MONTH: 2_629_746e3, YEAR: 31_556_952e3 }[step.unit] * step.count;
  let n = Math.max(0, Math.floor((at.getTime() - start.getTime()) / approxMs));
  while (n > 0 && next(n) > at) n--;
  while (next(n + 1) <= at) n++;
  return { start: next(n), end: next(n + 1) };
}

/** A date `d` later: `count` days, weeks, months or years (a month end stays a month end). */
export const after = (start: Date, d: PlanDuration): Date => addCycles(start, d.unit, d.count, 1);
