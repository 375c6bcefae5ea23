import { beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { createProduct, eventsOf } from '../catalog/testing.js';
import { createCoupon } from '../discounts/testing.js';
import { option, region } from '../shipping/testing.js';
import { TAX_IDS, checkoutCall, newCheckout, ref } from './testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'] } });
let mug: Product;
let shirt: Product;
let box: Product;

beforeAll(async () => {
  mug = await createProduct(srv, c.owner, { price: { amount: '10.00' } });
  shirt = await createProduct(srv, c.owner, {
    price: { amount: '20.00' },
    options: [{ name: 'Size', choices: ['S', 'M'] }],
    variants: [{ choices: { Size: 'S' } }, { choices: { Size: 'M' }, price: { amount: '22.00' } }],
  });
  box = await createProduct(srv, c.owner, {
    price: { amount: '30.00' },
    subscriptionOptions: {
      allowOneTimePurchases: true,
      options: [
        { frequency: 'MONTH', interval: 1, billingCycles: 3, discountPercent: 10 },
        { frequency: 'WEEK', interval: 2 },
      ],
    },
  });
}, 120_000);

const patch = (auth: string, id: string, body: unknown) => checkoutCall(srv, auth, 'PATCH', id, body);
const fresh = (auth = c.visitor) =>
  newCheckout(srv, auth, { lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }] });

