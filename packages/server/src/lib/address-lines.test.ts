import { describe, expect, it } from 'vitest';
import { addressLines } from './address-lines.js';

describe('addressLines', () => {
  it('writes each country its own way, with the subdivision as its code and the country named', () => {
    expect(
      addressLines({
        addressLine: '350 5th Ave',
        addressLine2: 'Suite 2',
        city: 'New York',
        postalCode: '10001',
        subdivision: 'US-NY',
        country: 'US',
      }),
    ).toEqual(['350 5th Ave', 'Suite 2', 'New York, NY 10001', 'United States of America']);
    expect(addressLines({ addressLine: 'Hauptstr. 5', city: 'Berlin', postalCode: '10115', country: 'DE' })).toEqual([
      'Hauptstr. 5',
      '10115 Berlin',
      'Germany',
    ]);
    expect(
      addressLines({ addressLine: '10 Downing St', city: 'London', postalCode: 'SW1A 2AA', country: 'GB' }),
    ).toEqual(['10 Downing St', 'London', 'SW1A 2AA', 'United Kingdom']);
  });

  it('never prints a raw subdivision code and leaves out what is missing', () => {
    const lines = addressLines({ city: 'Austin', subdivision: 'US-TX', country: 'US' });
    expect(lines.join('\n')).not.toMatch(/US-TX/);
    expect(addressLines(undefined)).toEqual([]);
    expect(addressLines({ city: 'Nowhere' })).toEqual(['Nowhere']);
  });
});
