import type { LineItem } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { enqueueJob } from '../../platform/jobs/index.js';

export const digitalLines = (lines: LineItem[]) => lines.filter((l) => l.itemType === 'DIGITAL' && l.catalogReference);

/**
 * In the transaction that makes an order PAID (placement, mark as paid, a capture): plans the DOWNLOAD_LINKS e-mail
 * when the order has digital items. A job, so the mail leaves after the payment is committed, and once.
 */
export async function planDownloadLinks(tx: Ctx, orderId: string, lines: LineItem[]): Promise<void> {
  if (!digitalLines(lines).length) return;
  await enqueueJob(tx, { kind: 'ORDER_DOWNLOAD_LINKS', payload: { orderId } });
}