describe('update with a field mask', () => {
  it('sets billing (with a CPF or CNPJ), shipping destination and option, note and tip; emits updated', async () => {
    const co = await fresh();
    const address = { country: 'BR', subdivision: 'BR-SP', city: 'São Paulo', postalCode: '01000-000' };
    const res = await patch(c.visitor, co.id, {
      checkout: {
        billingInfo: { address, contactDetails: { firstName: 'Ana' }, taxId: { type: 'CPF', value: TAX_IDS.cpf } },
        shippingInfo: {
          shippingDestination: { address, contactDetails: { firstName: 'Ana' } },
          selectedCarrierServiceOption: {
            code: 'standard',
            logistics: { deliveryTimeSlot: { from: '2026-12-01T09:00:00Z', to: '2026-12-01T12:00:00Z' } },
          },
        },
        buyerNote: 'gift wrap',
        tip: { percentage: 10 },
      },
      fieldMask: { paths: ['billingInfo', 'shippingInfo', 'buyerNote', 'tip'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const out = res.body.checkout;
    expect(out.billingInfo?.taxId).toEqual({ type: 'CPF', value: TAX_IDS.cpf });
    expect(out.shippingInfo.shippingDestination?.address?.city).toBe('São Paulo');
    expect(out.buyerNote).toBe('gift wrap');
    const cnpj = await patch(c.visitor, co.id, {
      checkout: { billingInfo: { taxId: { type: 'CNPJ', value: TAX_IDS.cnpj } } },
      fieldMask: { paths: ['billingInfo'] },
    });
    expect(cnpj.body.checkout.billingInfo?.taxId?.type).toBe('CNPJ');
    expect(await eventsOf(srv, co.id)).toEqual([
      'ecom.checkout.created',
      'ecom.checkout.updated',
      'ecom.checkout.updated',
    ]);
  });

  it('without a mask, every given field applies; paths not in the mask are left alone', async () => {
    const co = await fresh();
    await patch(c.visitor, co.id, { checkout: { buyerNote: 'a', buyerInfo: { email: 'x@example.com' } } });
    const res = await patch(c.visitor, co.id, {
      checkout: { buyerNote: 'b', buyerInfo: { email: 'y@example.com' } },
      fieldMask: { paths: ['buyerNote'] },
    });
    expect(res.body.checkout.buyerNote).toBe('b');
    expect(res.body.checkout.buyerInfo.email).toBe('x@example.com');
  });

  it.each([
    [
      { checkout: { billingInfo: { taxId: { type: 'CPF', value: TAX_IDS.cpfBad } } } },
      'checkout.billingInfo.taxId.value:FORMAT',
    ],
    [
      { checkout: { billingInfo: { taxId: { type: 'CNPJ', value: TAX_IDS.cnpjBad } } } },
      'checkout.billingInfo.taxId.value:FORMAT',
    ],
    [
      { checkout: { billingInfo: { taxId: { type: 'SSN', value: '1' } } } },
      'checkout.billingInfo.taxId.type:INVALID_ENUM_VALUE',
    ],
    [{ checkout: { buyerNote: 'x' }, fieldMask: { paths: ['completed'] } }, 'fieldMask.paths[0]:FIELD_NOT_ALLOWED'],
    [{ checkout: {}, fieldMask: { paths: ['buyerNote'] } }, 'checkout.buyerNote:REQUIRED_FIELD'],
    [{ checkout: { tip: { amount: { amount: '1' }, percentage: 5 } } }, 'checkout.tip:ONE_OF_ALIGNMENT'],
    [{ checkout: { paymentOption: 'MEMBERSHIP' } }, 'checkout.paymentOption:VALIDATION'],
    [{ overrideCheckoutUrl: 'https://x.example.com' }, 'overrideCheckoutUrl:FIELD_NOT_ALLOWED'],
    [{ checkout: { billingInfo: { address: { country: 'usa' } } } }, 'checkout.billingInfo.address.country:FORMAT'],
    [
      {
        checkout: {
          shippingInfo: {
            selectedCarrierServiceOption: {
              code: 'x',
              logistics: { deliveryTimeSlot: { from: '2026-12-01T12:00:00Z', to: '2026-12-01T09:00:00Z' } },
            },
          },
        },
      },
      'checkout.shippingInfo.selectedCarrierServiceOption.logistics.deliveryTimeSlot.to:VALIDATION',
    ],
  ])('bad input %j → 400 naming the field, checkout unchanged', async (body, expected) => {
    const co = await fresh();
    const res = await patch(c.visitor, co.id, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(violations(res.body)).toContain(expected);
    const after = (await checkoutCall(srv, c.visitor, 'GET', co.id)).body.checkout;
    expect(after.updatedDate).toBe(co.updatedDate);
    expect(after.billingInfo).toBeUndefined();
    expect(await eventsOf(srv, co.id)).toEqual(['ecom.checkout.created']);
  });

  it('coupon and gift card codes are kept until removed', async () => {
    const co = await fresh();
    await createCoupon(srv, c.owner, { code: 'SUMMER' });
    const card = await call<{ giftCard: { code: string } }>(srv.url, 'POST', '/ecom/v1/gift-cards', {
      auth: c.owner,
      body: { giftCard: { initialBalance: { amount: '5.00' } } },
    });
    const set = await patch(c.visitor, co.id, { couponCode: 'SUMMER', giftCardCode: card.body.giftCard.code });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.checkout.couponCode).toBe('SUMMER');
    expect(set.body.checkout.giftCard?.amount.amount).toBe('5.00');
    const noCoupon = await checkoutCall(srv, c.visitor, 'POST', `${co.id}/remove-coupon`, {});
    expect(noCoupon.body.checkout.couponCode).toBeUndefined();
    const noCard = await checkoutCall(srv, c.visitor, 'POST', `${co.id}/remove-gift-card`, {});
    expect(noCard.status).toBe(200);
    expect(noCard.body.checkout.giftCard).toBeUndefined();
  });
});

describe('line items, totals recomputed on every change', () => {
  it('adds (same choices add up), changes quantities, removes; the subtotal follows every step', async () => {
    let co: Checkout = await fresh();
    const lineId = co.lineItems[0]!.id;
    const add = await checkoutCall(srv, c.visitor, 'POST', `${co.id}/add-to-checkout`, {
      lineItems: [
        { catalogReference: ref(mug.id), quantity: 2 },
        { catalogReference: ref(shirt.id, shirt.variants[1]!.id), quantity: 1 },
      ],
    });
    co = add.body.checkout;
    expect(co.lineItems.map((l) => l.quantity)).toEqual([3, 1]);
    expect(co.lineItems[1]!.descriptionLines).toEqual([{ name: 'Size', value: 'M' }]);
    expect(co.priceSummary.subtotal.amount).toBe('52.00');
    const upd = await checkoutCall(srv, c.visitor, 'POST', `${co.id}/update-line-items-quantity`, {
      lineItems: [{ id: lineId, quantity: 5 }],
    });
    expect(upd.body.checkout.priceSummary.subtotal.amount).toBe('72.00');
    const rm = await checkoutCall(srv, c.visitor, 'POST', `${co.id}/remove-line-items`, { lineItemIds: [lineId] });
    expect(rm.body.checkout.lineItems).toHaveLength(1);
    expect(rm.body.checkout.priceSummary.total.amount).toBe('22.00');
    const zero = await checkoutCall(srv, c.visitor, 'POST', `${co.id}/update-line-items-quantity`, {
      lineItems: [{ id: co.lineItems[1]!.id, quantity: 0 }],
    });
    expect(zero.body.checkout.lineItems).toEqual([]);
    expect(zero.body.checkout.priceSummary.total.amount).toBe('0.00');
  });

  it('a product price change shows on the next read (prices are never frozen before the order)', async () => {
    const p = await createProduct(srv, c.owner, { price: { amount: '5.00' } });
    const co = await newCheckout(srv, c.visitor, { lineItems: [{ catalogReference: ref(p.id), quantity: 2 }] });
    expect(co.priceSummary.subtotal.amount).toBe('10.00');
    await call(srv.url, 'PATCH', `/catalog/v1/products/${p.id}`, {
      auth: c.owner,
      body: { product: { price: { amount: '6.00' } }, fieldMask: { paths: ['price'] } },
    });
    const after = (await checkoutCall(srv, c.visitor, 'GET', co.id)).body.checkout;
    expect(after.priceSummary.subtotal.amount).toBe('12.00');
  });

  it.each([
    ['remove-line-items', { lineItemIds: ['nope'] }, 'lineItemIds[0]:VALIDATION'],
    ['update-line-items-quantity', { lineItems: [{ id: 'nope', quantity: 1 }] }, 'lineItems[0].id:VALIDATION'],
    ['add-to-checkout', {}, 'lineItems:REQUIRED_ONE_OF_FIELD'],
    [
      'add-to-checkout',
      { lineItems: [{ catalogReference: ref('x'), quantity: 1 }] },
      'lineItems[0].catalogReference.catalogItemId:VALIDATION',
    ],
  ])('%s with %j → 400, nothing changed', async (route, body, expected) => {
    const co = await fresh();
    const res = await checkoutCall(srv, c.visitor, 'POST', `${co.id}/${route}`, body);
    expect(res.status).toBe(400);
    expect(violations(res.body)).toContain(expected);
    expect((await checkoutCall(srv, c.visitor, 'GET', co.id)).body.checkout.lineItems).toEqual(co.lineItems);
  });

  it('a product with variants needs one; a shopper cannot override the catalog', async () => {
    const co = await fresh();
    const noVariant = await checkoutCall(srv, c.visitor, 'POST', `${co.id}/add-to-checkout`, {
      lineItems: [{ catalogReference: ref(shirt.id), quantity: 1 }],
    });
    expect(violations(noVariant.body)).toEqual(['lineItems[0].catalogReference.options.variantId:REQUIRED_FIELD']);
    const override = await checkoutCall(srv, c.visitor, 'POST', `${co.id}/add-to-checkout`, {
      lineItems: [{ catalogReference: ref(mug.id), quantity: 1, catalogOverrideFields: { price: { amount: '0.01' } } }],
    });
    expect(violations(override.body)).toEqual(['lineItems[0].catalogOverrideFields:FIELD_NOT_ALLOWED']);
  });
});

describe('shipping through the totals engine', () => {
  it('an address brings the offered options; choosing one adds its price to the total', async () => {
    const world = await region(srv, c.owner, { name: 'World', destinationScope: 'WORLDWIDE' });
    await option(srv, c.owner, world.id, { title: 'Post', rates: [{ price: { amount: '5.00' } }] });
    const co = await fresh();
    expect(co.shippingInfo.carrierServiceOptions).toEqual([]);
    const address = { country: 'FR', city: 'Paris', postalCode: '75001', addressLine: '1 rue de Rivoli' };
    const withAddress = await patch(c.visitor, co.id, {
      checkout: { shippingInfo: { shippingDestination: { address } } },
    });
    const offered = withAddress.body.checkout.shippingInfo.carrierServiceOptions[0]?.shippingOptions ?? [];
    const post = offered.find((o) => o.title === 'Post');
    expect(post?.cost.price.amount).toBe('5.00');
    const chosen = await patch(c.visitor, co.id, {
      checkout: { shippingInfo: { selectedCarrierServiceOption: { code: post!.code } } },
    });
    expect(chosen.body.checkout.shippingInfo.selectedCarrierServiceOption?.code).toBe(post!.code);
    expect(chosen.body.checkout.priceSummary).toMatchObject({
      subtotal: { amount: '10.00' },
      shipping: { amount: '5.00' },
      total: { amount: '15.00' },
    });
    const gone = await patch(c.visitor, co.id, {
      checkout: { shippingInfo: { selectedCarrierServiceOption: { code: 'no-such-option' } } },
    });
    // Said once, by the shipping stage, and the checkout cannot be placed with it.
    const shippingErrors = gone.body.checkout.violations.filter(
      (v) => v.severity === 'ERROR' && JSON.stringify(v.target).includes('shippingInfo'),
    );
    expect(shippingErrors).toEqual([
      {
        severity: 'ERROR',
        target: { other: { name: 'shippingInfo' } },
        description: 'The chosen shipping option is not available for this address and cart; choose another one',
      },
    ]);
  });
});

describe('concurrency', () => {
  it('parallel updates of one checkout queue on it and all apply', async () => {
    const co = await fresh();
    const results = await Promise.all([
      patch(c.visitor, co.id, { checkout: { buyerNote: 'note' } }),
      patch(c.visitor, co.id, { checkout: { buyerInfo: { email: 'p@example.com' } } }),
      patch(c.visitor, co.id, { checkout: { billingInfo: { taxId: { type: 'CPF', value: TAX_IDS.cpf } } } }),
      ...Array.from({ length: 10 }, () =>
        checkoutCall(srv, c.visitor, 'POST', `${co.id}/add-to-checkout`, {
          lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }],
        }),
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(13).fill(200));
    const after = (await checkoutCall(srv, c.visitor, 'GET', co.id)).body.checkout;
    expect(after.buyerNote).toBe('note');
    expect(after.buyerInfo.email).toBe('p@example.com');
    expect(after.billingInfo?.taxId?.value).toBe(TAX_IDS.cpf);
    expect(after.lineItems[0]!.quantity).toBe(11);
    expect(after.priceSummary.subtotal.amount).toBe('110.00');
    expect((await eventsOf(srv, co.id)).length).toBe(14);
  });
});

describe('subscription charges', () => {
  /** A line of `quantity` boxes bought as a subscription with these settings. */
  const boxPlan = (quantity: number, subscriptionSettings: Record<string, unknown>) => ({
    catalogReference: ref(box.id),
    quantity,
    subscriptionOptionInfo: { subscriptionSettings },
  });

  it("lists each cycle's billing date and amount from frequency × interval × billing cycles", async () => {
    const co = await newCheckout(srv, c.visitor, {
      lineItems: [boxPlan(2, { frequency: 'MONTH', interval: 1, startDate: '2026-01-31T10:00:00.000Z' })],
    });
    // 10% subscriber discount: 27.00 a unit.
    expect(co.priceSummary.subtotal.amount).toBe('54.00');
    expect(co.subscriptionCharges).toHaveLength(1);
    const s = co.subscriptionCharges[0]!;
    expect(s.lineItemId).toBe(co.lineItems[0]!.id);
    expect(s.openEnded).toBe(false);
    expect(s.charges.map((ch) => [ch.cycle, ch.cycleBillingDate, ch.amount.amount])).toEqual([
      [1, '2026-01-31T10:00:00.000Z', '54.00'],
      [2, '2026-02-28T10:00:00.000Z', '54.00'],
      [3, '2026-03-31T10:00:00.000Z', '54.00'],
    ]);
    expect(co.lineItems[0]!.subscriptionOptionInfo?.subscriptionSettings.billingCycles).toBe(3);
  });

  it('an open-ended plan lists its first 12 charges, every 2 weeks', async () => {
    const co = await newCheckout(srv, keys.ecom, {
      lineItems: [boxPlan(1, { frequency: 'WEEK', interval: 2, startDate: '2026-03-02T00:00:00.000Z' })],
    });
    const s = co.subscriptionCharges[0]!;
    expect(s.openEnded).toBe(true);
    expect(s.charges).toHaveLength(12);
    expect(s.charges[1]!.cycleBillingDate).toBe('2026-03-16T00:00:00.000Z');
    expect(s.charges[0]!.amount.amount).toBe('30.00');
  });

  it('a plan the product does not offer is a 400', async () => {
    const res = await call(srv.url, 'POST', '/ecom/v1/checkouts', {
      auth: c.visitor,
      body: {
        lineItems: [boxPlan(1, { frequency: 'DAY', interval: 1 })],
      },
    });
    expect(violations(res.body)).toEqual(['lineItems[0].subscriptionOptionInfo.subscriptionSettings:VALIDATION']);
  });
});
