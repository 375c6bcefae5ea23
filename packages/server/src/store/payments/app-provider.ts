import type { Ctx } from '../../kernel/context.js';
import { AppError, violation } from '../../kernel/errors.js';
import { formatAmount } from '../pricing/index.js';
import { callServicePlugin, type ServicePluginResult } from '../../platform/service-plugins/index.js';
import type { AuthorizeResult, PaymentProvider } from './provider.js';

/** The provider column of payments an app moved (PAYMENT_PROVIDER service plugin). */
export const APP_PROVIDER_ID = 'PAYMENT_APP';

const unavailable = (result: ServicePluginResult<never>) =>
  new AppError(
    'CONFLICT',
    result.ok
      ? 'The payment app refused'
      : result.appError
        ? `The payment app refused: ${result.appError.description}`
        : 'The payment app could not be reached: nothing was charged, try again in a moment',
    { applicationCode: 'PAYMENT_PROVIDER_UNAVAILABLE' },
  );

/** A capture, void or refund the app answered: SUCCEEDED or a readable refusal. */
function settled(result: ServicePluginResult<'capturePayment'>, what: string): { ok: boolean } {
  if (!result.ok) throw unavailable(result);
  if (result.response.status === 'FAILED') {
    throw new AppError(
      'CONFLICT',
      `The payment app could not ${what}: ${result.response.reason ?? 'no reason given'}`,
      {
        applicationCode: 'PAYMENT_PROVIDER_FAILED',
      },
    );
  }
  return { ok: true };
}

/** A capture or refund of `amountMinor`, answered SUCCEEDED or refused in words. */
async function moneyCall(
  ctx: Ctx,
  method: 'capturePayment' | 'refundPayment',
  input: { providerTransactionId: string; amountMinor: bigint; currency: string; transactionId: string },
  what: string,
): Promise<{ ok: boolean }> {
  const result = await callServicePlugin(
    ctx,
    'PAYMENT_PROVIDER',
    {
      transactionId: input.transactionId,
      providerTransactionId: input.providerTransactionId,
      amount: formatAmount(input.amountMinor, input.currency),
      currency: input.currency,
    },
    { method },
  );
  return settled(result, what);
}

/**
 * An app as the payment provider (the PAYMENT_PROVIDER service plugin): card tokens its own payment form issued are
 * charged, captured, released and refunded through it, each call keyed by Plaza's payment id. An app that cannot
 * answer refuses the payment (409 PAYMENT_PROVIDER_UNAVAILABLE): nothing is written, the buyer can try again.
 */
export const appPaymentProvider: PaymentProvider = {
  id: APP_PROVIDER_ID,
  async authorize(ctx, input): Promise<AuthorizeResult> {
    const result = await callServicePlugin(
      ctx,
      'PAYMENT_PROVIDER',
      {
        transactionId: input.transactionId,
        paymentToken: input.paymentToken,
        amount: formatAmount(input.amountMinor, input.currency),
        currency: input.currency,
        capture: input.capture,
      },
      { method: 'authorizePayment' },
    );
    if (!result.ok && result.reason === 'NOT_REGISTERED') {
      throw violation('paymentToken', 'FORMAT', 'paymentToken is not a card token this shop issued');
    }
    if (!result.ok) throw unavailable(result);
    const r = result.response;
    return {
      status: r.status,
      providerTransactionId: r.providerTransactionId,
      ...(r.card ? { card: r.card } : {}),
      ...(r.declineReason ? { declineReason: r.declineReason } : {}),
    };
  },
  capture: (ctx, input) => moneyCall(ctx, 'capturePayment', input, 'take the payment'),
  async void(ctx, input) {
    const result = await callServicePlugin(
      ctx,
      'PAYMENT_PROVIDER',
      {
        transactionId: input.transactionId,
        ...(input.providerTransactionId ? { providerTransactionId: input.providerTransactionId } : {}),
      },
      { method: 'voidPayment' },
    );
    return settled(result, 'release the payment');
  },
  refund: (ctx, input) => moneyCall(ctx, 'refundPayment', input, 'refund'),
};
