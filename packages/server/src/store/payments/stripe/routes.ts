import { Type } from 'typebox';
import {
  CompleteStripeSessionRequest,
  ConnectStripeRequest,
  CreateOrderResponse,
  PaymentMethodsResponse,
  StripeSessionResponse,
  StripeSettingsResponse,
  UpdateStripeSettingsRequest,
} from '@plaza/contracts';
import type { Access } from '../../../kernel/caller.js';
import type { App } from '../../../http/types.js';
import { errorResponses } from '../../../http/error-responses.js';
import { IdParams, routeOptions } from '../../../http/route-options.js';
import {
  connectStripe,
  disconnectStripe,
  getStripeSettings,
  stripeConnection,
  updateStripeSettings,
  WEBHOOK_PATH,
} from './account.js';
import { completeStripeSession } from './completion.js';
import { createStripeSession } from './sessions.js';
import { receiveStripeEvent } from './webhook.js';

/** A checkout's buyer (visitor or member), the owner and `ecom` keys: as create-order-and-charge. */
const buyers: Access = { visitor: true, member: true, admin: ['OWNER'], scope: 'ecom' };
/** The keys are the shop's money: the owner alone connects them, never an API key. */
const ownerOnly: Access = { admin: ['OWNER'] };

const route = routeOptions({ tags: ['payments'], errors: errorResponses(404, 409), access: buyers });

export async function stripeRoutes(app: App): Promise<void> {
  registerBuyerRoutes(app);
  registerSettingsRoutes(app);
  await registerWebhookRoute(app);
}

function registerBuyerRoutes(app: App): void {
  app.get(
    '/ecom/v1/payments/methods',
    route({
      summary: 'How buyers pay by card',
      description: 'TEST_CARD (the built-in test cards) or STRIPE (Stripe’s hosted page); `testMode`: no real money.',
      response: PaymentMethodsResponse,
      access: 'public',
    }),
    async (req) => {
      const stripe = await stripeConnection(req.ctx);
      return {
        card: stripe
          ? { provider: 'STRIPE' as const, testMode: !stripe.live }
          : { provider: 'TEST_CARD' as const, testMode: true },
      };
    },
  );
  app.post(
    '/ecom/v1/checkouts/:id/stripe-session',
    route({
      summary: 'Pay on Stripe’s page',
      description:
        'A Stripe Checkout Session for what is due now; send the buyer to `url`. With nothing due now but a ' +
        'subscription to charge later (a free trial), the session is in setup mode: the buyer saves the card there. ' +
        'Refused like a placement would be ' +
        '(sold out, missing address: 409 with the violations) before anyone pays. 409 STRIPE_NOT_CONNECTED without Stripe.',
      params: IdParams,
      response: StripeSessionResponse,
    }),
    async (req) => createStripeSession(req.ctx, req.params.id),
  );
  app.post(
    '/ecom/v1/checkouts/:id/stripe-session/complete',
    route({
      summary: 'Back from Stripe’s page: the order',
      description:
        'Places the order of a paid session once (the webhook may have placed it already: its order is answered). ' +
        '409 STRIPE_PAYMENT_NOT_FINISHED while unpaid; 409 PAYMENT_RETURNED when the checkout changed while paying ' +
        '(the money went back, in words).',
      params: IdParams,
      body: CompleteStripeSessionRequest,
      response: CreateOrderResponse,
    }),
    async (req) => completeStripeSession(req.ctx, req.params.id, req.body.sessionId),
  );
}

function registerSettingsRoutes(app: App): void {
  const settings = '/ecom/v1/payments/stripe/settings';
  const own = { response: StripeSettingsResponse, access: ownerOnly };
  app.get(
    settings,
    route({ summary: 'The Stripe connection', description: 'Secrets as hints only.', ...own }),
    async (req) => ({
      stripe: await getStripeSettings(req.ctx),
    }),
  );
  app.put(
    settings,
    route({
      summary: 'Connect Stripe',
      description: 'The keys are checked with Stripe first (400 naming the key, in words) and stored encrypted.',
      body: ConnectStripeRequest,
      ...own,
    }),
    async (req) => ({ stripe: await connectStripe(req.ctx, req.body) }),
  );
  app.patch(
    settings,
    route({ summary: 'Change how Stripe payments are captured', body: UpdateStripeSettingsRequest, ...own }),
    async (req) => ({ stripe: await updateStripeSettings(req.ctx, req.body) }),
  );
  app.delete(
    settings,
    route({ summary: 'Disconnect Stripe', description: 'The keys are deleted.', ...own }),
    async (req) => ({
      stripe: await disconnectStripe(req.ctx),
    }),
  );
}

/** Stripe signs the exact bytes it sends: this route keeps the body as bytes. */
async function registerWebhookRoute(app: App): Promise<void> {
  await app.register(async (scope: App) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post(
      WEBHOOK_PATH,
      route({
        summary: 'Stripe’s events',
        description:
          'Register this address in Stripe. Signed deliveries only (Stripe-Signature, at most 5 minutes old); each ' +
          'event is handled once.',
        headers: Type.Object({ 'stripe-signature': Type.Optional(Type.String()) }),
        response: Type.Object({ received: Type.Boolean(), duplicate: Type.Optional(Type.Boolean()) }),
        access: 'public',
      }),
      async (req) => receiveStripeEvent(req.ctx, req.body as Buffer, req.headers['stripe-signature']),
    );
  });
}
