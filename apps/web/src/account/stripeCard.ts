import type { SubscriptionContract } from '@plaza/contracts';
import { isPlazaError } from '@plaza/sdk';
import { violationsOf } from '../ui/formRules.js';

/*
 * A subscription's new card saved on Stripe's page: the page is asked for, the buyer goes there, and Stripe sends them
 * back to /account/subscriptions?subscription=<id>&stripe_setup=<session>, where the card is put on the subscription.
 */

const SUBSCRIPTION = 'subscription';
const STRIPE_SETUP = 'stripe_setup';

/** What the address asks of the page: a subscription to show (from an e-mail, or back from Stripe) and a saved card. */
export function readCardReturn(search: URLSearchParams): { focusId?: string; sessionId?: string } {
  const focusId = search.get(SUBSCRIPTION) || undefined;
  const sessionId = search.get(STRIPE_SETUP) || undefined;
  return { ...(focusId ? { focusId } : {}), ...(focusId && sessionId ? { sessionId } : {}) };
}

/** The address without them: a reload or Back must not save the same card again. */
export function withoutCardReturn(search: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(search);
  rest.delete(SUBSCRIPTION);
  rest.delete(STRIPE_SETUP);
  return rest;
}

/** The server's reason when the bank wants the buyer to confirm a renewal (stripe/provider.ts BUYER_MUST_CONFIRM). */
export const BANK_WANTS_BUYER = 'Your bank asks you to confirm this payment';

/**
 * A renewal that did not go through and waits for the buyer. Paused: until they change the card (that starts it
 * again). Active: the renewal is tried again on its date, but a card changed since the failure is what will be tried,
 * so it no longer asks (the change is the subscription's last update).
 */
export function renewalNeedsBuyer(s: SubscriptionContract): boolean {
  if (!s.lastFailure || s.failedAttempts === 0) return false;
  if (s.status === 'PAUSED') return true;
  return s.status === 'ACTIVE' && Date.parse(s.updatedDate) <= Date.parse(s.lastFailure.date);
}

/** How putting the card saved on Stripe's page on the subscription ended. */
export type CardOutcome =
  | { kind: 'saved'; card: SubscriptionContract['paymentMethod'] }
  /** `canRetry`: the shop or the connection failed, the same card may be tried again. */
  | { kind: 'refused'; message: string; canRetry: boolean };

const codeOf = (err: unknown) => (isPlazaError(err) ? err.details.applicationError?.code : undefined);
const statusOf = (err: unknown) => (isPlazaError(err) ? err.status : undefined);
/** The server's sentence inside one of ours: "the card was not saved on Stripe’s page". */
const clause = (err: unknown) => {
  const text = (err as Error).message.replace(/[.\s]+$/, '');
  return text.charAt(0).toLowerCase() + text.slice(1);
};
/** The shop or the connection failed: nothing was decided, the same step may be tried again. */
const notNow = (err: unknown, what: string) =>
  (err as Error | undefined)?.name === 'TypeError'
    ? `We could not reach the shop to ${what}: check your connection and try again.`
    : `We could not ${what} just now. Please try again in a moment.`;

/** Why the card was not put on the subscription, in the buyer's words (the server's may name request fields). */
export function cardRefusalWords(err: unknown): { message: string; canRetry: boolean } {
  const code = codeOf(err);
  const status = statusOf(err);
  const final = (message: string) => ({ message, canRetry: false });
  // The bank's or Stripe's reason ("The card was not saved on Stripe’s page"), in words already.
  if (code === 'PAYMENT_DECLINED') return final(`Your new card was not accepted: ${clause(err)}.`);
  if (code === 'SUBSCRIPTION_NOT_CHANGEABLE') return final(`${(err as Error).message.replace(/\.$/, '')}.`);
  // A session of another subscription, or one Stripe does not know.
  if (violationsOf(err).length) {
    return final('We could not find the card you saved on Stripe’s page. Please change the card again.');
  }
  if (status === 404) return final('This subscription is not in your account.');
  if (status === 401 || status === 403) return final('Please sign in again, then change the card once more.');
  return { message: notNow(err, 'save your new card'), canRetry: true };
}

/** Why Stripe's page could not be opened, in the buyer's words. */
export function cardPageRefusalWords(err: unknown): string {
  const code = codeOf(err);
  if (code === 'STRIPE_NOT_CONNECTED') return 'The shop no longer takes cards through Stripe. Please reload this page.';
  if (code === 'SUBSCRIPTION_NOT_CHANGEABLE') return `${(err as Error).message.replace(/\.$/, '')}.`;
  if (statusOf(err) === 401 || statusOf(err) === 403) return 'Please sign in again, then change the card.';
  return notNow(err, 'open Stripe’s page');
}

/** Puts the card saved on Stripe's page (`sessionId`) on the subscription with `save`, and says how it went. */
export async function saveStripeCard(
  save: (paymentToken: string) => Promise<SubscriptionContract>,
  sessionId: string,
): Promise<CardOutcome> {
  try {
    const contract = await save(`stripe_setup:${sessionId}`);
    return { kind: 'saved', card: contract.paymentMethod };
  } catch (err) {
    return { kind: 'refused', ...cardRefusalWords(err) };
  }
}
