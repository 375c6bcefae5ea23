import type { StripeSessionResponse, SubscriptionContract } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { buyerProviderForToken, createCardSetupSession } from '../payments/index.js';
import { webBase } from '../../lib/urls.js';
import { getSite } from '../../platform/site/index.js';
import { change, getContract, loadContract, refuse, resumed } from './service.js';

/** What a card saved on Stripe's page for a subscription is for: that subscription only. */
export const contractPurpose = (id: string) => `contract:${id}`;

/**
 * POST …/{id}/stripe-card-session: Stripe's page where the buyer saves (and their bank confirms) a card for the
 * renewals. Stripe sends them back to `returnPath` (an account page; their subscriptions by default) with
 * `stripe_setup=<session>`, which the page gives to update-payment-method as `stripe_setup:<session>`.
 */
export async function stripeCardSession(
  ctx: Ctx,
  id: string,
  returnPath = '/account/subscriptions',
): Promise<StripeSessionResponse> {
  const row = await loadContract(ctx, id);
  if (row.status === 'CANCELED' || row.status === 'ENDED') refuse(row, 'changed');
  return createCardSetupSession(ctx, {
    purpose: contractPurpose(id),
    currency: row.currency,
    currentToken: row.paymentMethod.token,
    ...(row.buyerEmail ? { email: row.buyerEmail } : {}),
    returnUrl: `${webBase(ctx)}${returnPath}?subscription=${id}`,
  });
}

/**
 * POST …/{id}/update-payment-method: the buyer (or a manager) puts the renewals on another card. The card is checked
 * with the provider first (an authorization of 0, released at once): a declined card changes nothing. A contract
 * paused after declined renewals starts again at once on the new card; one the owner paused stays paused.
 */
export async function updateContractPaymentMethod(
  ctx: Ctx,
  id: string,
  paymentToken: string,
): Promise<SubscriptionContract> {
  // Someone else's contract is a 404 before any card is checked.
  const current = await getContract(ctx, id);
  if (current.status === 'CANCELED' || current.status === 'ENDED') {
    throw new AppError('CONFLICT', `A ${current.status.toLowerCase()} subscription cannot be changed`, {
      applicationCode: 'SUBSCRIPTION_NOT_CHANGEABLE',
    });
  }
  const provider = buyerProviderForToken(paymentToken);
  const transactionId = uuidv7(ctx.clock().getTime());
  const check = await provider.authorize(ctx, {
    paymentToken,
    amountMinor: 0n,
    currency: (await getSite(ctx)).currency,
    capture: false,
    transactionId,
    // A card saved on Stripe's page for this subscription, and for no other.
    quoteFingerprint: contractPurpose(id),
  });
  if (check.status !== 'AUTHORIZED' && check.status !== 'APPROVED') {
    throw new AppError(
      'CONFLICT',
      check.declineReason ?? 'The bank wants the buyer to confirm this card: use another card',
      { applicationCode: 'PAYMENT_DECLINED' },
    );
  }
  await provider.void(ctx, { providerTransactionId: check.providerTransactionId, transactionId });
  return change(
    ctx,
    id,
    async (row, now, tx) => {
      if (row.status === 'CANCELED' || row.status === 'ENDED') refuse(row, 'changed');
      const card = check.card ?? { brand: 'Card', lastFourDigits: '' };
      const paymentMethod = { provider: provider.id, token: check.savedPaymentToken ?? paymentToken, ...card };
      const pausedByDeclines = row.status === 'PAUSED' && row.failedAttempts > 0;
      return { paymentMethod, ...(pausedByDeclines ? await resumed(tx, row, now) : {}) };
    },
    'ecom.subscription_contract.updated',
  );
}
