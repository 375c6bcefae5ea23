import {
  StripeCardSessionRequest,
  StripeSessionResponse,
  ListSubscriptionContractsQuery,
  ListSubscriptionContractsResponse,
  SubscriptionContractResponse,
  UpdateSubscriptionPaymentMethodRequest,
} from '@plaza/contracts';
import type { Access } from '../../kernel/caller.js';
import type { App } from '../../http/types.js';
import { stripeCardSession, updateContractPaymentMethod } from './payment-method.js';
import { cancelContract, getContract, listContracts, pauseContract, resumeContract } from './service.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers, IdParams, routeOptions } from '../../http/route-options.js';

/** Buyers (their own) and managers. */
const everyone: Access = { visitor: true, member: true, admin: ['OWNER'], scope: 'ecom' };
const BASE = '/ecom/v1/subscription-contracts';

const route = routeOptions({ tags: ['subscriptions'], errors: errorResponses(404, 409), access: everyone });

export function subscriptionRoutes(app: App): void {
  registerContractReadRoutes(app);
  registerContractChangeRoutes(app);
}

/** Listing contracts, reading one and canceling it. */
function registerContractReadRoutes(app: App): void {
  app.get(
    BASE,
    route({
      summary: 'List subscription contracts',
      description: 'Newest first. Members and visitors see their own; the owner and `ecom` API keys every one.',
      querystring: ListSubscriptionContractsQuery,
      response: ListSubscriptionContractsResponse,
    }),
    async (req) => listContracts(req.ctx, req.query),
  );
  app.get(
    `${BASE}/:id`,
    route({
      summary: 'Get a subscription contract',
      params: IdParams,
      response: SubscriptionContractResponse,
    }),
    async (req) => ({ subscriptionContract: await getContract(req.ctx, req.params.id) }),
  );
  app.post(
    `${BASE}/:id/cancel`,
    route({
      summary: 'Cancel a subscription',
      description: 'No further charges; orders already placed stay. The buyer (their own) or a manager.',
      params: IdParams,
      response: SubscriptionContractResponse,
    }),
    async (req) => ({ subscriptionContract: await cancelContract(req.ctx, req.params.id) }),
  );
}

/** Pausing and resuming a contract, and changing how it is paid. */
function registerContractChangeRoutes(app: App): void {
  app.post(
    `${BASE}/:id/pause`,
    route({
      summary: 'Pause a subscription',
      description: 'A renewal that comes due while paused waits until it is resumed.',
      params: IdParams,
      response: SubscriptionContractResponse,
      access: ecomManagers,
    }),
    async (req) => ({ subscriptionContract: await pauseContract(req.ctx, req.params.id) }),
  );
  app.post(
    `${BASE}/:id/resume`,
    route({
      summary: 'Resume a paused subscription',
      description:
        'Charges the cycle that was due (now, if its date has passed) and forgets the failed attempts; a ' +
        'contract paused after three declined renewals resumes this way.',
      params: IdParams,
      response: SubscriptionContractResponse,
      access: ecomManagers,
    }),
    async (req) => ({ subscriptionContract: await resumeContract(req.ctx, req.params.id) }),
  );
  app.post(
    `${BASE}/:id/update-payment-method`,
    route({
      summary: 'Put a subscription on another card',
      description:
        'The card is checked first (nothing is charged); a declined card changes nothing (409 PAYMENT_DECLINED). ' +
        'A subscription paused after declined renewals starts again at once on the new card. The buyer (their ' +
        'own) or a manager.',
      params: IdParams,
      body: UpdateSubscriptionPaymentMethodRequest,
      response: SubscriptionContractResponse,
    }),
    async (req) => ({
      subscriptionContract: await updateContractPaymentMethod(req.ctx, req.params.id, req.body.paymentToken),
    }),
  );
  app.post(
    `${BASE}/:id/stripe-card-session`,
    {
      ...route({
        summary: 'Save a new card on Stripe’s page',
        description:
          'For shops on Stripe: a page where the buyer saves a card for the renewals (their bank confirms it there). ' +
          'Stripe sends them back to `returnPath` (an /account/… page; /account/subscriptions by default) with ' +
          '`stripe_setup`; pass `stripe_setup:<that>` to update-payment-method. 409 STRIPE_NOT_CONNECTED without Stripe.',
        params: IdParams,
        body: StripeCardSessionRequest,
        response: StripeSessionResponse,
      }),
      // Callers from before `returnPath` send no body: that is an empty one.
      preValidation: async (req) => {
        req.body ??= {};
      },
    },
    async (req) => stripeCardSession(req.ctx, req.params.id, req.body.returnPath),
  );
}
