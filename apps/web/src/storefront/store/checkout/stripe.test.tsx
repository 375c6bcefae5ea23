import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import type { Checkout, CreateOrderResponse, PaymentMethodsResponse } from '@plaza/contracts';
import { paymentQueries } from '@plaza/react';
import { PlazaError } from '@plaza/sdk';
import { fakeClient, queryClientWithSite, render, textOf } from '../../testing.js';
import { PaymentSection } from './PaymentSection.js';
import StripeReturnPage, { ReturnView, type ReturnState } from './StripeReturnPage.js';
import { confirmStripePayment } from './stripeReturn.js';

const money = (amount: string) => ({ amount, formattedAmount: `$${amount}` });

/** A checkout of one digital item with the buyer's e-mail in: ready to pay `payNow`. `extra` overrides. */
function checkout(extra: Record<string, unknown> = {}, payNow = '21.20'): Checkout {
  return {
    id: 'c1',
    updatedDate: '2026-01-01T00:00:00.000Z',
    buyerInfo: { email: 'ann@example.com' },
    lineItems: [{ id: 'l1', productName: 'E-book', physicalProperties: { shippable: false } }],
    shippingInfo: { carrierServiceOptions: [] },
    violations: [],
    customFields: [],
    subscriptionCharges: [],
    paymentOption: 'FULL_PAYMENT_ONLINE',
    priceSummary: { payNow: money(payNow) },
    ...extra,
  } as unknown as Checkout;
}

/** The payment part's first paint, with the shop's card provider known (or not yet, without `card`). */
function paymentPart(c: Checkout, card?: PaymentMethodsResponse['card']) {
  const queryClient = queryClientWithSite();
  if (card) queryClient.setQueryData(paymentQueries.methodsKey(), { card });
  const html = render(<PaymentSection checkout={c} closed={false} />, fakeClient(null), queryClient);
  const button = /<button[^>]*type="submit"[^>]*>(.*?)<\/button>/s.exec(html)!;
  return { html, text: textOf(html), button: textOf(button[1]!), disabled: /\sdisabled=""/.test(button[0]) };
}

const STRIPE_LINE = 'You pay on Stripe’s secure page; you come back here when it is done.';
const TEST_LINE = 'Test mode: use card 4242 4242 4242 4242';

describe('the payment part with Stripe', () => {
  it('has no card fields: it says where the buyer pays, and the button pays the amount due', () => {
    const part = paymentPart(checkout(), { provider: 'STRIPE', testMode: true });
    expect(part.text).toContain(STRIPE_LINE);
    expect(part.text).toContain(TEST_LINE);
    expect(part.html).not.toContain('id="card-number"');
    expect(part.button).toBe('Pay $21.20');
    expect(part.disabled).toBe(false);
  });

  it('says nothing of test cards in live mode', () => {
    const part = paymentPart(checkout(), { provider: 'STRIPE', testMode: false });
    expect(part.text).toContain(STRIPE_LINE);
    expect(part.text).not.toContain('Test mode');
  });

  it('asks for what is missing first, never for a card', () => {
    const part = paymentPart(checkout({ buyerInfo: {} }), { provider: 'STRIPE', testMode: true });
    expect(part.button).toBe('Enter your e-mail');
    expect(part.disabled).toBe(true);
    expect(part.text).not.toMatch(/card number/i);
  });

  it('keeps "Place order" for offline payment and for nothing due', () => {
    const stripe = { provider: 'STRIPE', testMode: true } as const;
    for (const c of [checkout({ paymentOption: 'FULL_PAYMENT_OFFLINE' }), checkout({}, '0.00')]) {
      const part = paymentPart(c, stripe);
      expect(part.button).toBe('Place order');
      expect(part.text).not.toContain(STRIPE_LINE);
    }
  });

  it('a free trial (nothing due, a subscription to charge later) saves the card on Stripe’s page', () => {
    const trial = checkout({
      subscriptionCharges: [{ lineItemId: 'l1', charges: [] }],
      priceSummary: { payNow: money('0.00'), total: money('0.00') },
    });
    const part = paymentPart(trial, { provider: 'STRIPE', testMode: true });
    expect(part.button).toBe('Save card and start trial');
    expect(part.disabled).toBe(false);
    expect(part.text).toContain('Nothing is charged now. You save your card on Stripe’s secure page');
    expect(part.text).toContain(TEST_LINE);
    // With the shop's test cards: the card form, then the same button.
    const card = paymentPart(trial, { provider: 'TEST_CARD', testMode: true });
    expect(card.html).toContain('id="card-number"');
    expect(card.button).toBe('Enter the card number');
    // A gift card paying the first charge: the card is saved too, for an order that is not a trial.
    const gift = checkout({
      subscriptionCharges: [{ lineItemId: 'l1', charges: [] }],
      priceSummary: { payNow: money('0.00'), total: money('21.20') },
    });
    expect(paymentPart(gift, { provider: 'STRIPE', testMode: true }).button).toBe('Save card and place order');
  });

  it('keeps the card form with the shop’s test cards', () => {
    const part = paymentPart(checkout(), { provider: 'TEST_CARD', testMode: true });
    expect(part.html).toContain('id="card-number"');
    expect(part.button).toBe('Enter the card number');
    expect(part.text).not.toContain(STRIPE_LINE);
  });

  it('waits, disabled, until it knows how the shop takes cards', () => {
    const part = paymentPart(checkout());
    expect(part.html).toContain('aria-label="Loading how to pay"');
    expect(part.html).not.toContain('id="card-number"');
    expect(part.button).toBe('Pay $21.20');
    expect(part.disabled).toBe(true);
  });
});

