import {
  AbandonedCheckoutResponse,
  ListAbandonedCheckoutsQuery,
  ListAbandonedCheckoutsResponse,
  RecoverCheckoutRequest,
  RecoverCheckoutResponse,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { getAbandonedCheckout, listAbandonedCheckouts, recoverCheckout } from './service.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers, IdParams, routeOptions } from '../../http/route-options.js';

/** Buyers' e-mails and baskets: the owner and `ecom` API keys only. */
const route = routeOptions({ tags: ['abandoned-checkouts'], errors: errorResponses(404, 409), access: ecomManagers });

export function abandonedCheckoutRoutes(app: App): void {
  app.get(
    '/ecom/v1/abandoned-checkouts',
    route({
      summary: 'List abandoned checkouts',
      description:
        'Newest first. A checkout with the buyer’s e-mail and no order becomes ABANDONED once untouched for the ' +
        'checkout settings’ `abandonedCheckout` time; an order placed from it makes it RECOVERED. `metadata.totals` ' +
        'counts every match and its value by status; page on with `metadata.cursor`.',
      querystring: ListAbandonedCheckoutsQuery,
      response: ListAbandonedCheckoutsResponse,
    }),
    async (req) => listAbandonedCheckouts(req.ctx, req.query),
  );
  app.get(
    '/ecom/v1/abandoned-checkouts/:id',
    route({
      summary: 'Get an abandoned checkout',
      description: 'With its activities: SCHEDULED (reminder queued), EMAIL_SENT or EMAIL_NOT_SENT.',
      params: IdParams,
      response: AbandonedCheckoutResponse,
    }),
    async (req) => ({ abandonedCheckout: await getAbandonedCheckout(req.ctx, req.params.id) }),
  );
  app.post(
    '/ecom/v1/checkouts/:id/recover',
    route({
      summary: 'Continue a checkout from its reminder link',
      description:
        'The `recover` token of the reminder e-mail’s link hands a visitor’s checkout to the caller (the buyer on ' +
        'another device or browser). A member’s checkout stays theirs: 403 SIGN_IN_TO_RECOVER until they sign in. ' +
        'A wrong token is 404, like an unknown checkout; a checkout already ordered is 409 CHECKOUT_ALREADY_COMPLETED.',
      params: IdParams,
      body: RecoverCheckoutRequest,
      response: RecoverCheckoutResponse,
      access: { visitor: true, member: true },
    }),
    async (req) => recoverCheckout(req.ctx, req.params.id, req.body.token),
  );
}
