import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ListSubscriptionContractsResponse,
  OrderDownloadLinksResponse,
  PaymentRequest,
  Product,
} from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { checkoutCall, newCheckout, ref } from '../checkout/testing.js';
import { createCoupon } from '../discounts/testing.js';
import { readyPicture } from '../../platform/media/testing.js';
import {
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
import { cardToken, collector, ensureTestShipping, orderOf, place, placeAndCharge, SHIPPING } from './testing.js';

/**
 * The rules of docs/store/rules.md on how an order is paid: deposits (now, and the balance as a payment request),
 * subscriptions (a card, and a contract per line) and download-only orders (no shipping, links once paid). Through the
 * routes a buyer, the hosted payment page and the owner call.
 */

const { srv, c } = serverSuite({ cast: true });
let sofa: Product;
let lamp: Product;
let coffee: Product;
let ebook: Product;

beforeAll(async () => {
  sofa = await createProduct(srv, c.owner, { price: { amount: '100.00' }, deposit: { amount: '20.00' } });
  lamp = await createProduct(srv, c.owner, { price: { amount: '30.00' } });
  coffee = await createProduct(srv, c.owner, {
    price: { amount: '20.00' },
    subscriptionOptions: {
      allowOneTimePurchases: true,
      options: [{ frequency: 'MONTH', interval: 1, billingCycles: 3 }],
    },
  });
  const file = await readyPicture(srv, c.owner, { private: true, fileName: 'guide.png' });
  ebook = await createProduct(srv, c.owner, {
    productType: 'DIGITAL',
    price: { amount: '9.00' },
    digitalFile: { fileId: file.id },
  });
  await ensureTestShipping(srv);
}, 120_000);

const requestsOf = async (orderId: string) =>
  (
    await call<{ paymentRequests: PaymentRequest[] }>(srv.url, 'GET', `/ecom/v1/payment-requests?orderId=${orderId}`, {
      auth: c.owner,
    })
  ).body.paymentRequests;
const links = (auth: string, orderId: string) =>
  call<OrderDownloadLinksResponse>(srv.url, 'POST', `/ecom/v1/orders/${orderId}/download-links`, { auth });
const monthly = (quantity: number) => ({
  catalogReference: ref(coffee.id),
  quantity,
  subscriptionOptionInfo: { subscriptionSettings: { frequency: 'MONTH', interval: 1 } },
});

describe('deposits', () => {
  it('deposit.pay-now: DEPOSIT_ONLINE pays each deposit line’s deposit and the other lines now; only a deposit line allows it', async () => {
    const b = await newVisitor(srv);
    const co = await checkoutOf(
      srv,
      b,
      [
        [sofa, 2],
        [lamp, 1],
      ],
      { paymentOption: 'DEPOSIT_ONLINE' },
    );
    // 2 × 20.00 of deposit + the lamp's 30.00 now; the sofas' other 160.00 later.
    expect(co.priceSummary).toMatchObject({
      total: { amount: '230.00' },
      payNow: { amount: '70.00' },
      payLater: { amount: '160.00' },
    });
    const ok = await payByCard(srv, b, co);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.order.paymentStatus).toBe('PARTIALLY_PAID');
    expect(await paidBy(srv, c.owner, ok.body.orderId)).toMatchObject({ card: 7000, count: 1 });

    // A deposit is never more than what the line costs after discounts.
    await createCoupon(srv, c.owner, {
      code: 'NINETY',
      discount: { type: 'PERCENTAGE', percentage: 90, scope: 'GLOBAL' },
    });
    const cheap = await checkoutOf(srv, b, [[sofa, 1]], { paymentOption: 'DEPOSIT_ONLINE' }, { couponCode: 'NINETY' });
    expect(cheap.priceSummary).toMatchObject({ total: { amount: '10.00' }, payNow: { amount: '10.00' } });

    const none = await checkoutOf(srv, b, [[lamp, 1]]);
    const refused = await checkoutCall(srv, b, 'PATCH', none.id, {
      checkout: { paymentOption: 'DEPOSIT_ONLINE' },
      fieldMask: { paths: ['paymentOption'] },
    });
    expect(refused.status).toBe(400);
    expect(violations(refused.body)).toEqual(['checkout.paymentOption:VALIDATION']);
  });

  it('deposit.balance-request: the balance becomes a payment request; twenty payments of it at once charge once and pay the order', async () => {
    const b = await newVisitor(srv);
    const co = await checkoutOf(srv, b, [[sofa, 1]], { paymentOption: 'DEPOSIT_ONLINE' });
    const placed = await payByCard(srv, b, co);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [request, ...more] = await requestsOf(placed.body.orderId);
    expect(more).toEqual([]);
    expect(request).toMatchObject({ status: 'UNPAID', amount: { amount: '80.00' } });
    const token = new URL(request!.url).searchParams.get('token')!;
    // The hosted payment page, opened in another browser: its link's token is enough.
    const payer = await newVisitor(srv);
    const card = await cardToken(srv, payer);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<{ paymentRequest: PaymentRequest }>(srv.url, 'POST', `/ecom/v1/payment-requests/${request!.id}/pay`, {
          auth: payer,
          body: { token, paymentToken: card },
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200 && a.body.paymentRequest.status === 'PAID')).toBe(true);
    expect(await paidBy(srv, c.owner, placed.body.orderId)).toEqual({ card: 10000, giftCard: 0, count: 2 });
    const order = await orderOf(srv, c.owner, placed.body.orderId);
    expect(order.paymentStatus).toBe('PAID');
    expect(order.balanceSummary.balance.amount).toBe('0.00');
  });
});

