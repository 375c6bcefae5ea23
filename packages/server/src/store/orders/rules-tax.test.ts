import { beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { newCheckout, ref } from '../checkout/testing.js';
import { create, option, PATHS, region } from '../shipping/testing.js';
import { patchSettings, post, TAX } from '../tax/testing.js';
import {
  cents,
  checkoutOf,
  expectRefused,
  madeFrom,
  newVisitor,
  newVisitors,
  paidBy,
  payByCard,
} from './rules-testing.js';
import { cardToken, placeAndCharge } from './testing.js';

/**
 * The tax rules of docs/store/rules.md: tax added to the total or included in the prices (tax settings), by the region
 * of the buyer's address, shipping and fees taxed where the region says so; and the card charged exactly that
 * total. Configuration through the owner's routes, orders through the buyer's.
 */

const { srv, c } = serverSuite({ cast: true });
let lamp: Product;
let ebook: Product;
let germany: { id: string };

beforeAll(async () => {
  lamp = await createProduct(srv, c.owner, { price: { amount: '20.00' } });
  ebook = await createProduct(srv, c.owner, { productType: 'DIGITAL', price: { amount: '10.00' } });
  const world = await region(srv, c.owner, { name: 'World', destinationScope: 'WORLDWIDE' });
  await option(srv, c.owner, world.id, { title: 'World post', rates: [{ price: { amount: '5.00' } }] });
  await create(srv, c.owner, PATHS.fees, 'additionalFee', {
    name: 'Handling',
    type: 'HANDLING_FEE',
    surcharge: { type: 'FIXED', amount: { amount: '2.00' } },
    taxable: true,
  });
  germany = await post(srv, c.owner, TAX.regions, 'taxRegion', {
    country: 'DE',
    jurisdictions: [{ name: 'Germany', type: 'COUNTRY', rate: '0.19' }],
    taxShipping: true,
    taxFees: true,
  });
  await post(srv, c.owner, TAX.regions, 'taxRegion', {
    country: 'US',
    jurisdictions: [{ name: 'United States', type: 'COUNTRY', rate: '0.05' }],
  });
  await post(srv, c.owner, TAX.regions, 'taxRegion', {
    country: 'US',
    subdivision: 'US-CA',
    jurisdictions: [
      { name: 'California', type: 'STATE', rate: '0.06' },
      { name: 'Los Angeles', type: 'CITY', rate: '0.0125' },
    ],
  });
}, 120_000);

const to = (country: string, subdivision?: string) => ({
  shippingDestination: {
    address: { country, ...(subdivision ? { subdivision } : {}), addressLine: '1 Main St', city: 'Town' },
  },
});
const lampTo = (auth: string, country: string, subdivision?: string) =>
  checkoutOf(srv, auth, [[lamp, 1]], { shippingInfo: to(country, subdivision) });
const summary = (co: Checkout) => ({
  tax: co.priceSummary.tax.amount,
  total: co.priceSummary.total.amount,
  rateType: co.taxSummary.calculationDetails.rateType,
});

describe('tax at placement', () => {
  it('tax.added: a tax-exclusive site adds the tax to the total, and the card is charged that total', async () => {
    const b = await newVisitor(srv);
    const co = await lampTo(b, 'DE');
    // 20.00 + shipping 5.00 + handling 2.00, each taxed 19%: 3.80 + 0.95 + 0.38.
    expect(co.priceSummary).toMatchObject({
      subtotal: { amount: '20.00' },
      shipping: { amount: '5.00' },
      additionalFees: { amount: '2.00' },
      tax: { amount: '5.13' },
      total: { amount: '32.13' },
      taxIncludedInPrices: false,
    });
    const ok = await payByCard(srv, b, co);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.order.priceSummary).toEqual(co.priceSummary);
    expect(ok.body.order.taxSummary.totalTax.amount).toBe('5.13');
    expect((await paidBy(srv, c.owner, ok.body.orderId)).card).toBe(3213);
  });

  it('tax.destination: the region of the address taxes it (a subdivision before its country); none without a region', async () => {
    // Four buyers to four places, placed at once: each is charged its own destination's tax.
    const places: Array<[string, string | undefined, { tax: string; total: string; rateType: string }]> = [
      ['DE', undefined, { tax: '5.13', total: '32.13', rateType: 'MANUAL_RATE' }],
      ['US', 'US-CA', { tax: '1.45', total: '28.45', rateType: 'MANUAL_RATE' }],
      ['US', 'US-NY', { tax: '1.00', total: '28.00', rateType: 'MANUAL_RATE' }],
      ['FR', undefined, { tax: '0.00', total: '27.00', rateType: 'NO_TAX_COLLECTED' }],
    ];
    const buyers = await newVisitors(srv, places.length);
    const checkouts = await Promise.all(places.map(([country, sub], i) => lampTo(buyers[i]!, country, sub)));
    expect(checkouts.map(summary)).toEqual(places.map(([, , expected]) => expected));
    const tokens = await Promise.all(buyers.map((b) => cardToken(srv, b)));
    const answers = await Promise.all(checkouts.map((co, i) => placeAndCharge(srv, buyers[i]!, co.id, tokens[i]!)));
    for (const [i, a] of answers.entries()) {
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body.order.priceSummary.total.amount).toBe(places[i]![2].total);
      expect((await paidBy(srv, c.owner, a.body.orderId)).card).toBe(cents(checkouts[i]!.priceSummary.total));
    }

    // Nothing to ship: the billing address is the taxable one (and a download pays no handling).
    const reader = await newVisitor(srv);
    const digital = await newCheckout(srv, reader, {
      lineItems: [{ catalogReference: ref(ebook.id), quantity: 1 }],
      checkoutInfo: { buyerInfo: { email: 'reader@example.com' }, billingInfo: { address: { country: 'DE' } } },
    });
    expect(summary(digital)).toEqual({ tax: '1.90', total: '11.90', rateType: 'MANUAL_RATE' });
    const paid = await payByCard(srv, reader, digital);
    expect((await paidBy(srv, c.owner, paid.body.orderId)).card).toBe(1190);
  });

  it('tax.shipping-fees: shipping and taxable fees are taxed only where the region says so', async () => {
    const setGermany = async (taxShipping: boolean, taxFees: boolean) => {
      const res = await call(srv.url, 'PATCH', `${TAX.regions}/${germany.id}`, {
        auth: c.owner,
        body: { taxRegion: { taxShipping, taxFees }, fieldMask: { paths: ['taxShipping', 'taxFees'] } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const b = await newVisitor(srv);
    try {
      await setGermany(false, true);
      expect(summary(await lampTo(b, 'DE')).tax).toBe('4.18'); // 3.80 + fee 0.38
      await setGermany(true, false);
      expect(summary(await lampTo(b, 'DE')).tax).toBe('4.75'); // 3.80 + shipping 0.95
      await setGermany(false, false);
      const co = await lampTo(b, 'DE');
      expect(summary(co)).toMatchObject({ tax: '3.80', total: '30.80' });
      const ok = await payByCard(srv, b, co);
      expect((await paidBy(srv, c.owner, ok.body.orderId)).card).toBe(3080);
    } finally {
      await setGermany(true, true);
    }
  });

  it('tax.included, money.shown-total: on a tax-inclusive site the total is the prices, the tax a part of it; switched during orders, each is charged the total it showed or refused', async () => {
    const buyers = await newVisitors(srv, 6);
    const tokens = await Promise.all(buyers.map((b) => cardToken(srv, b)));
    const checkouts = await Promise.all(buyers.map((b) => lampTo(b, 'DE')));
    try {
      const [answers] = await Promise.all([
        Promise.all(checkouts.map((co, i) => placeAndCharge(srv, buyers[i]!, co.id, tokens[i]!))),
        patchSettings(srv, c.owner, { taxIncludedInPrices: true }),
      ]);
      // Priced before the switch, never a mix: charged the 32.13 the buyer saw. Priced after it, the total is 27.00,
      // which nobody was shown: refused naming both (money.shown-total), nothing charged.
      for (const [i, a] of answers.entries()) {
        if (a.status !== 200) {
          expectRefused(
            a,
            `The total changed from ${checkouts[i]!.priceSummary.total.formattedAmount} to `,
            'priceSummary.total',
          );
          expect(await madeFrom(srv, [checkouts[i]!.id])).toEqual({ orders: [], payments: [] });
          continue;
        }
        const s = a.body.order.priceSummary;
        expect([s.taxIncludedInPrices, s.tax.amount, s.total.amount]).toEqual([false, '5.13', '32.13']);
        expect((await paidBy(srv, c.owner, a.body.orderId)).card).toBe(cents(s.total));
      }
      const b = await newVisitor(srv);
      const co = await lampTo(b, 'DE');
      expect(co.priceSummary).toMatchObject({
        taxIncludedInPrices: true,
        tax: { amount: '4.31' },
        total: { amount: '27.00' },
      });
      const ok = await payByCard(srv, b, co);
      expect((await paidBy(srv, c.owner, ok.body.orderId)).card).toBe(2700);
    } finally {
      await patchSettings(srv, c.owner, { taxIncludedInPrices: false });
    }
  });
});
