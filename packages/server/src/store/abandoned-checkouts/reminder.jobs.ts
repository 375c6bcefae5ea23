import { eq } from 'drizzle-orm';
import type { AbandonedCheckoutActivity } from '@plaza/contracts';
import { toMoney } from '../pricing/index.js';
import type { JobHandlers, JobRun } from '../../platform/jobs/index.js';
import { sendMail } from '../../platform/mail/index.js';
import { getSite } from '../../platform/site/index.js';
import { appendActivity } from './service.js';
import { abandonedCheckouts } from './tables.js';
import { recoveryUrl } from './wire.js';

/**
 * ABANDONED_CHECKOUT_REMINDER: one e-mail with the basket and a link back to it, logged as EMAIL_SENT or
 * EMAIL_NOT_SENT. A checkout recovered meanwhile gets no mail; a retried job that already logged its outcome stops.
 */
async function remind({ ctx, payload }: JobRun): Promise<void> {
  const id = String(payload.abandonedCheckoutId);
  const [row] = await ctx.db.select().from(abandonedCheckouts).where(eq(abandonedCheckouts.id, id)).limit(1);
  if (!row || row.status !== 'ABANDONED') return;
  if (row.activities.some((a) => a.type === 'EMAIL_SENT' || a.type === 'EMAIL_NOT_SENT')) return;
  const site = await getSite(ctx);
  const now = () => ctx.clock().toISOString();
  let outcome: AbandonedCheckoutActivity;
  try {
    const sent = await sendMail(ctx, {
      to: row.email,
      template: 'ABANDONED_CHECKOUT',
      data: {
        siteName: site.name,
        link: recoveryUrl(ctx, row.checkoutId),
        items: row.itemNames,
        total: toMoney(row.totalMinor, row.currency, site.locale).formattedAmount,
      },
    });
    outcome =
      sent.status === 'FAILED'
        ? { type: 'EMAIL_NOT_SENT', createdDate: now(), description: 'The mail server refused the e-mail.' }
        : { type: 'EMAIL_SENT', createdDate: now() };
  } catch (err) {
    ctx.log.warn({ err, abandonedCheckoutId: id }, 'abandoned checkout reminder not sent');
    outcome = { type: 'EMAIL_NOT_SENT', createdDate: now(), description: 'The e-mail could not be sent.' };
  }
  await appendActivity(ctx, id, outcome);
}

export const abandonedCheckoutJobHandlers: JobHandlers = { ABANDONED_CHECKOUT_REMINDER: remind };
