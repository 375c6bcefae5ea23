import type { SubscriptionContract } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { providerForToken } from '../payments/index.js';
import { getSite } from '../../platform/site/index.js';
import { change, getContract, refuse, resumed } from './service.js';

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
  const provider = providerForToken(paymentToken);
  const transactionId = uuidv7(ctx.clock().getTime());
  const check = await provider.authorize(ctx, {
    paymentToken,
    amountMinor: 0n,
    currency: (await getSite(ctx)).currency,
    capture: false,
    transactionId,
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
