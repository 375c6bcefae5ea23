import { describe, expect, it } from 'vitest';
import type { Checkout } from '@plaza/contracts';
import { needsDelivery, whatIsMissing } from './missing.js';

const money = (amount: string) => ({ amount, formattedAmount: `$${amount}` });
const standard = {
  code: 'std',
  title: 'Standard',
  logistics: {},
  cost: { price: money('5.00') },
};
const pickup = {
  code: 'shop',
  title: 'Pick up',
  kind: 'STORE_PICKUP',
  logistics: { pickupDetails: { address: { city: 'Porto' } } },
  cost: { price: money('0.00') },
};

/** A checkout of one shipped mug; `extra` overrides. */
function checkout(extra: Record<string, unknown> = {}, shippable = true): Checkout {
  return {
    id: 'c1',
    buyerInfo: {},
    lineItems: [{ id: 'l1', productName: 'Mug', physicalProperties: { shippable } }],
    shippingInfo: { carrierServiceOptions: [] },
    violations: [],
    customFields: [],
    ...extra,
  } as unknown as Checkout;
}
const texts = (c: Checkout, opts = {}) => whatIsMissing(c, opts).map((m) => m.text);
const shipTo = (address: Record<string, string>, selected?: unknown, options: unknown[] = [standard]) => ({
  shippingInfo: {
    shippingDestination: { address },
    carrierServiceOptions: [{ shippingOptions: options }],
    ...(selected ? { selectedCarrierServiceOption: selected } : {}),
  },
});
const FULL = { country: 'US', addressLine: '1 Main St', city: 'Springfield' };

describe('what the Pay button says is missing', () => {
  it('a new checkout: the e-mail, a shipping address and a delivery option, in that order', () => {
    expect(texts(checkout())).toEqual(['Enter your e-mail', 'Add a shipping address', 'Choose a delivery option']);
  });

  it('the cart estimate carried a country: delivery is chosen, the street and city are still missing', () => {
    const c = checkout({ buyerInfo: { email: 'a@b.co' }, ...shipTo({ country: 'US', postalCode: '10001' }, standard) });
    expect(whatIsMissing(c)).toEqual([{ text: 'Add a shipping address', field: 'ship-address' }]);
    const noCity = checkout({ buyerInfo: { email: 'a@b.co' }, ...shipTo({ ...FULL, city: ' ' }, standard) });
    expect(whatIsMissing(noCity)[0]!.field).toBe('ship-city');
  });

  it('nothing missing once e-mail, address and option are in; the card form comes last', () => {
    const ready = checkout({ buyerInfo: { email: 'a@b.co' }, ...shipTo(FULL, standard) });
    expect(texts(ready)).toEqual([]);
    expect(whatIsMissing(ready, { cardProblem: 'Enter the card number.' })).toEqual([
      { text: 'Enter the card number', field: 'card-number' },
    ]);
  });

  it('a pickup needs no street; a digital order needs neither address nor option', () => {
    expect(texts(checkout({ buyerInfo: { email: 'a@b.co' }, ...shipTo({ country: 'PT' }, pickup, [pickup]) }))).toEqual(
      [],
    );
    expect(texts(checkout({ buyerInfo: { email: 'a@b.co' } }, false))).toEqual([]);
  });

  it('only shippable lines need delivery: a plan line (SERVICE, not shippable) needs none', () => {
    expect(needsDelivery(checkout({}, false))).toBe(false);
    expect(needsDelivery(checkout({}, true))).toBe(true);
  });

  it('an address nobody ships to, and an option that is no longer offered', () => {
    const nowhere = checkout({ buyerInfo: { email: 'a@b.co' }, ...shipTo(FULL, undefined, []) });
    expect(texts(nowhere)).toEqual(['Use an address we ship to']);
    const gone = checkout({ buyerInfo: { email: 'a@b.co' }, ...shipTo(FULL, { ...standard, code: 'old' }) });
    expect(texts(gone)).toEqual(['Choose a delivery option']);
  });

  it('ERROR violations in the shopper’s terms: the code to remove, the question to answer; warnings are not', () => {
    const c = checkout({
      buyerInfo: { email: 'a@b.co' },
      couponCode: 'SAVE10',
      customFields: [{ key: 'vat', label: 'VAT number' }],
      ...shipTo(FULL, standard),
      violations: [
        { severity: 'ERROR', target: { other: { name: 'couponCode' } }, description: 'The coupon has been used up.' },
        { severity: 'ERROR', target: { other: { name: 'customFields.vat' } }, description: 'required' },
        { severity: 'ERROR', target: { other: { name: 'shippingInfo' } }, description: 'not available' },
        { severity: 'ERROR', target: { lineItem: { id: 'l1' } }, description: 'Mug is sold out.' },
        { severity: 'WARNING', target: { lineItem: { id: 'l1' } }, description: 'Only 2 left.' },
      ],
    });
    expect(whatIsMissing(c)).toEqual([
      { text: 'Remove code SAVE10: The coupon has been used up.', field: 'code-coupon' },
      { text: 'Answer “VAT number”', field: 'custom-vat' },
      { text: 'Mug is sold out.' },
    ]);
  });

  it('a closed store says only that', () => {
    expect(texts(checkout(), { closed: true })).toEqual(['The store is not taking orders right now']);
  });
});
