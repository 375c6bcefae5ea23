import { describe, expect, it } from 'vitest';
import type { PaymentMethodsResponse, SubscriptionContract } from '@plaza/contracts';
import { mySubscriptionQueries, paymentQueries } from '@plaza/react';
import { PlazaError } from '@plaza/sdk';
import { fakeClient, MEMBER_ID, queryClientWithSite, render, textOf } from '../storefront/testing.js';
import { CardOutcomeNotice } from './ChangeCard.js';
import SubscriptionsPage from './SubscriptionsPage.js';
import {
  cardPageRefusalWords,
  readCardReturn,
  renewalNeedsBuyer,
  saveStripeCard,
  withoutCardReturn,
  type CardOutcome,
} from './stripeCard.js';

const FAILED_AT = '2026-04-01T09:00:00.000Z';
const BANK = 'Your bank asks you to confirm this payment';

/** An active monthly subscription on a Visa ending 4242; `extra` overrides. */
function contract(id: string, extra: Partial<SubscriptionContract> = {}): SubscriptionContract {
  return {
    id,
    status: 'ACTIVE',
    originOrderId: `order-${id}`,
    buyerInfo: { memberId: MEMBER_ID },
    lineItem: { productName: `Coffee ${id}`, quantity: 1 },
    subscriptionSettings: { frequency: 'MONTH', interval: 1 },
    price: { amount: '20.00', formattedAmount: '€20.00' },
    cyclesCompleted: 1,
    nextBillingDate: '2026-05-04T09:00:00.000Z',
    paymentMethod: { brand: 'Visa', lastFourDigits: '4242' },
    failedAttempts: 0,
    renewalOrderIds: [],
    createdDate: '2026-03-01T09:00:00.000Z',
    updatedDate: '2026-03-01T09:00:00.000Z',
    ...extra,
  };
}

/** A renewal the bank wants the buyer to confirm: tried again later, nothing changed since. */
const waitingForBuyer = (id: string, extra: Partial<SubscriptionContract> = {}) =>
  contract(id, { failedAttempts: 1, lastFailure: { date: FAILED_AT, reason: BANK }, updatedDate: FAILED_AT, ...extra });

const STRIPE: PaymentMethodsResponse['card'] = { provider: 'STRIPE', testMode: false };
const TEST_CARDS: PaymentMethodsResponse['card'] = { provider: 'TEST_CARD', testMode: true };

/** The page's first paint for a signed-in member with these subscriptions, at `path`. */
function page(
  contracts: SubscriptionContract[],
  card: PaymentMethodsResponse['card'],
  path = '/account/subscriptions',
) {
  const queryClient = queryClientWithSite();
  queryClient.setQueryData(mySubscriptionQueries.all(), contracts);
  queryClient.setQueryData(paymentQueries.methodsKey(), { card });
  return render(<SubscriptionsPage />, fakeClient(MEMBER_ID), queryClient, path);
}

/** Each subscription's `<li>` by its id. */
function items(html: string): Map<string, string> {
  const found = [...html.matchAll(/<li\b[^>]*id="subscription-([^"]+)"[^>]*>.*?<\/li>/gs)];
  return new Map(found.map((m) => [m[1]!, m[0]]));
}
const buttons = (html: string) => [...html.matchAll(/<button\b[^>]*>(.*?)<\/button>/gs)].map((m) => textOf(m[1]!));
const STRIPE_LINE = 'You enter the new card on Stripe’s secure page, then come back here.';

describe('changing the card with Stripe', () => {
  it('sends the buyer to Stripe’s page instead of a card form, and says so', () => {
    const html = page([contract('a')], STRIPE);
    expect(buttons(html)).toContain('Change card (Visa ending 4242)');
    expect(textOf(html)).toContain(STRIPE_LINE);
    expect(textOf(html)).not.toContain('Test mode');
    expect(html).not.toContain('id="card-number"');
  });

  it('names the test card in test mode, and keeps the card form with the shop’s test cards', () => {
    expect(textOf(page([contract('a')], { provider: 'STRIPE', testMode: true }))).toContain(
      `${STRIPE_LINE} Test mode: use card 4242 4242 4242 4242.`,
    );
    const testCards = page([contract('a')], TEST_CARDS);
    expect(buttons(testCards)).toContain('Change card (Visa ending 4242)');
    expect(textOf(testCards)).not.toContain('Stripe');
  });

  it('offers no card change for a canceled subscription', () => {
    const html = page([contract('a', { status: 'CANCELED', nextBillingDate: undefined })], STRIPE);
    expect(buttons(html).some((b) => b.startsWith('Change card'))).toBe(false);
    expect(textOf(html)).not.toContain(STRIPE_LINE);
  });
});

