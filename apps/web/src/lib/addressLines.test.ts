import { describe, expect, it } from 'vitest';
import { addressLinesWith } from '@plaza/contracts/constants';
import { loadAddressFormatter } from './addressLines.js';

describe('addresses on screens', () => {
  it('are written as their country writes them, by the lazily loaded formatter', async () => {
    const format = await loadAddressFormatter();
    const us = {
      addressLine: '1 Main St',
      city: 'San Francisco',
      postalCode: '94105',
      subdivision: 'US-CA',
      country: 'US',
    };
    expect(addressLinesWith(format, us)).toEqual(['1 Main St', 'San Francisco, CA 94105', 'United States of America']);
    expect(
      addressLinesWith(format, { addressLine: 'Hauptstr. 5', city: 'Berlin', postalCode: '10115', country: 'DE' }),
    ).toEqual(['Hauptstr. 5', '10115 Berlin', 'Germany']);
  });
});