describe('subscriptions', () => {
  it('subscription.card-required: a subscription is placed only with a card; offline is not offered', async () => {
    const b = await newVisitor(srv);
    const sub = await newCheckout(srv, b, {
      lineItems: [monthly(1)],
      checkoutInfo: { buyerInfo: { email: 's@example.com' }, shippingInfo: SHIPPING },
    });
    // Renewals are charged to the card kept from the first payment: offline is not among the options.
    const settings = await call<{ paymentSettings: { paymentOptions: string[] } }>(
      srv.url,
      'GET',
      `/ecom/v1/checkouts/${sub.id}/payment-settings`,
      { auth: b },
    );
    expect(settings.body.paymentSettings.paymentOptions).toEqual(['FULL_PAYMENT_ONLINE']);
    const noCard = await place(srv, b, sub.id);
    expect(noCard.status).toBe(400);
    expect(violations(noCard.body)).toContain('paymentToken:REQUIRED_FIELD');
    expect(await madeFrom(srv, [sub.id])).toEqual({ orders: [], payments: [] });
  });

  it('subscription.contract: an order makes one contract per subscription line, on its card; placed 5 times at once, still one', async () => {
    const m = c.memberA;
    const co = await newCheckout(srv, m.auth, {
      lineItems: [monthly(2), { catalogReference: ref(lamp.id), quantity: 1 }],
      checkoutInfo: { buyerInfo: { email: m.email }, shippingInfo: SHIPPING },
    });
    expect(co.subscriptionCharges).toHaveLength(1);
    const token = await cardToken(srv, m.auth);
    const answers = await Promise.all(Array.from({ length: 5 }, () => placeAndCharge(srv, m.auth, co.id, token)));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
    const orderId = answers[0]!.body.orderId;
    expect(new Set(answers.map((a) => a.body.orderId))).toEqual(new Set([orderId]));
    expect(await paidBy(srv, c.owner, orderId)).toEqual({ card: 7000, giftCard: 0, count: 1 });
    const mine = await call<ListSubscriptionContractsResponse>(srv.url, 'GET', '/ecom/v1/subscription-contracts', {
      auth: m.auth,
    });
    const made = mine.body.subscriptionContracts.filter((s) => s.originOrderId === orderId);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      status: 'ACTIVE',
      cyclesCompleted: 1,
      price: { amount: '40.00' },
      lineItem: { catalogItemId: coffee.id, quantity: 2 },
      subscriptionSettings: { frequency: 'MONTH', interval: 1, billingCycles: 3 },
      paymentMethod: { lastFourDigits: '4242' },
    });
  });

  it('subscription.no-gift-card: a gift card never pays a subscription: refused in words, and four such orders at once spend nothing', async () => {
    const NO = 'Gift cards can’t pay for subscriptions: remove the gift card to subscribe.';
    const gift = await issueGiftCard(srv, c.owner, '500.00');
    const buyers = await newVisitors(srv, 4);
    const checkouts = await Promise.all(
      buyers.map((b) =>
        newCheckout(srv, b, {
          lineItems: [monthly(1)],
          checkoutInfo: { buyerInfo: { email: 'sub@example.com' }, shippingInfo: SHIPPING },
          giftCardCode: gift.code,
        }),
      ),
    );
    // Kept on the checkout (nothing is lost), paying nothing, with the reason in words.
    const [co] = checkouts;
    expect(co!.giftCard).toBeUndefined();
    expect(co!.priceSummary.payNow).toEqual(co!.priceSummary.total);
    expect(errorsOf(co!)).toContain(`giftCard: ${NO}`);
    const tokens = await Promise.all(buyers.map((b) => cardToken(srv, b)));
    const answers = await Promise.all(checkouts.map((x, i) => placeAndCharge(srv, buyers[i]!, x.id, tokens[i]!)));
    for (const a of answers) expectRefused(a, NO, 'giftCard');
    expect(
      await madeFrom(
        srv,
        checkouts.map((x) => x.id),
      ),
    ).toEqual({ orders: [], payments: [] });
    expect(await giftCardBalance(srv, c.owner, gift.id)).toBe(50000);
    // Given with a change, the code is refused at once, naming the field.
    const b = await newVisitor(srv);
    const plain = await newCheckout(srv, b, {
      lineItems: [monthly(1)],
      checkoutInfo: { buyerInfo: { email: 'sub@example.com' }, shippingInfo: SHIPPING },
    });
    const patched = await checkoutCall(srv, b, 'PATCH', plain.id, { giftCardCode: gift.code });
    expect(patched.status).toBe(400);
    expect(violations(patched.body)).toEqual(['giftCardCode:VALIDATION']);
    expect((patched.body as unknown as { message: string }).message).toContain(NO);
    // Removed, the subscription is paid by card and gets its contract.
    const buyer = buyers[0]!;
    const removed = await checkoutCall(srv, buyer, 'POST', `${co!.id}/remove-gift-card`, {});
    expect(errorsOf(removed.body.checkout)).toEqual([]);
    const paid = await placeAndCharge(srv, buyer, co!.id, await cardToken(srv, buyer));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const mine = await call<ListSubscriptionContractsResponse>(srv.url, 'GET', '/ecom/v1/subscription-contracts', {
      auth: buyer,
    });
    expect(mine.body.subscriptionContracts.filter((x) => x.originOrderId === paid.body.orderId)).toHaveLength(1);
  });
});

