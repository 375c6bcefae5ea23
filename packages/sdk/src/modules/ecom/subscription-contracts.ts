import type {
  ListSubscriptionContractsQuery,
  ListSubscriptionContractsResponse,
  StripeSessionResponse,
  SubscriptionContractResponse,
} from '@plaza/contracts';
import { getMethod, queryMethod } from '../../core/crud.js';
import { defineMethod, seg } from '../../core/method.js';

export type {
  ListSubscriptionContractsQuery,
  ListSubscriptionContractsResponse,
  SubscriptionContract,
  SubscriptionContractResponse,
} from '@plaza/contracts';

/*
 * Subscription contracts: made when an order with a subscription line is paid by card; the server charges each
 * renewal on its date. Buyers list and cancel their own; the owner and `ecom` API keys also pause and resume.
 */

const PATH = '/ecom/v1/subscription-contracts';
const action = (tail: string) =>
  defineMethod<[subscriptionContractId: string], SubscriptionContractResponse>({
    argumentNames: ['subscriptionContractId'],
    request: (id) => ({ method: 'POST', path: `${PATH}/${seg(id)}/${tail}`, body: {} }),
  });

/** Newest first. @example const { subscriptionContracts } = await client.subscriptionContracts.listSubscriptionContracts(); */
export const listSubscriptionContracts = queryMethod<ListSubscriptionContractsQuery, ListSubscriptionContractsResponse>(
  PATH,
);
/** @example const { subscriptionContract } = await client.subscriptionContracts.getSubscriptionContract(id); */
export const getSubscriptionContract = getMethod<SubscriptionContractResponse>(PATH, 'subscriptionContract');
/** No further charges. @example await client.subscriptionContracts.cancelSubscriptionContract(id); */
export const cancelSubscriptionContract = action('cancel');
/** Managers. @example await admin.subscriptionContracts.pauseSubscriptionContract(id); */
export const pauseSubscriptionContract = action('pause');
/** Managers: charges the cycle that was due. @example await admin.subscriptionContracts.resumeSubscriptionContract(id); */
export const resumeSubscriptionContract = action('resume');

/**
 * Renewals on another card (checked first; a subscription paused by declines starts again).
 *
 * @example await client.subscriptionContracts.updatePaymentMethod(id, paymentToken);
 */
export const updatePaymentMethod = defineMethod<
  [subscriptionContractId: string, paymentToken: string],
  SubscriptionContractResponse
>({
  argumentNames: ['subscriptionContractId', 'paymentToken'],
  request: (id, paymentToken) => ({
    method: 'POST',
    path: `${PATH}/${seg(id)}/update-payment-method`,
    body: { paymentToken },
  }),
});

/**
 * For shops on Stripe: Stripe's page where the buyer saves (and their bank confirms) a card for the renewals. Send
 * the browser to `url`; Stripe brings it back to `<returnPath>?subscription=…&stripe_setup=<session>` (an `/account/…`
 * page of the site; `/account/subscriptions` by default), then call `updatePaymentMethod(id, 'stripe_setup:<session>')`.
 *
 * @example location.assign((await client.subscriptionContracts.createStripeCardSession(id, '/account/plans')).url);
 */
export const createStripeCardSession = defineMethod<
  [subscriptionContractId: string, returnPath?: string],
  StripeSessionResponse
>({
  argumentNames: ['subscriptionContractId', 'returnPath'],
  request: (id, returnPath) => ({
    method: 'POST',
    path: `${PATH}/${seg(id)}/stripe-card-session`,
    body: returnPath ? { returnPath } : {},
  }),
});

/** The module for `createClient({ modules })`. */
export const subscriptionContracts = {
  listSubscriptionContracts,
  getSubscriptionContract,
  cancelSubscriptionContract,
  pauseSubscriptionContract,
  resumeSubscriptionContract,
  updatePaymentMethod,
  createStripeCardSession,
};
