import { beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, CreateOrderResponse, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, type CallResult } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { checkoutCall } from '../checkout/testing.js';
import {
  cents,
  checkoutOf,
  errorsOf,
  expectRefused,
  giftCardBalance,
  issueGiftCard,
  madeFrom,
  newVisitor,
  newVisitors,
  paidBy,
  payByCard,
} from './rules-testing.js';
import { cardToken, place, placeAndCharge } from './testing.js';

/**
 * giftcard.balance (docs/store/rules.md): a gift card pays at most its balance, two orders at once cannot spend one
 * balance twice, and a card disabled or expired since it was entered pays nothing. Through the checkout and order
 * routes a buyer calls and the gift-card routes the owner calls.
 */

const { srv, c } = serverSuite({ cast: true });
let lamp: Product;

beforeAll(async () => {
  lamp = await createProduct(srv, c.owner, { price: { amount: '20.00' } });
}, 120_000);

const withCard = (auth: string, code: string) => checkoutOf(srv, auth, [[lamp, 1]], {}, { giftCardCode: code });
const patchCard = async (id: string, giftCard: Record<string, unknown>) => {
  const res = await call(srv.url, 'PATCH', `/ecom/v1/gift-cards/${id}`, {
    auth: c.owner,
    body: { giftCard, fieldMask: { paths: Object.keys(giftCard) } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

/**
 * A gift card of `amount` and `n` buyers, each with a good card token and a checkout the gift card pays;
 * `placeAll` places and charges them all at once.
 */
async function buyersOfOneCard(amount: string, n: number) {
  const card = await issueGiftCard(srv, c.owner, amount);
  const buyers = await newVisitors(srv, n);
  const tokens = await Promise.all(buyers.map((b) => cardToken(srv, b)));
  const checkouts = await Promise.all(buyers.map((b) => withCard(b, card.code)));
  const placeAll = () => Promise.all(checkouts.map((co, i) => placeAndCharge(srv, buyers[i]!, co.id, tokens[i]!)));
  return { card, checkouts, placeAll };
}

/**
 * What orders placed from these answers took from gift cards, checking on the way that each order is paid in full
 * (gift card + card = total) and each refusal wrote nothing.
 */
async function spentBy(answers: Array<CallResult<CreateOrderResponse>>, checkouts: Checkout[]): Promise<number> {
  let spent = 0;
  for (const a of answers.filter((x) => x.status === 200)) {
    const paid = await paidBy(srv, c.owner, a.body.orderId);
    expect(paid.giftCard + paid.card).toBe(cents(a.body.order.priceSummary.total));
    expect(a.body.order.paymentStatus).toBe('PAID');
    spent += paid.giftCard;
  }
  for (const r of answers.filter((x) => x.status !== 200)) {
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    // Refused at the reservation (the balance ran out under the lock), or by the re-priced checkout.
    expect(['GIFT_CARD_INSUFFICIENT_BALANCE', 'CHECKOUT_HAS_ERRORS']).toContain(appCode(r.body));
  }
  const { orders } = await madeFrom(
    srv,
    checkouts.map((co) => co.id),
  );
  expect(orders).toHaveLength(answers.filter((x) => x.status === 200).length);
  return spent;
}

describe('gift cards at placement', () => {
  it('giftcard.balance: a card pays at most its balance, the bank card the rest; a card that pays all needs no card', async () => {
    const small = await issueGiftCard(srv, c.owner, '15.00');
    const b = await newVisitor(srv);
    const co = await withCard(b, small.code);
    expect(co.priceSummary).toMatchObject({ total: { amount: '20.00' }, giftCard: { amount: '15.00' } });
    expect(co.priceSummary.payNow.amount).toBe('5.00');
    const ok = await payByCard(srv, b, co);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.order.paymentStatus).toBe('PAID');
    expect(await paidBy(srv, c.owner, ok.body.orderId)).toMatchObject({ giftCard: 1500, card: 500 });
    expect(await giftCardBalance(srv, c.owner, small.id)).toBe(0);

    const big = await issueGiftCard(srv, c.owner, '50.00');
    const all = await withCard(b, big.code);
    expect(all.priceSummary.payNow.amount).toBe('0.00');
    const free = await place(srv, b, all.id);
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    expect(free.body.order.paymentStatus).toBe('PAID');
    expect(await paidBy(srv, c.owner, free.body.orderId)).toEqual({ giftCard: 2000, card: 0, count: 1 });
    expect(await giftCardBalance(srv, c.owner, big.id)).toBe(3000);
  });

  it('giftcard.balance: five orders at once against one 50.00 balance never spend more than it holds', async () => {
    const { card, checkouts, placeAll } = await buyersOfOneCard('50.00', 5);
    // Each checkout shows the card paying all 20.00: together they ask for 100.00 of a 50.00 balance.
    for (const co of checkouts) expect(co.priceSummary.giftCard?.amount).toBe('20.00');
    const answers = await placeAll();
    const spent = await spentBy(answers, checkouts);
    const left = await giftCardBalance(srv, c.owner, card.id);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(spent).toBe(5000 - left);
    // The first two reservations always fit; the card never paid more than it held.
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(2);
    expect(spent).toBeLessThanOrEqual(5000);
  });

  it('giftcard.balance: a card disabled or expired since it was entered pays nothing and blocks placement', async () => {
    const card = await issueGiftCard(srv, c.owner, '50.00');
    const b = await newVisitor(srv);
    const co = await withCard(b, card.code);
    expect(co.priceSummary.giftCard?.amount).toBe('20.00');

    await patchCard(card.id, { disabled: true });
    const seen = (await checkoutCall(srv, b, 'GET', co.id)).body.checkout;
    expect(seen.giftCard).toBeUndefined();
    expect(errorsOf(seen)).toContain('giftCard: This gift card code is not valid');
    expectRefused(await payByCard(srv, b, co), 'This gift card code is not valid', 'giftCard');

    await patchCard(card.id, { disabled: false, expirationDate: new Date(Date.now() - 60_000).toISOString() });
    expectRefused(await payByCard(srv, b, co), 'This gift card expired on', 'giftCard');
    expect(await madeFrom(srv, [co.id])).toEqual({ orders: [], payments: [] });
    expect(await giftCardBalance(srv, c.owner, card.id)).toBe(5000);

    // Without the card, the buyer pays it all by card; the gift card keeps its balance.
    await checkoutCall(srv, b, 'POST', `${co.id}/remove-gift-card`, {});
    const ok = await payByCard(srv, b, co);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await paidBy(srv, c.owner, ok.body.orderId)).toEqual({ giftCard: 0, card: 2000, count: 1 });
    expect(await giftCardBalance(srv, c.owner, card.id)).toBe(5000);
  });

  it('giftcard.balance: disabled while four orders are placed: each order is paid in full or refused, none overspent', async () => {
    const { card, checkouts, placeAll } = await buyersOfOneCard('100.00', 4);
    const [answers] = await Promise.all([placeAll(), patchCard(card.id, { disabled: true })]);
    const spent = await spentBy(answers, checkouts);
    expect(spent).toBe(10000 - (await giftCardBalance(srv, c.owner, card.id)));
    // Disabled now: nothing more is taken from it.
    const late = await newVisitor(srv);
    const co = await checkoutOf(srv, late, [[lamp, 1]]);
    const entered = await checkoutCall(srv, late, 'PATCH', co.id, { giftCardCode: card.code });
    const now =
      entered.status === 200 ? entered.body.checkout : (await checkoutCall(srv, late, 'GET', co.id)).body.checkout;
    expect(now.giftCard).toBeUndefined();
    expect(now.priceSummary.payNow.amount).toBe('20.00');
  });
});
