import { providerForToken } from '../payments/index.js';
import type { PlacementHandler } from '../orders/index.js';
import { createContractsForOrder } from './service.js';

/** Subscription lines become contracts, renewed with the card that paid the first order. */
export const subscriptionsOnPlacement: PlacementHandler = {
  name: 'subscriptions',
  order: 30,
  run: async (tx, p) => {
    // A provider that keeps cards apart from payments (Stripe) gives the saved card's own token.
    const token = p.charge?.savedPaymentToken ?? p.opts.paymentToken;
    if (!p.checkout.subscriptionCharges.length || !p.charge || !token) return;
    const card = p.charge.card ?? { brand: 'Card', lastFourDigits: '' };
    await createContractsForOrder(tx, {
      orderId: p.orderId,
      checkout: p.checkout,
      memberId: p.row.memberId,
      visitorId: p.row.visitorId,
      card: { provider: providerForToken(token).id, token, ...card },
    });
  },
};
