import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { checkoutCall, setCheckoutSettings } from '../checkout/testing.js';
import { createCoupon, createRule } from '../discounts/testing.js';
import { create, PATHS } from '../shipping/testing.js';
import { post, TAX } from '../tax/testing.js';
import {
  cents,
  checkoutOf,
  couponUses,
  errorsOf,
  expectCode,
  expectRefused,
  issueGiftCard,
  madeFrom,
  newVisitor,
  newVisitors,
  paidBy,
  setTips,
} from './rules-testing.js';
import { cardToken, collector, DECLINED_CARD, orderOf, place, placeAndCharge, SHIP_TO, stockOf } from './testing.js';

/**
 * money.total-matches and the payment rules of docs/store/rules.md: what the card is charged is the total the
 * checkout showed (after every discount, fee, tax, tip and gift card), a declined card or an ERROR on the checkout
 * places nothing, and an offline order is placed unpaid. Through the routes a buyer and the owner call.
 */

const { srv, c } = serverSuite({ cast: true });
let lamp: Product;
let mug: Product;

beforeAll(async () => {
  lamp = await createProduct(srv, c.owner, { price: { amount: '20.00' } });
  mug = await createProduct(srv, c.owner, { price: { amount: '10.00' } });
}, 120_000);

describe('what is charged', () => {
  it('money.total-matches: with a rule, a coupon, a fee, tax, a tip and a gift card, six orders at once are each charged what their checkout showed', async () => {
    await createRule(srv, c.owner, {
      name: '5% off',
      discount: { type: 'PERCENTAGE', percentage: 5, scope: 'GLOBAL' },
    });
    await createCoupon(srv, c.owner, { code: 'TEN' });
    await create(srv, c.owner, PATHS.fees, 'additionalFee', {
      name: 'Handling',
      type: 'HANDLING_FEE',
      surcharge: { type: 'FIXED', amount: { amount: '1.00' } },
      taxable: true,
    });
    await post(srv, c.owner, TAX.regions, 'taxRegion', {
      country: SHIP_TO.country,
      jurisdictions: [{ name: 'Iceland', type: 'COUNTRY', rate: '0.24' }],
      taxFees: true,
    });
    await setTips(srv, c.owner, { enabled: true, presets: [{ id: 'p10', type: 'PERCENTAGE', value: '10' }] });
    const buyers = await newVisitors(srv, 6);
    const cards = await Promise.all(buyers.map(() => issueGiftCard(srv, c.owner, '20.00')));
    const checkouts = await Promise.all(
      buyers.map((b, i) =>
        checkoutOf(
          srv,
          b,
          [
            [lamp, 2],
            [mug, 1],
          ],
          { tip: { presetId: 'p10' } },
          {
            couponCode: 'TEN',
            giftCardCode: cards[i]!.code,
          },
        ),
      ),
    );
    // 50.00 − rule 2.50 − coupon 4.75 (on the 47.50 left) = 42.75 of items; fee 1.00; tax 24% per line and on the
    // fee: 8.21 + 2.05 + 0.24; tip 10% of 42.75 = 4.28. Total 58.53, of which the gift card pays 20.00.
    expect(checkouts[0]!.priceSummary).toMatchObject({
      subtotal: { amount: '50.00' },
      discount: { amount: '7.25' },
      additionalFees: { amount: '1.00' },
      tax: { amount: '10.50' },
      tip: { amount: '4.28' },
      total: { amount: '58.53' },
      giftCard: { amount: '20.00' },
      payNow: { amount: '38.53' },
    });
    const tokens = await Promise.all(buyers.map((b) => cardToken(srv, b)));
    const answers = await Promise.all(checkouts.map((co, i) => placeAndCharge(srv, buyers[i]!, co.id, tokens[i]!)));
    for (const [i, a] of answers.entries()) {
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      const shown = checkouts[i]!.priceSummary;
      // The order keeps exactly the figures the buyer saw, and its payments add up to them.
      expect(a.body.order.priceSummary).toEqual(shown);
      expect(await paidBy(srv, c.owner, a.body.orderId)).toEqual({
        card: cents(shown.payNow),
        giftCard: cents(shown.giftCard),
        count: 2,
      });
      expect(a.body.order.paymentStatus).toBe('PAID');
      expect(cents(a.body.order.balanceSummary.paid)).toBe(cents(shown.total));
    }
  });
});

