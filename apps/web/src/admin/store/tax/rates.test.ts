import { describe, expect, it } from 'vitest';
import { percentToRate, rateToPercent } from './rates.js';

describe('tax rates', () => {
  it('turns typed percentages into the wire fraction, without floating point', () => {
    expect(percentToRate('19')).toBe('0.19');
    expect(percentToRate('7,25 %')).toBe('0.0725');
    expect(percentToRate('0.1')).toBe('0.001');
    expect(percentToRate('100')).toBe('1');
    expect(percentToRate('0')).toBe('0');
    expect(percentToRate('101')).toBeUndefined();
    expect(percentToRate('abc')).toBeUndefined();
  });

  it('shows wire fractions as percentages', () => {
    expect(rateToPercent('0.19')).toBe('19');
    expect(rateToPercent('0.0725')).toBe('7.25');
    expect(rateToPercent('1')).toBe('100');
    expect(rateToPercent('0')).toBe('0');
  });
});
