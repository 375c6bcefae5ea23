import type { LineItem, OrderDownloadLinksResponse } from '@plaza/contracts';
import { optionWords } from '@plaza/contracts/constants';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound } from '../../kernel/errors.js';
import { digitalFileIds } from '../catalog/index.js';
import type { JobHandlers, JobRun } from '../../platform/jobs/index.js';
import { deliverQueued, queueMail } from '../../platform/mail/index.js';
import { originalDownloadUrls } from '../../platform/media/index.js';
import { getSite } from '../../platform/site/index.js';
import { activity } from './activity.js';
import { digitalLines } from './download-plan.js';
import { logOnOrder } from './ledger.js';
import { orderMailHeader } from './mail-lines.js';
import { mayRead } from './service.js';
import { orderById, type OrderRow } from './wire.js';
import { siteDay } from '../../lib/dates.js';

/** How long a download link works: a week to download, then the order page (or the owner) makes new ones. */
const LINK_DAYS = 7;
const linksExpireAt = (ctx: Ctx) => new Date(ctx.clock().getTime() + LINK_DAYS * 86_400_000);

/** Signed links to the file of each digital line, valid until `expires`. Lines whose product has no file are left out. */
async function linksFor(ctx: Ctx, lines: LineItem[], expires: Date) {
  const digital = digitalLines(lines);
  if (!digital.length) return [];
  const fileOf = await digitalFileIds(
    ctx,
    digital.map((l) => l.catalogReference!.catalogItemId),
  );
  const urls = await originalDownloadUrls(ctx, [...fileOf.values()], expires);
  return digital.flatMap((l) => {
    const url = urls.get(fileOf.get(l.catalogReference!.catalogItemId) ?? '');
    if (!url) return [];
    return [
      {
        lineItemId: l.id,
        productName: l.productName,
        url,
        expirationDate: expires.toISOString(),
      },
    ];
  });
}

const isPaid = (row: OrderRow) => row.paymentStatus === 'PAID' || row.paymentStatus === 'PARTIALLY_REFUNDED';

/** POST /ecom/v1/orders/{id}/download-links: fresh links for the order's readers, once it is paid. */
export async function getDownloadLinks(ctx: Ctx, id: string, token?: string): Promise<OrderDownloadLinksResponse> {
  const row = await orderById(ctx, id);
  if (!row || !mayRead(ctx, row, token)) throw notFound('Order');
  if (!isPaid(row)) {
    throw new AppError('CONFLICT', 'The files can be downloaded once the order is paid', {
      applicationCode: 'ORDER_NOT_PAID',
    });
  }
  return { downloadLinks: await linksFor(ctx, row.snapshot.lineItems, linksExpireAt(ctx)) };
}

/**
 * ORDER_DOWNLOAD_LINKS: e-mails the buyer a link per digital file, records when they stop working on each line and
 * logs DOWNLOAD_LINK_SENT. A retried or doubled job finds the activity and sends nothing more.
 */
async function sendDownloadLinks({ ctx, payload }: JobRun): Promise<void> {
  const orderId = String(payload.orderId);
  const mailId = await withTx(ctx, async (tx) => {
    const row = await orderById(tx, orderId, true);
    if (!row || !isPaid(row) || !row.buyerEmail) return undefined;
    if (row.activities.some((a) => a.type === 'DOWNLOAD_LINK_SENT')) return undefined;
    const expires = linksExpireAt(tx);
    const links = await linksFor(tx, row.snapshot.lineItems, expires);
    if (!links.length) return undefined;
    const site = await getSite(tx);
    const mail = await queueMail(tx, {
      to: row.buyerEmail,
      template: 'DOWNLOAD_LINKS',
      data: {
        ...orderMailHeader(tx, site, row),
        // The variant bought, in words, after the name: "Field guide (Format: EPUB)".
        files: links.map((l) => {
          const options = optionWords(row.snapshot.lineItems.find((x) => x.id === l.lineItemId)?.descriptionLines);
          return { name: options ? `${l.productName} (${options})` : l.productName, url: l.url };
        }),
        until: siteDay(expires, site),
      },
    });
    const sent = new Set(links.map((l) => l.lineItemId));
    const snapshot = {
      ...row.snapshot,
      lineItems: row.snapshot.lineItems.map((l) =>
        sent.has(l.id) ? { ...l, digitalFile: { expirationDate: expires.toISOString() } } : l,
      ),
    };
    await logOnOrder(tx, row, [activity(tx, 'DOWNLOAD_LINK_SENT')], { snapshot });
    return mail.id;
  });
  if (mailId) await deliverQueued(ctx, mailId);
}

export const downloadJobHandlers: JobHandlers = { ORDER_DOWNLOAD_LINKS: sendDownloadLinks };
