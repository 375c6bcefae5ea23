import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import { afterWrite } from '../catalog/index.js';
import type { JobHandlers, JobRun } from '../../platform/jobs/index.js';
import { deliverQueued } from '../../platform/mail/index.js';
import { guardAuthorization, providerForToken } from '../payments/index.js';
import { commitRenewal, recordRenewalFailure, RenewalRefused } from './renewal-commit.js';
import { stageRenewal, type RenewalStage } from './renewal-stage.js';

/**
 * SUBSCRIPTION_RENEWAL {contractId, cycle, attempt}: one cycle of a contract, placed in stages like any order
 * (docs/store/orders.md, "Renewals"): the contract read and checked, the card charged outside any transaction under
 * our id for this try, one short commit, then the e-mail. A refused commit releases the charge.
 */
async function run({ ctx, payload }: JobRun): Promise<void> {
  const contractId = String(payload.contractId);
  const stage = await stageRenewal(ctx, contractId, Number(payload.cycle), Number(payload.attempt ?? 0));
  if (!stage) return;
  const soldOut = `${stage.contract.lineItem.productName} is out of stock`;
  // Nothing is charged for a line that is sold out now.
  if (stage.soldOut) return recordRenewalFailure(ctx, stage, soldOut);
  let renewed: Awaited<ReturnType<typeof chargeAndCommit>>;
  try {
    renewed = await guardAuthorization(ctx, stage.contract.paymentMethod.token, stage.paymentId, () =>
      chargeAndCommit(ctx, stage, soldOut),
    );
  } catch (err) {
    if (!(err instanceof RenewalRefused)) throw err;
    if (err.failure) await recordRenewalFailure(ctx, stage, err.failure);
    return;
  }
  if ('error' in renewed) throw renewed.error;
  for (const id of renewed.mailIds) void deliverQueued(ctx, id);
}

/**
 * Stages 2 and 3, inside the authorization guard: a refusal (thrown) releases the charge at once. Any other error
 * (the provider or the database did not answer) is handed back instead, not thrown: the worker retries the job, and
 * the retry is this same try with this same charge, so it must not be released now; if no retry ever commits it, the
 * guard's sweep job releases it.
 */
async function chargeAndCommit(
  ctx: Ctx,
  stage: RenewalStage,
  soldOut: string,
): Promise<{ mailIds: string[] } | { error: unknown }> {
  const { contract } = stage;
  try {
    const charge = await providerForToken(contract.paymentMethod.token).authorize(ctx, {
      paymentToken: contract.paymentMethod.token,
      amountMinor: contract.amountMinor,
      currency: contract.currency,
      capture: true,
      transactionId: stage.paymentId,
    });
    if (charge.status !== 'APPROVED') {
      throw new RenewalRefused(charge.declineReason ?? 'The bank asked the buyer to confirm the payment');
    }
    return { mailIds: await afterWrite(withTx(ctx, (tx) => commitRenewal(tx, stage, charge))) };
  } catch (err) {
    if (err instanceof RenewalRefused) throw err;
    // The last unit went to another order between the stage and the commit.
    if (err instanceof AppError && err.options.applicationCode === 'OUT_OF_STOCK') throw new RenewalRefused(soldOut);
    return { error: err };
  }
}

export const subscriptionJobHandlers: JobHandlers = { SUBSCRIPTION_RENEWAL: run };
