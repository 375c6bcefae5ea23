import { describe, expect, it } from 'vitest';
import { addCycles } from './wire.js';

describe('subscription cycle dates', () => {
  const d = (s: string) => new Date(s);
  it('adds days, weeks, months and years in UTC', () => {
    expect(addCycles(d('2026-01-10T12:00:00Z'), 'DAY', 3, 2).toISOString()).toBe('2026-01-16T12:00:00.000Z');
    expect(addCycles(d('2026-01-10T12:00:00Z'), 'WEEK', 2, 1).toISOString()).toBe('2026-01-24T12:00:00.000Z');
    expect(addCycles(d('2026-01-10T12:00:00Z'), 'MONTH', 1, 3).toISOString()).toBe('2026-04-10T12:00:00.000Z');
    expect(addCycles(d('2026-01-10T12:00:00Z'), 'YEAR', 1, 2).toISOString()).toBe('2028-01-10T12:00:00.000Z');
  });
  it('keeps a month end a month end, never spilling into the next month', () => {
    expect(addCycles(d('2026-01-31T00:00:00Z'), 'MONTH', 1, 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addCycles(d('2026-01-31T00:00:00Z'), 'MONTH', 1, 2).toISOString()).toBe('2026-03-31T00:00:00.000Z');
    expect(addCycles(d('2028-02-29T00:00:00Z'), 'YEAR', 1, 1).toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });
  it('cycle 0 is the start itself', () => {
    expect(addCycles(d('2026-05-05T00:00:00Z'), 'MONTH', 6, 0).toISOString()).toBe('2026-05-05T00:00:00.000Z');
  });
});
