import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lineWords, optionWords } from '@plaza/contracts/constants';
import { loadAddressFormatter } from '../../../lib/addressLines.js';
import { deliveryMethod, isPickup, LineFacts, ShipToLines } from './lines.js';

describe('an order’s lines and delivery in words', () => {
  const hoodie = {
    quantity: 2,
    productName: 'Lavender Hoodie',
    descriptionLines: [
      { name: 'Size', value: 'M' },
      { name: 'Color', value: 'Lavender' },
    ],
    sku: 'HOOD-LAV-M',
  };

  it('names the chosen options, in the product’s order, and sums a line up with them', () => {
    expect(optionWords(hoodie.descriptionLines)).toBe('Size: M, Color: Lavender');
    expect(optionWords([])).toBe('');
    expect(lineWords(hoodie)).toBe('2 × Lavender Hoodie (Size: M, Color: Lavender)');
    expect(lineWords({ ...hoodie, quantity: 1, descriptionLines: [] })).toBe('1 × Lavender Hoodie');
  });

  it('shows options and SKU under a line, and nothing for a line with neither', () => {
    expect(renderToStaticMarkup(<LineFacts line={hoodie} />)).toContain(
      'Size: M, Color: Lavender · <span class="whitespace-nowrap">SKU HOOD-LAV-M</span>',
    );
    expect(renderToStaticMarkup(<LineFacts line={{ descriptionLines: [] }} />)).toBe('');
  });

  it('names the delivery method; a pickup place reads as one', () => {
    const shipped = { shippingInfo: { title: 'Standard post', code: 'opt-1', logistics: {} } };
    expect(deliveryMethod(shipped)).toBe('Standard post');
    expect(isPickup(shipped)).toBe(false);
    const pickup = { shippingInfo: { title: 'Corner shop', code: 'pickup:0190', logistics: {} } };
    expect(deliveryMethod(pickup)).toBe('Pickup at Corner shop');
    expect(isPickup(pickup)).toBe(true);
    expect(deliveryMethod({})).toBeUndefined();
  });

  it('writes the ship-to as the person, company and the address as its country writes it', async () => {
    await loadAddressFormatter();
    const html = renderToStaticMarkup(
      <ShipToLines
        phone
        d={{
          address: { addressLine: 'Laugavegur 1', city: 'Reykjavík', postalCode: '101', country: 'IS' },
          contactDetails: { firstName: 'Ada', lastName: 'Lovelace', company: 'Engines', phone: '+354 555 0100' },
        }}
      />,
    );
    expect(html.match(/<span class="block">([^<]*)<\/span>/g)?.map((s) => s.replace(/<[^>]+>/g, ''))).toEqual([
      'Ada Lovelace',
      'Engines',
      'Laugavegur 1',
      '101 Reykjavík',
      'Iceland',
      '+354 555 0100',
    ]);
  });
});
