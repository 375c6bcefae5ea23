import type { Ctx } from '../../kernel/context.js';
import { uuidv7 } from '../../lib/ids.js';
import { insertPayment } from '../orders/index.js';
import type { AuthorizeResult } from './provider.js';

/**
 * Records a card charge the bank approved and took at once (a renewal, a paid payment link): one payment with its
 * one capture. The order's status is the caller's to settle.
 */
export async function insertCapturedCardPayment(
  tx: Ctx,
  p: { id: string; orderId: string; amountMinor: bigint; charge: AuthorizeResult; provider: string },
): Promise<void> {
  const now = tx.clock();
  await insertPayment(tx, {
    id: p.id,
    orderId: p.orderId,
    method: 'CREDIT_CARD',
    provider: p.provider,
    status: 'APPROVED',
    amountMinor: p.amountMinor,
    capturedMinor: p.amountMinor,
    providerTransactionId: p.charge.providerTransactionId,
    ...(p.charge.card ? { card: p.charge.card } : {}),
    authorizedDate: now,
    captures: [
      {
        id: uuidv7(now.getTime()),
        amountMinor: String(p.amountMinor),
        status: 'SUCCEEDED',
        createdDate: now.toISOString(),
      },
    ],
    createdDate: now,
    updatedDate: now,
  });
}
