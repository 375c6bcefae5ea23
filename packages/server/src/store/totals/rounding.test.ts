import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, percentOf } from './rounding.js';

describe('percentOf', () => {
  it('rounds half up once', () => {
    expect(percentOf(1005n, 10)).toBe(101n); // 100.5 → 101
    expect(percentOf(1004n, 10)).toBe(100n); // 100.4 → 100
    expect(percentOf(1800n, 8.25)).toBe(149n); // 148.5 → 149
    expect(percentOf(999n, 12.5)).toBe(125n); // 124.875 → 125
    expect(percentOf(0n, 50)).toBe(0n);
    expect(percentOf(700n, 100)).toBe(700n);
  });
});

describe('allocate (largest remainder)', () => {
  it('hand-checked: 1.00 over three equal lines is 34, 33, 33; remainders go to the largest first', () => {
    expect(allocate(100n, [100n, 100n, 100n])).toEqual([34n, 33n, 33n]);
    expect(allocate(10n, [1n, 2n, 7n])).toEqual([1n, 2n, 7n]);
    expect(allocate(5n, [300n, 700n])).toEqual([2n, 3n]); // 1.5 / 3.5 → ties by remainder, earlier first
    expect(allocate(5n, [0n, 0n])).toEqual([0n, 0n]);
  });

  it('for any amount and weights: the parts add up exactly and none exceeds its weight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 10_000_000n }), { minLength: 1, maxLength: 20 }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        (weights, wanted) => {
          const total = weights.reduce((a, b) => a + b, 0n);
          const amount = wanted < total ? wanted : total;
          const parts = allocate(amount, weights);
          expect(parts.reduce((a, b) => a + b, 0n)).toBe(total > 0n ? amount : 0n);
          parts.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(0n);
            expect(p).toBeLessThanOrEqual(weights[i]!);
          });
        },
      ),
    );
  });
});
