import { describe, expect, it } from 'vitest';
import { uuidv7 } from './ids.js';

describe('uuidv7', () => {
  it('is a version 7, variant 1 UUID carrying its millisecond time', () => {
    const id = uuidv7(Date.UTC(2026, 10, 24));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.UTC(2026, 10, 24));
  });

  it('never repeats across refills of its random pool, and sorts by time', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => uuidv7(1_700_000_000_000 + i));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    // Same millisecond: still distinct (the random part differs).
    expect(uuidv7(1)).not.toBe(uuidv7(1));
  });
});