describe('coming back from Stripe’s page, or from an e-mail’s link', () => {
  it('marks the subscription of the address and says its new card is being saved there only', () => {
    const html = page(
      [contract('a'), contract('b')],
      STRIPE,
      '/account/subscriptions?subscription=b&stripe_setup=cs_1',
    );
    const li = items(html);
    expect(li.get('b')).toMatch(/aria-current="true"/);
    expect(li.get('b')).toMatch(/class="[^"]*ring-2/);
    expect(textOf(li.get('b')!)).toContain('Saving your new card…');
    expect(li.get('a')).not.toMatch(/aria-current|ring-2/);
    expect(textOf(li.get('a')!)).not.toContain('Saving');
  });

  it('an e-mail’s link marks the subscription and saves nothing', () => {
    const html = page([contract('a'), contract('b')], STRIPE, '/account/subscriptions?subscription=a');
    expect(items(html).get('a')).toMatch(/aria-current="true"/);
    expect(textOf(html)).not.toContain('Saving');
  });

  it('says how saving a card of a subscription not listed went, above the list', () => {
    const html = page([contract('a')], STRIPE, '/account/subscriptions?subscription=gone&stripe_setup=cs_1');
    expect(html.indexOf('Saving your new card…')).toBeLessThan(html.indexOf('id="subscription-a"'));
  });

  it('reads the address: a session counts only with its subscription, and leaving keeps other parameters', () => {
    expect(readCardReturn(new URLSearchParams('subscription=s1&stripe_setup=cs_1'))).toEqual({
      focusId: 's1',
      sessionId: 'cs_1',
    });
    expect(readCardReturn(new URLSearchParams('subscription=s1'))).toEqual({ focusId: 's1' });
    expect(readCardReturn(new URLSearchParams('stripe_setup=cs_1'))).toEqual({});
    const left = withoutCardReturn(new URLSearchParams('subscription=s1&stripe_setup=cs_1&utm=mail'));
    expect(left.toString()).toBe('utm=mail');
  });
});