describe('the total the buyer saw', () => {
  const setPrice = async (p: Product, amount: string) => {
    const res = await call(srv.url, 'PATCH', `/catalog/v1/products/${p.id}`, {
      auth: c.owner,
      body: { product: { price: { amount } }, fieldMask: { paths: ['price'] } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it('money.shown-total: a price raised after the checkout was shown refuses the order, nothing charged; once seen, the new total is charged', async () => {
    const clock = await createProduct(srv, c.owner, { price: { amount: '40.00' } });
    const b = await newVisitor(srv);
    const co = await checkoutOf(srv, b, [[clock, 1]]);
    // (The fee, tax and discounts of the first test apply too: the amounts are the checkout's own.)
    const old = co.priceSummary.total;
    await setPrice(clock, '50.00');
    const refused = await placeAndCharge(srv, b, co.id, await cardToken(srv, b));
    expectRefused(refused, `The total changed from ${old.formattedAmount} to `, 'priceSummary.total');
    expect(await madeFrom(srv, [co.id])).toEqual({ orders: [], payments: [] });
    // The next look shows the new total; the buyer who has seen it pays it.
    const seen = (await checkoutCall(srv, b, 'GET', co.id)).body.checkout.priceSummary.total;
    expect(cents(seen)).toBeGreaterThan(cents(old));
    expect((refused.body as unknown as { message: string }).message).toBe(
      `The total changed from ${old.formattedAmount} to ${seen.formattedAmount} since it was shown. ` +
        'Check the order and place it again.',
    );
    const paid = await placeAndCharge(srv, b, co.id, await cardToken(srv, b));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.order.priceSummary.total).toEqual(seen);
    expect(await paidBy(srv, c.owner, paid.body.orderId)).toEqual({ card: cents(seen), giftCard: 0, count: 1 });
    // A change the buyer makes is an answer too: it shows (and remembers) the total it makes.
    const b2 = await newVisitor(srv);
    const co2 = await checkoutOf(srv, b2, [[clock, 1]]);
    await setPrice(clock, '45.00');
    const more = await checkoutCall(srv, b2, 'POST', `${co2.id}/update-line-items-quantity`, {
      lineItems: [{ id: co2.lineItems[0]!.id, quantity: 2 }],
    });
    const shown = more.body.checkout.priceSummary.total;
    expect(more.body.checkout.lineItems[0]!.price.amount).toBe('45.00');
    const ok = await placeAndCharge(srv, b2, co2.id, await cardToken(srv, b2));
    expect(ok.body.order.priceSummary.total).toEqual(shown);
    expect(await paidBy(srv, c.owner, ok.body.orderId)).toEqual({ card: cents(shown), giftCard: 0, count: 1 });
  });

  it('money.shown-total: a price raised while six buyers place at once: each is charged the total it saw, or refused with nothing charged', async () => {
    const kettle = await createProduct(srv, c.owner, { price: { amount: '30.00' } });
    const buyers = await newVisitors(srv, 6);
    const tokens = await Promise.all(buyers.map((b) => cardToken(srv, b)));
    const checkouts = await Promise.all(buyers.map((b) => checkoutOf(srv, b, [[kettle, 1]])));
    const [answers] = await Promise.all([
      Promise.all(checkouts.map((co, i) => placeAndCharge(srv, buyers[i]!, co.id, tokens[i]!))),
      setPrice(kettle, '35.00'),
    ]);
    const before = checkouts[0]!.priceSummary.total;
    for (const [i, a] of answers.entries()) {
      if (a.status === 200) {
        expect(a.body.order.priceSummary.total).toEqual(before);
        expect(await paidBy(srv, c.owner, a.body.orderId)).toEqual({ card: cents(before), giftCard: 0, count: 1 });
      } else {
        expectRefused(a, `The total changed from ${before.formattedAmount} to `, 'priceSummary.total');
        expect(await madeFrom(srv, [checkouts[i]!.id])).toEqual({ orders: [], payments: [] });
      }
    }
    // Whoever was refused sees the new price and pays that.
    const late = checkouts.filter((_, i) => answers[i]!.status !== 200);
    for (const co of late) {
      const b = buyers[checkouts.indexOf(co)]!;
      const seen = (await checkoutCall(srv, b, 'GET', co.id)).body.checkout;
      expect(seen.lineItems[0]!.price.amount).toBe('35.00');
      const paid = await placeAndCharge(srv, b, co.id, await cardToken(srv, b));
      expect(await paidBy(srv, c.owner, paid.body.orderId)).toEqual({
        card: cents(seen.priceSummary.total),
        giftCard: 0,
        count: 1,
      });
    }
  });
});

describe('payments that place nothing, or place unpaid', () => {
  it('payment.declined: declined cards among buyers of the last 3 units take no unit and no coupon use', async () => {
    const vase = await createProduct(srv, c.owner, {
      price: { amount: '8.00' },
      inventory: { trackQuantity: true, quantity: 3 },
    });
    const coupon = await createCoupon(srv, c.owner, { code: 'VASE' });
    const buy = (b: string) => checkoutOf(srv, b, [[vase, 1]], {}, { couponCode: 'VASE' });
    // Alone: the bank's no, in words; nothing taken.
    const first = await newVisitor(srv);
    const declined = await buy(first);
    const no = await placeAndCharge(srv, first, declined.id, await cardToken(srv, first, DECLINED_CARD));
    expectCode(no, 409, 'PAYMENT_DECLINED');
    expect((no.body as unknown as { message: string }).message).toBe('The card was declined.');
    expect(await stockOf(srv, vase.id)).toBe(3);
    expect(await couponUses(srv, c.owner, coupon.id)).toBe(0);

    // Six at once, every other card declined: the three good cards get the three units, whoever came first.
    const buyers = await newVisitors(srv, 6);
    const tokens = await Promise.all(buyers.map((b, i) => cardToken(srv, b, i % 2 ? DECLINED_CARD : undefined)));
    const checkouts = await Promise.all(buyers.map(buy));
    const answers = await Promise.all(checkouts.map((co, i) => placeAndCharge(srv, buyers[i]!, co.id, tokens[i]!)));
    for (const [i, a] of answers.entries()) {
      if (i % 2 === 0) expect(a.status, JSON.stringify(a.body)).toBe(200);
      // Declined, or refused before the card was asked once the good cards had taken every unit.
      else {
        expect(a.status, JSON.stringify(a.body)).toBe(409);
        expect(['PAYMENT_DECLINED', 'OUT_OF_STOCK']).toContain(appCode(a.body));
      }
    }
    expect(await stockOf(srv, vase.id)).toBe(0);
    expect(await couponUses(srv, c.owner, coupon.id)).toBe(3);
    const bad = [declined.id, ...checkouts.filter((_, i) => i % 2).map((co) => co.id)];
    expect(await madeFrom(srv, bad)).toEqual({ orders: [], payments: [] });
    // Still open: a declined buyer may pay again (here too late, the units are gone).
    const again = await placeAndCharge(srv, first, declined.id, await cardToken(srv, first));
    expectCode(again, 409, 'OUT_OF_STOCK');
  });

  it('payment.offline: an offline checkout is placed unpaid with create-order, once however often; a card is refused for it', async () => {
    const b = await newVisitor(srv);
    const co = await checkoutOf(srv, b, [[mug, 1]], { paymentOption: 'FULL_PAYMENT_OFFLINE' });
    const card = await placeAndCharge(srv, b, co.id, await cardToken(srv, b));
    expect(card.status).toBe(400);
    expect(violations(card.body)).toEqual(['paymentToken:VALIDATION']);
    const answers = await Promise.all(Array.from({ length: 5 }, () => place(srv, b, co.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
    const orderId = answers[0]!.body.orderId;
    expect(new Set(answers.map((a) => a.body.orderId)).size).toBe(1);
    expect(answers[0]!.body.order).toMatchObject({ status: 'APPROVED', paymentStatus: 'NOT_PAID' });
    expect((await paidBy(srv, c.owner, orderId)).count).toBe(0);
    expect((await collector(srv, c.owner, orderId, 'mark-as-paid')).status).toBe(200);
    const paid = await orderOf(srv, c.owner, orderId);
    expect(paid.paymentStatus).toBe('PAID');
    expect(cents(paid.balanceSummary.paid)).toBe(cents(paid.priceSummary.total));
  });

  it('payment.online-needs-card: create-order refuses an online checkout with money due, five times at once, taking no stock; offline it is placed', async () => {
    await setCheckoutSettings(srv, c.owner, { inventoryUpdateTrigger: 'ON_ORDER_PLACED' });
    try {
      const jug = await createProduct(srv, c.owner, {
        price: { amount: '12.00' },
        inventory: { trackQuantity: true, quantity: 2 },
      });
      const b = await newVisitor(srv);
      const co = await checkoutOf(srv, b, [[jug, 1]]);
      const answers = await Promise.all(Array.from({ length: 5 }, () => place(srv, b, co.id)));
      for (const a of answers) {
        expectCode(a, 409, 'PAYMENT_REQUIRED');
        expect((a.body as unknown as { message: string }).message).toBe(
          `This checkout is paid online: ${co.priceSummary.payNow.formattedAmount} is due now. ` +
            'Pay it by card (create-order-and-charge), or choose to pay offline.',
        );
      }
      expect(await madeFrom(srv, [co.id])).toEqual({ orders: [], payments: [] });
      expect(await stockOf(srv, jug.id)).toBe(2);
      // Still open: the buyer chooses to pay offline, and create-order places it unpaid (the shop takes the unit).
      const offline = await checkoutCall(srv, b, 'PATCH', co.id, {
        checkout: { paymentOption: 'FULL_PAYMENT_OFFLINE' },
        fieldMask: { paths: ['paymentOption'] },
      });
      expect(offline.status, JSON.stringify(offline.body)).toBe(200);
      const placed = await place(srv, b, co.id);
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      expect(placed.body.order.paymentStatus).toBe('NOT_PAID');
      expect(await stockOf(srv, jug.id)).toBe(1);
      // Paid by card the same online checkout goes through.
      const b2 = await newVisitor(srv);
      const paid = await placeAndCharge(srv, b2, (await checkoutOf(srv, b2, [[jug, 1]])).id, await cardToken(srv, b2));
      expect(paid.body.order.paymentStatus).toBe('PAID');
    } finally {
      await setCheckoutSettings(srv, c.owner, { inventoryUpdateTrigger: 'ON_ORDER_PAID' });
    }
  });

  it('checkout.errors-block: any ERROR on the checkout (a required field, a place not shipped to) refuses placement before any charge', async () => {
    await setCheckoutSettings(srv, c.owner, {
      customFields: [{ key: 'vat', label: 'VAT number', valueType: 'STRING', required: true }],
    });
    try {
      const b = await newVisitor(srv);
      const co = await checkoutOf(srv, b, [[mug, 1]]);
      expect(errorsOf(co)).toContain('customFields.vat: VAT number is required.');
      expectRefused(
        await placeAndCharge(srv, b, co.id, await cardToken(srv, b)),
        'VAT number is required.',
        'customFields.vat',
      );
      const filled = await checkoutCall(srv, b, 'PATCH', co.id, {
        checkout: { customFields: [{ key: 'vat', value: 'IS123' }] },
        fieldMask: { paths: ['customFields'] },
      });
      expect(errorsOf(filled.body.checkout)).toEqual([]);

      const far = await checkoutCall(srv, b, 'PATCH', co.id, {
        checkout: {
          shippingInfo: { shippingDestination: { address: { country: 'FR', addressLine: '1 rue', city: 'Paris' } } },
        },
        fieldMask: { paths: ['shippingInfo.shippingDestination'] },
      });
      expect(errorsOf(far.body.checkout).join()).toContain("shippingInfo: We don't ship to");
      expectRefused(await placeAndCharge(srv, b, co.id, await cardToken(srv, b)), "We don't ship to", 'shippingInfo');
      expect(await madeFrom(srv, [co.id])).toEqual({ orders: [], payments: [] });
    } finally {
      await setCheckoutSettings(srv, c.owner, { customFields: [] });
    }
  });
});