describe('download-only orders', () => {
  it('digital.only: a download-only order needs no address nor delivery, and gets its links once paid', async () => {
    const buyers = await newVisitors(srv, 5);
    const checkouts = await Promise.all(
      buyers.map((b) =>
        newCheckout(srv, b, {
          lineItems: [{ catalogReference: ref(ebook.id), quantity: 1 }],
          checkoutInfo: { buyerInfo: { email: 'reader@example.com' } },
        }),
      ),
    );
    const answers = await Promise.all(checkouts.map((co, i) => payByCard(srv, buyers[i]!, co)));
    for (const [i, a] of answers.entries()) {
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body.order.paymentStatus).toBe('PAID');
      const got = await links(buyers[i]!, a.body.orderId);
      expect(got.status, JSON.stringify(got.body)).toBe(200);
      expect(got.body.downloadLinks.map((l) => l.productName)).toEqual([ebook.name]);
    }

    // Unpaid (offline): no links until the owner marks it paid.
    const b = buyers[0]!;
    const offline = await newCheckout(srv, b, {
      lineItems: [{ catalogReference: ref(ebook.id), quantity: 1 }],
      checkoutInfo: { buyerInfo: { email: 'reader@example.com' }, paymentOption: 'FULL_PAYMENT_OFFLINE' },
    });
    const unpaid = await place(srv, b, offline.id);
    expect(unpaid.status, JSON.stringify(unpaid.body)).toBe(200);
    const early = await links(b, unpaid.body.orderId);
    expect(early.status).toBe(409);
    expect(appCode(early.body)).toBe('ORDER_NOT_PAID');
    expect((await collector(srv, c.owner, unpaid.body.orderId, 'mark-as-paid')).status).toBe(200);
    expect((await links(b, unpaid.body.orderId)).status).toBe(200);

    // One shipped item makes it a shipped order again: an address is needed.
    const mixed = await newCheckout(srv, b, {
      lineItems: [
        { catalogReference: ref(ebook.id), quantity: 1 },
        { catalogReference: ref(lamp.id), quantity: 1 },
      ],
      checkoutInfo: { buyerInfo: { email: 'reader@example.com' } },
    });
    expectRefused(
      await payByCard(srv, b, mixed),
      'Enter and save a shipping address',
      'shippingInfo.shippingDestination',
    );
  });
});
