import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  connectStripe,
  disconnectStripe,
  getPaymentMethods,
  getStripeSettings,
  updateStripeSettings,
  type ConnectStripeRequest,
  type StripeSettings,
} from '@plaza/sdk/ecom';
import { call, invalidating, type FetchClient } from '../call.js';
import { fieldQuery } from '../factories.js';
import { shopQueries, storeQueries } from './roots.js';

/** How buyers pay by card (test cards or Stripe), and the owner's Stripe connection. */
export const paymentQueries = {
  methodsKey: () => [...shopQueries.all(), 'payment-methods'] as const,
  stripeKey: () => [...storeQueries.all(), 'stripe-settings'] as const,
  /** `card.provider` (TEST_CARD or STRIPE) and `card.testMode` (no real money). Anyone may read it. */
  methods: (client: FetchClient) =>
    queryOptions({ queryKey: paymentQueries.methodsKey(), queryFn: () => call(client, getPaymentMethods) }),
  stripe: (client: FetchClient) => fieldQuery(client, paymentQueries.stripeKey(), getStripeSettings, 'stripe'),
};

/** A change to the connection changes how buyers pay too: both are refreshed. */
const afterStripeChange = <V>(
  client: FetchClient,
  qc: QueryClient,
  run: (v: V) => Promise<{ stripe: StripeSettings }>,
) =>
  invalidating(qc, paymentQueries.stripeKey(), async (v: V) => {
    const { stripe } = await run(v);
    void qc.invalidateQueries({ queryKey: paymentQueries.methodsKey() });
    return stripe;
  });

export const paymentMutations = {
  /** Checked with Stripe before it is saved: a refused key is a PlazaError naming the field. */
  connectStripe: (client: FetchClient, qc: QueryClient) =>
    afterStripeChange(client, qc, (req: ConnectStripeRequest) => call(client, connectStripe, req)),
  setCaptureMethod: (client: FetchClient, qc: QueryClient) =>
    afterStripeChange(client, qc, (captureMethod: StripeSettings['captureMethod']) =>
      call(client, updateStripeSettings, { captureMethod }),
    ),
  disconnectStripe: (client: FetchClient, qc: QueryClient) =>
    afterStripeChange(client, qc, () => call(client, disconnectStripe)),
};
