import { allocate, type TaxBreakdownLine } from '../totals/index.js';

/** Rates are fractions with up to 6 decimals: kept as integer parts per million ("0.0725" → 72_500n). */
export const PPM = 1_000_000n;
export function toPpm(rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.');
  return BigInt(whole) * PPM + BigInt(fraction.padEnd(6, '0').slice(0, 6));
}
export function fromPpm(ppm: bigint): string {
  const whole = ppm / PPM;
  const fraction = (ppm % PPM).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

const roundDiv = (n: bigint, d: bigint): bigint => (n + d / 2n) / d;

/**
 * The tax in one amount at one rate, rounded once (half up):
 *   exclusive: amount × r
 *   inclusive: amount − amount / (1 + r) = amount × r / (1 + r)   (the part of the price that is tax)
 */
export function taxOf(amount: bigint, ppm: bigint, inclusive: boolean): bigint {
  if (amount <= 0n || ppm <= 0n) return 0n;
  return inclusive ? roundDiv(amount * ppm, PPM + ppm) : roundDiv(amount * ppm, PPM);
}

export interface RatePart {
  jurisdiction: string;
  jurisdictionType: TaxBreakdownLine['jurisdictionType'];
  taxName: string;
  ppm: bigint;
}

/**
 * One item's tax: the parts' rates are summed, the item's tax is rounded once, then split across the parts by largest
 * remainder (weighted by their rates) so the breakdown adds up to the item's tax exactly.
 */
export function itemTax(
  amount: bigint,
  parts: RatePart[],
  inclusive: boolean,
): { tax: bigint; breakdown: TaxBreakdownLine[] } {
  const total = parts.reduce((s, p) => s + p.ppm, 0n);
  const tax = taxOf(amount, total, inclusive);
  const shares = allocate(
    tax,
    parts.map((p) => p.ppm),
  );
  const breakdown = parts
    .map((p, i) => ({
      jurisdiction: p.jurisdiction,
      jurisdictionType: p.jurisdictionType,
      taxName: p.taxName,
      rate: fromPpm(p.ppm),
      amount: shares[i]!,
    }))
    .filter((b) => b.rate !== '0');
  return { tax, breakdown };
}

/**
 * A group's own rate in a region replaces the jurisdictions' sum: it is split across them in proportion to their
 * rates (so "Books 5%" in a 6% state + 2% city region is 3.75% + 1.25%), exactly in ppm by largest remainder.
 */
export function scaleParts(parts: RatePart[], targetPpm: bigint, fallbackName: string, country: string): RatePart[] {
  const weights = parts.map((p) => p.ppm);
  if (weights.reduce((a, b) => a + b, 0n) <= 0n) {
    return [{ jurisdiction: country, jurisdictionType: 'COUNTRY', taxName: fallbackName, ppm: targetPpm }];
  }
  const scaled = allocate(targetPpm, weights);
  return parts.map((p, i) => ({ ...p, ppm: scaled[i]! }));
}
