import { describe, expect, it } from 'vitest';
import type { ShippingOption } from '@plaza/sdk/ecom';
import { countryOptions } from './countries.js';
import { destinationsOf } from './RegionForm.js';
import { rateWords, regionPlaces } from './words.js';

const money = (amount: string) => ({ amount, formattedAmount: `€${amount}` });

describe('shipping words', () => {
  it('turns typed states into subdivision codes and drops empty rows', () => {
    expect(
      destinationsOf([
        { country: 'US', parts: 'ca, NY, CA' },
        { country: 'DE', parts: '' },
        { country: '', parts: 'XX' },
      ]),
    ).toEqual([{ country: 'US', subdivisions: ['US-CA', 'US-NY'] }, { country: 'DE' }]);
  });

  it('names places and rates in words, never codes', () => {
    expect(
      regionPlaces({
        destinationScope: 'SPECIFIC_DESTINATIONS',
        destinations: [{ country: 'DE' }, { country: 'US', subdivisions: ['US-CA'] }],
      }),
    ).toBe('Germany, United States (CA)');
    expect(regionPlaces({ destinationScope: 'WORLDWIDE', destinations: [] })).toMatch(/other regions/);
    const option = {
      rates: [
        { price: money('4.90'), conditions: [{ type: 'BY_TOTAL_PRICE', operator: 'LT', value: '50' }] },
        { price: money('0.00'), conditions: [] },
      ],
      freeShippingOver: money('80.00'),
    } as unknown as ShippingOption;
    expect(rateWords(option)).toBe('€4.90 when order total is under 50; €0.00; free over €80.00');
  });

  it('lists each country once, by name', () => {
    const options = countryOptions();
    const codes = options.map((o) => o.value);
    expect(codes).toContain('DE');
    expect(codes).not.toContain('DD');
    expect(codes).not.toContain('EU');
    expect(new Set(codes).size).toBe(codes.length);
    expect(options.find((o) => o.value === 'FR')?.label).toBe('France');
  });
});
