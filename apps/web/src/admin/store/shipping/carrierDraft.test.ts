import { describe, expect, it } from 'vitest';
import type { ShippingProviderConfiguration } from '@plaza/sdk/ecom';
import { carrierDraft, carrierInput, carrierProblem, type CarrierDraft } from './carrierDraft.js';

const money = (amount: string) => ({ amount, formattedAmount: `$${amount}` });
const saved: ShippingProviderConfiguration = {
  shipFromAddress: { country: 'US', city: 'New York', geocode: { latitude: 40.78, longitude: -73.97 } },
  domesticServices: [
    { service: 'GROUND_ADVANTAGE', enabled: true, rateTable: [{ maxWeight: 1, price: money('4.00') }] },
    { service: 'PRIORITY_MAIL', enabled: false, rateTable: [] },
    { service: 'PRIORITY_MAIL_EXPRESS', enabled: false, rateTable: [] },
  ],
  internationalServices: [],
  packageTypes: [{ type: 'SMALL_FLAT_RATE_BOX', enabled: true }],
  createdDate: '2026-11-24T00:00:00.000Z',
  updatedDate: '2026-11-24T00:00:00.000Z',
};
const edit = (change: (d: CarrierDraft) => void) => {
  const d = structuredClone(carrierDraft(saved));
  change(d);
  return d;
};

describe('carrier draft', () => {
  it('reads the saved configuration and sends back only the changed parts', () => {
    const d = carrierDraft(saved);
    expect(d.address).toMatchObject({ country: 'US', latitude: '40.78', longitude: '-73.97' });
    expect(d.packages.find((p) => p.type === 'SMALL_FLAT_RATE_BOX')?.enabled).toBe(true);
    expect(d.packages).toHaveLength(7);
    const changed = edit((x) => x.domestic[0]!.bands.push({ maxWeight: '5', price: '9,50' }));
    expect(carrierProblem(changed)).toBeUndefined();
    expect(carrierInput(changed, ['domestic'])).toEqual({
      domesticServices: [
        {
          service: 'GROUND_ADVANTAGE',
          enabled: true,
          rateTable: [
            { maxWeight: 1, price: { amount: '4.00' } },
            { maxWeight: 5, price: { amount: '9.50' } },
          ],
        },
        { service: 'PRIORITY_MAIL', enabled: false, rateTable: [] },
        { service: 'PRIORITY_MAIL_EXPRESS', enabled: false, rateTable: [] },
      ],
    });
  });

  it('says in words what keeps a draft from saving', () => {
    expect(carrierProblem(edit((x) => x.domestic[0]!.bands.push({ maxWeight: '0.5', price: '2' })))).toBe(
      'List the Ground Advantage rates from the lightest parcel to the heaviest.',
    );
    expect(carrierProblem(edit((x) => (x.domestic[0]!.bands[0]!.price = 'free')))).toMatch(/Ground Advantage rate/);
    expect(carrierProblem(edit((x) => (x.address.latitude = '123')))).toMatch(/map position/);
    const ownBox = edit((x) => (x.packages.find((p) => p.type === 'CUSTOM')!.enabled = true));
    expect(carrierProblem(ownBox)).toBe('Enter the length, width and height of your own box.');
    const local = edit((x) => Object.assign(x.local, { enabled: true, radius: '10', price: '5' }));
    expect(carrierProblem(local)).toBeUndefined();
    expect(carrierProblem(edit((x) => Object.assign(x.local, { enabled: true, radius: '', price: '5' })))).toMatch(
      /how far/,
    );
    const noPosition = edit((x) => {
      Object.assign(x.local, { enabled: true, radius: '10', price: '5' });
      Object.assign(x.address, { latitude: '', longitude: '' });
    });
    expect(carrierProblem(noPosition)).toMatch(/map position/);
  });

  it('sends local delivery and the own box with their numbers', () => {
    const d = edit((x) => {
      Object.assign(x.local, { enabled: true, radius: '12', unit: 'MI', price: '0', freeOver: '' });
      Object.assign(
        x.packages.find((p) => p.type === 'CUSTOM')!,
        { enabled: true, length: '30', width: '20', height: '10' },
      );
    });
    const input = carrierInput(d, ['local', 'packages']);
    expect(input.localDelivery).toEqual({ enabled: true, radius: { value: 12, unit: 'MI' }, price: { amount: '0' } });
    expect(input.packageTypes?.find((p) => p.type === 'CUSTOM')).toEqual({
      type: 'CUSTOM',
      enabled: true,
      dimensions: { length: 30, width: 20, height: 10, unit: 'CM' },
    });
    expect(Object.keys(input)).toEqual(['localDelivery', 'packageTypes']);
  });
});
