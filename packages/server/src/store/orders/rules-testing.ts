import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Checkout, OrderTransactions, Product, Violation } from '@plaza/contracts';
import type { TestServer } from '../../test/harness.js';
import { appCode, call, type CallResult } from '../../../test/http.js';
import { newCheckout, ref } from '../checkout/testing.js';
import { orderPayments, orders } from './tables.js';
import { cardToken, ensureTestShipping, placeAndCharge, SHIPPING } from './testing.js';

/**
 * Shared setup of the money-path rule tests (docs/store/rules.md, `rules-*.test.ts`): buyers, checkouts of several
 * lines, refusals in words, and what an order really charged. Everything a buyer or the owner does goes through the
 * HTTP routes; the database is only read, to prove what was (not) written.
 */

/** A new anonymous shopper: `Bearer <visitor token>`. */
export const newVisitor = async (srv: TestServer): Promise<string> => `Bearer ${await srv.visitorToken()}`;
export const newVisitors = (srv: TestServer, n: number): Promise<string[]> =>
  Promise.all(Array.from({ length: n }, () => newVisitor(srv)));

/** Money on the wire as minor units (2-decimal currencies), for sums that must add up exactly. */
export const cents = (m: { amount: string } | undefined): number => Math.round(Number(m?.amount ?? '0') * 100);

/** A checkout of these lines with the buyer's e-mail and (free) shipping to SHIP_TO; `info` and `extra` add to it. */
export async function checkoutOf(
  srv: TestServer,
  auth: string,
  lines: Array<[Product, number]>,
  info: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): Promise<Checkout> {
  await ensureTestShipping(srv);
  return newCheckout(srv, auth, {
    lineItems: lines.map(([p, quantity]) => ({ catalogReference: ref(p.id), quantity })),
    checkoutInfo: { buyerInfo: { email: 'buyer@example.com' }, shippingInfo: SHIPPING, ...info },
    channelType: 'WEB',
    ...extra,
  });
}

/** `n` new buyers, each with a checkout of the same lines, `info` and `extra`, made at once (the races of the rules). */
export async function sameCheckouts(
  srv: TestServer,
  n: number,
  lines: Array<[Product, number]>,
  info: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) {
  const buyers = await newVisitors(srv, n);
  const checkouts = await Promise.all(buyers.map((b) => checkoutOf(srv, b, lines, info, extra)));
  return { buyers, checkouts };
}

/** create-order-and-charge with a fresh good test card of this buyer. */
export async function payByCard(srv: TestServer, auth: string, checkout: Checkout) {
  return placeAndCharge(srv, auth, checkout.id, await cardToken(srv, auth));
}

type Refusal = { message: string; details: { applicationError: { data: { violations: Violation[] } } } };

/** A 409 CHECKOUT_HAS_ERRORS whose message says `words` and whose violations name `target`. */
export function expectRefused(res: CallResult<unknown>, words: string, target: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(appCode(res.body)).toBe('CHECKOUT_HAS_ERRORS');
  const body = res.body as Refusal;
  expect(body.message).toContain(words);
  expect(body.details.applicationError.data.violations.map((v) => v.target.other?.name)).toContain(target);
}

/** The violations of a 409 CHECKOUT_HAS_ERRORS answer. */
export const refusalViolations = (body: unknown): Violation[] =>
  (body as Refusal).details.applicationError.data.violations;

/** A refusal with this status and application code (OUT_OF_STOCK, GIFT_CARD_INSUFFICIENT_BALANCE, …). */
export function expectCode(res: CallResult<unknown>, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(appCode(res.body)).toBe(code);
}

/** The ERROR violations a checkout answer carries, as `target: description`. */
export const errorsOf = (checkout: Checkout): string[] =>
  checkout.violations
    .filter((v) => v.severity === 'ERROR')
    .map((v) => `${v.target.other?.name ?? v.target.lineItem?.id}: ${v.description}`);

/** Orders and payments made from these checkouts, as the database has them (what was really written). */
export async function madeFrom(srv: TestServer, checkoutIds: string[]) {
  const db = srv.ctx().db;
  const made = await db.select().from(orders).where(inArray(orders.checkoutId, checkoutIds));
  const ids = made.map((o) => o.id);
  const paid = ids.length ? await db.select().from(orderPayments).where(inArray(orderPayments.orderId, ids)) : [];
  return { orders: made, payments: paid };
}

/** What an order's payments took, by method, in minor units (the owner's transactions route). */
export async function paidBy(srv: TestServer, manager: string, orderId: string) {
  const res = await call<{ orderTransactions: OrderTransactions }>(
    srv.url,
    'GET',
    `/ecom/v1/orders/${orderId}/transactions`,
    { auth: manager },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const sum = (method: string) =>
    res.body.orderTransactions.payments.filter((p) => p.method === method).reduce((s, p) => s + cents(p.amount), 0);
  return { card: sum('CREDIT_CARD'), giftCard: sum('GIFT_CARD'), count: res.body.orderTransactions.payments.length };
}

/** A gift card issued by the owner: its id and its code (shown once, at creation). */
export async function issueGiftCard(
  srv: TestServer,
  owner: string,
  amount: string,
  extra: Record<string, unknown> = {},
) {
  const res = await call<{ giftCard: { id: string; code: string } }>(srv.url, 'POST', '/ecom/v1/gift-cards', {
    auth: owner,
    body: { giftCard: { initialBalance: { amount }, ...extra } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.giftCard;
}

export async function giftCardBalance(srv: TestServer, owner: string, id: string): Promise<number> {
  const res = await call<{ giftCard: { balance: { amount: string } } }>(srv.url, 'GET', `/ecom/v1/gift-cards/${id}`, {
    auth: owner,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return cents(res.body.giftCard.balance);
}

/** PATCHes the tip settings with every given field in the mask. */
export async function setTips(srv: TestServer, owner: string, tipSettings: Record<string, unknown>) {
  const res = await call(srv.url, 'PATCH', '/ecom/v1/tip-settings', {
    auth: owner,
    body: { tipSettings, fieldMask: { paths: Object.keys(tipSettings) } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** How many orders a coupon has given (`numberOfUsages`, through the owner's route). */
export async function couponUses(srv: TestServer, owner: string, couponId: string): Promise<number> {
  const res = await call<{ coupon: { numberOfUsages: number } }>(srv.url, 'GET', `/ecom/v1/coupons/${couponId}`, {
    auth: owner,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.coupon.numberOfUsages;
}
