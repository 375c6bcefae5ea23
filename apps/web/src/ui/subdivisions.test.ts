import { describe, expect, it } from 'vitest';
import { subdivisionName, subdivisionsOf } from './subdivisions.js';

describe('subdivisions', () => {
  it('lists a country’s states by name with their ISO 3166-2 codes', () => {
    const us = subdivisionsOf('US')!;
    expect(us).toHaveLength(52);
    expect(us[0]).toEqual({ code: 'US-AL', name: 'Alabama' });
    expect(us.find((s) => s.name === 'California')?.code).toBe('US-CA');
    expect(subdivisionsOf('AU')!.map((s) => s.code)).toContain('AU-NSW');
    for (const country of ['US', 'CA', 'BR', 'AU', 'MX', 'IN']) {
      for (const s of subdivisionsOf(country)!) expect(s.code).toMatch(new RegExp(`^${country}-[A-Z]{2,3}$`));
    }
  });

  it('has no list for countries shipped and taxed as a whole, and names what it knows', () => {
    expect(subdivisionsOf('FR')).toBeUndefined();
    expect(subdivisionsOf(undefined)).toBeUndefined();
    expect(subdivisionName('CA-QC')).toBe('Quebec');
    expect(subdivisionName('FR-75')).toBe('FR-75');
  });
});