describe('saving the card saved on Stripe’s page', () => {
  const refusal = (status: number, message: string, code?: string) =>
    new PlazaError(message, status, code ? { applicationError: { code, description: message } } : {});

  it('puts it on the subscription as stripe_setup:<session> and answers the new card', async () => {
    const tokens: string[] = [];
    const outcome = await saveStripeCard(async (token) => {
      tokens.push(token);
      return contract('a', { paymentMethod: { brand: 'Mastercard', lastFourDigits: '4444' } });
    }, 'cs_test_9');
    expect(tokens).toEqual(['stripe_setup:cs_test_9']);
    expect(outcome).toEqual({ kind: 'saved', card: { brand: 'Mastercard', lastFourDigits: '4444' } });
  });

  const outcomeOf = (err: unknown) =>
    saveStripeCard(async () => {
      throw err;
    }, 'cs_1');

  it('says a refusal in words, and offers to try again only when nothing was decided', async () => {
    expect(await outcomeOf(refusal(409, 'The card was not saved on Stripe’s page', 'PAYMENT_DECLINED'))).toEqual({
      kind: 'refused',
      message: 'Your new card was not accepted: the card was not saved on Stripe’s page.',
      canRetry: false,
    });
    const foreign = new PlazaError('paymentToken is not a card saved on Stripe for this subscription', 400, {
      validationError: {
        fieldViolations: [{ field: 'paymentToken', violatedRule: 'FORMAT', description: 'paymentToken is not…' }],
      },
    });
    const words = await outcomeOf(foreign);
    expect(words).toMatchObject({ kind: 'refused', canRetry: false });
    expect(JSON.stringify(words)).not.toMatch(/paymentToken|stripe_setup/);
    expect(await outcomeOf(refusal(500, 'Internal Server Error'))).toEqual({
      kind: 'refused',
      message: 'We could not save your new card just now. Please try again in a moment.',
      canRetry: true,
    });
    expect(await outcomeOf(new TypeError('Failed to fetch'))).toMatchObject({ canRetry: true });
    expect(JSON.stringify(await outcomeOf(new TypeError('Failed to fetch')))).toContain('check your connection');
  });

  it('says why Stripe’s page could not be opened, in words', () => {
    expect(cardPageRefusalWords(refusal(409, 'This shop takes card payments…', 'STRIPE_NOT_CONNECTED'))).toBe(
      'The shop no longer takes cards through Stripe. Please reload this page.',
    );
    expect(
      cardPageRefusalWords(refusal(409, 'A canceled subscription cannot be changed', 'SUBSCRIPTION_NOT_CHANGEABLE')),
    ).toBe('A canceled subscription cannot be changed.');
    expect(cardPageRefusalWords(refusal(502, 'Bad gateway'))).toBe(
      'We could not open Stripe’s page just now. Please try again in a moment.',
    );
  });

  it('shows the outcome: the new card, or the refusal with a way to try again when it may work', () => {
    const view = (outcome: CardOutcome) =>
      render(<CardOutcomeNotice outcome={outcome} onRetry={() => {}} />, fakeClient(MEMBER_ID), queryClientWithSite());
    const saved = view({ kind: 'saved', card: { brand: 'Visa', lastFourDigits: '4242' } });
    expect(textOf(saved)).toBe('Your new card ending 4242 will be used for the next renewals.');
    expect(saved).toContain('role="status"');
    const retry = view({ kind: 'refused', message: 'We could not save your new card just now.', canRetry: true });
    expect(retry).toContain('role="alert"');
    expect(buttons(retry)).toEqual(['Try again']);
    expect(buttons(view({ kind: 'refused', message: 'Not accepted.', canRetry: false }))).toEqual([]);
  });
});

describe('a renewal that waits for the buyer', () => {
  it('says why and when it is tried again, with a prominent "Confirm your card" in place of "Change card"', () => {
    const li = items(page([waitingForBuyer('a')], STRIPE)).get('a')!;
    const problem = /data-testid="renewal-problem".*?<\/div>/s.exec(li)![0];
    expect(textOf(problem)).toContain(
      'The last payment did not go through Your bank asks you to confirm this payment. We will try again on 4 May 2026.',
    );
    expect(buttons(li).filter((b) => b !== 'Cancel subscription')).toEqual(['Confirm your card']);
    expect(textOf(li)).toContain(STRIPE_LINE);
  });

  it('a paused one starts again with another card; a declined card asks for another', () => {
    const paused = waitingForBuyer('a', {
      status: 'PAUSED',
      failedAttempts: 3,
      lastFailure: { date: FAILED_AT, reason: 'The card was declined.' },
    });
    const li = items(page([paused], STRIPE)).get('a')!;
    expect(textOf(li)).toContain(
      'Paused: the last payment did not go through The card was declined. Change the card to start the subscription again.',
    );
    expect(buttons(li)).toContain('Use another card');
    // With the shop's test cards, the same button opens the card form.
    expect(buttons(page([paused], TEST_CARDS))).toContain('Use another card');
  });

  it('asks no more once the card was changed after the failure, nor before any failure', () => {
    const changed = waitingForBuyer('a', {
      updatedDate: '2026-04-01T10:00:00.000Z',
      paymentMethod: { brand: 'Mastercard', lastFourDigits: '4444' },
    });
    expect(renewalNeedsBuyer(changed)).toBe(false);
    const html = page([changed], STRIPE);
    expect(html).not.toContain('renewal-problem');
    expect(textOf(html)).toContain('Next charge: 4 May 2026 on Mastercard ending 4444');
    expect(renewalNeedsBuyer(contract('a'))).toBe(false);
    expect(renewalNeedsBuyer(waitingForBuyer('a'))).toBe(true);
    expect(renewalNeedsBuyer(waitingForBuyer('a', { status: 'CANCELED' }))).toBe(false);
  });
});