const placed = { orderId: 'o1', thankYouToken: 'tok', order: {} } as CreateOrderResponse;
const refusal = (code: string, message = 'Refused.', status = 409) =>
  new PlazaError(message, status, { applicationError: { code, description: message } });

/** A `complete` that fails with each of `errors` in turn, then answers the order; it counts its calls. */
function completing(...errors: Error[]) {
  const calls = { count: 0 };
  const complete = () => {
    const error = errors[calls.count++];
    return error ? Promise.reject(error) : Promise.resolve(placed);
  };
  return { complete, calls };
}

describe('confirming the payment after Stripe’s page', () => {
  const notFinished = () => refusal('STRIPE_PAYMENT_NOT_FINISHED', 'The payment is not finished.');

  it('asks again while Stripe has not said the payment is done, with the given pauses, until the order', async () => {
    const { complete, calls } = completing(notFinished(), notFinished());
    const slept: number[] = [];
    const sleep = async (ms: number) => void slept.push(ms);
    const outcome = await confirmStripePayment(complete, { waits: [10, 20, 30], sleep });
    expect(outcome).toEqual({ kind: 'placed', placed });
    expect(calls.count).toBe(3);
    expect(slept).toEqual([10, 20]);
  });

  it('stops after the last pause: not heard from Stripe', async () => {
    const { complete, calls } = completing(notFinished(), notFinished(), notFinished(), notFinished());
    const outcome = await confirmStripePayment(complete, { waits: [1, 1], sleep: async () => {} });
    expect(outcome).toEqual({ kind: 'not-heard' });
    expect(calls.count).toBe(3);
  });

  it('never asks again after the money went back, or another refusal', async () => {
    const words = 'The last unit sold. Your payment was given back, so nothing is charged.';
    const returned = completing(refusal('PAYMENT_RETURNED', words));
    expect(await confirmStripePayment(returned.complete, { waits: [1, 1], sleep: async () => {} })).toEqual({
      kind: 'returned',
      message: words,
    });
    expect(returned.calls.count).toBe(1);

    const unknown = refusal('STRIPE_SESSION_NOT_FOUND', 'This payment is not one of this checkout', 404);
    const other = completing(unknown);
    expect(await confirmStripePayment(other.complete, { waits: [1, 1], sleep: async () => {} })).toEqual({
      kind: 'failed',
      error: unknown,
    });
    expect(other.calls.count).toBe(1);
  });

  it('asks no more once the buyer has left the page', async () => {
    const { complete, calls } = completing(notFinished(), notFinished());
    let left = false;
    const sleep = async () => void (left = true);
    expect(await confirmStripePayment(complete, { waits: [1, 1, 1], sleep, stopped: () => left })).toBeUndefined();
    expect(calls.count).toBe(1);
  });
});

describe('the return page', () => {
  const view = (state: ReturnState) =>
    render(<ReturnView state={state} checkoutId="c1" onTryAgain={() => {}} />, fakeClient(null), queryClientWithSite());
  const buttons = (html: string) =>
    [...html.matchAll(/<(?:button|a)\b[^>]*>(.*?)<\/(?:button|a)>/g)].map((m) => textOf(m[1]!));

  it('first says it is confirming the payment, with a spinner', () => {
    const html = render(
      <Routes>
        <Route path="/checkout/:checkoutId/paid" element={<StripeReturnPage />} />
      </Routes>,
      fakeClient(null),
      queryClientWithSite(),
      '/checkout/c1/paid?session_id=cs_test_1',
    );
    expect(html).toMatch(/role="status"[^>]*>.*animate-spin.*Confirming your payment…/s);
  });

  it('not heard from Stripe: try again, or back to the checkout', () => {
    const html = view({ kind: 'not-heard' });
    expect(textOf(html)).toMatch(/^We haven’t heard from Stripe yet… If you finished paying on Stripe’s page/);
    expect(buttons(html)).toEqual(['Try again', 'Back to checkout']);
    expect(html).toContain('href="/checkout/c1"');
  });

  it('the money went back: the server’s words, and back to the checkout only', () => {
    const html = view({ kind: 'returned', message: 'The last unit sold. Your payment was given back.' });
    expect(textOf(html)).toContain('Your order could not be placed The last unit sold. Your payment was given back.');
    expect(buttons(html)).toEqual(['Back to checkout']);
  });

  it('another failure in words, without the server’s insides', () => {
    const html = view({ kind: 'failed', error: new TypeError('Failed to fetch') });
    expect(textOf(html)).toContain('We could not confirm your payment Check your connection and try again.');
    expect(textOf(html)).not.toContain('Failed to fetch');
    expect(buttons(html)).toEqual(['Try again', 'Back to checkout']);
  });
});
