/**
 * Money rounding of the totals engine, in integer minor units. Each amount is rounded once (half up), and an
 * order-level amount is split across lines so the parts add up to it exactly.
 */

/** Percent of an amount (percent up to 4 decimals, e.g. 12.5), rounded half up once: 10% of 1005 → 101. */
export function percentOf(amount: bigint, percent: number): bigint {
  const basisPoints = BigInt(Math.round(percent * 10_000)); // percent × 10⁴ = exact for 4 decimals
  const scaled = amount * basisPoints;
  const denom = 1_000_000n;
  return scaled >= 0n ? (scaled + denom / 2n) / denom : -((-scaled + denom / 2n) / denom);
}

/**
 * Splits `amount` across `weights` (e.g. line subtotals) proportionally with the largest-remainder method: each part
 * is floor(amount × w / Σw), and the cents left over go one by one to the largest remainders (ties: earlier first).
 * The parts add up to `amount` exactly and no part exceeds its weight when amount ≤ Σw.
 */
export function allocate(amount: bigint, weights: bigint[]): bigint[] {
  const total = weights.reduce((a, b) => a + b, 0n);
  if (total <= 0n || amount <= 0n) return weights.map(() => 0n);
  const parts = weights.map((w) => (amount * w) / total);
  const remainders = weights.map((w, i) => ({ i, r: (amount * w) % total }));
  let left = amount - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0n) break;
    parts[i]! += 1n;
    left -= 1n;
  }
  return parts;
}
