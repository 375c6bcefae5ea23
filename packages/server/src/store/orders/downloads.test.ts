import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileDescriptor, ListProductsResponse, OrderDownloadLinksResponse, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { enqueueJob } from '../../platform/jobs/service.js';
import { jobs } from '../../platform/jobs/tables.js';
import { mailMessages } from '../../platform/mail/tables.js';
import { waitFor } from '../../platform/webhooks/testing.js';
import { readyPicture } from '../../platform/media/testing.js';
import { cardToken, checkoutFor, collector, orderOf, place, placeAndCharge } from './testing.js';

const { srv, c } = serverSuite({ clock: () => new Date(Date.now() + later), cast: true });
let file: FileDescriptor;
let ebook: Product;
/** Added to the server's clock: moves it past a link's expiry. */
let later = 0;

beforeAll(async () => {
  file = await readyPicture(srv, c.owner, { private: true, fileName: 'recipes.png' });
  ebook = await digitalProduct('Recipe e-book', '9.00', file.id);
}, 120_000);

async function digitalProduct(name: string, amount: string, fileId: string): Promise<Product> {
  const res = await call<{ product: Product }>(srv.url, 'POST', '/catalog/v1/products', {
    auth: c.owner,
    body: { product: { name, productType: 'DIGITAL', price: { amount }, digitalFile: { fileId } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.product;
}

const mailsTo = (to: string) =>
  srv
    .ctx()
    .db.select()
    .from(mailMessages)
    .where(and(eq(mailMessages.template, 'DOWNLOAD_LINKS'), eq(mailMessages.to, to)));
const links = (auth: string | undefined, id: string, token?: string) =>
  call<OrderDownloadLinksResponse>(
    srv.url,
    'POST',
    `/ecom/v1/orders/${id}/download-links${token ? `?token=${token}` : ''}`,
    auth ? { auth } : {},
  );

describe('digital products', () => {
  it('deliver only a private file of the media library', async () => {
    const publicFile = await readyPicture(srv, c.owner);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ productType: 'PHYSICAL', digitalFile: { fileId: file.id } }, 'product.digitalFile:FIELD_NOT_ALLOWED'],
      [{ digitalFile: { fileId: publicFile.id } }, 'product.digitalFile.fileId:VALIDATION'],
      [{ digitalFile: { fileId: '0000000000000000' } }, 'product.digitalFile.fileId:VALIDATION'],
      [{ digitalFile: { fileId: '' } }, 'product.digitalFile.fileId:MIN_LENGTH'],
    ];
    for (const [extra, expected] of cases) {
      const res = await call(srv.url, 'POST', '/catalog/v1/products', {
        auth: c.owner,
        body: { product: { name: 'Bad', productType: 'DIGITAL', price: { amount: '1.00' }, ...extra } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(violations(res.body)).toContain(expected);
    }
    expect(ebook.digitalFile).toEqual({ fileId: file.id });
    const owned = await call<{ product: Product }>(srv.url, 'GET', `/catalog/v1/products/${ebook.id}`, {
      auth: c.owner,
    });
    expect(owned.body.product.digitalFile).toEqual({ fileId: file.id });
    // Shoppers see that it is a download, never which file it delivers nor a way to download it.
    const seen = await call<{ product: Product }>(srv.url, 'GET', `/catalog/v1/products/${ebook.id}`, {
      auth: c.visitor,
    });
    expect(seen.body.product.productType).toBe('DIGITAL');
    expect(seen.body.product.digitalFile).toBeUndefined();
    const listed = await call<ListProductsResponse>(srv.url, 'GET', '/catalog/v1/products?productType=DIGITAL', {
      auth: c.visitor,
    });
    expect(listed.body.products.map((p) => p.id)).toContain(ebook.id);
    for (const body of [seen.body, listed.body]) {
      expect(JSON.stringify(body)).not.toContain(file.id);
      expect(JSON.stringify(body)).not.toContain('/media/v1/f/');
    }
  });

  it('a file trashed after it was chosen does not block other edits; choosing it again is refused', async () => {
    const manual = await readyPicture(srv, c.owner, { private: true, fileName: 'manual.png' });
    const made = await digitalProduct('Manual', '3.00', manual.id);
    const trashed = await call(srv.url, 'POST', '/media/v1/bulk/files/delete', {
      auth: c.owner,
      body: { fileIds: [manual.id] },
    });
    expect(trashed.status, JSON.stringify(trashed.body)).toBe(200);
    const renamed = await call<{ product: Product }>(srv.url, 'PATCH', `/catalog/v1/products/${made.id}`, {
      auth: c.owner,
      body: { product: { name: 'Manual, 2nd edition' }, fieldMask: { paths: ['name'] } },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.product.digitalFile).toEqual({ fileId: manual.id });
    const other = await call(srv.url, 'PATCH', `/catalog/v1/products/${ebook.id}`, {
      auth: c.owner,
      body: { product: { digitalFile: { fileId: manual.id } }, fieldMask: { paths: ['digitalFile'] } },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(400);
    expect(violations(other.body)).toEqual(['product.digitalFile.fileId:VALIDATION']);
  });

  it('a paid order e-mails the download links once, and the link downloads the file', async () => {
    const co = await checkoutFor(srv, c.visitor, ebook, 1, { buyerInfo: { email: 'reader@example.com' } });
    const res = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mails = await waitFor(async () => {
      const m = await mailsTo('reader@example.com');
      return m.length > 0 && m;
    }, 10_000);
    expect(mails).toHaveLength(1);
    const url = /https?:\/\/\S+\/media\/v1\/f\/\S+/.exec(mails[0]!.text)![0];
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.byteLength).toBe(Number(file.sizeInBytes));
    // The very bytes uploaded (read back through the owner's own signed descriptor URL).
    expect(bytes.equals(Buffer.from(await (await fetch(file.url)).arrayBuffer()))).toBe(true);

    const order = await waitFor(async () => {
      const o = await orderOf(srv, c.owner, res.body.orderId);
      return o.activities.some((a) => a.type === 'DOWNLOAD_LINK_SENT') && o;
    }, 10_000);
    expect(order.activities.filter((a) => a.type === 'DOWNLOAD_LINK_SENT')).toHaveLength(1);
    expect(order.lineItems[0]!.digitalFile?.expirationDate).toMatch(/^\d{4}-/);

    // The thank-you page's token gets fresh links, for a week, in any browser.
    const elsewhere = `Bearer ${await srv.visitorToken()}`;
    expect((await links(elsewhere, order.id)).status).toBe(404);
    const fresh = await links(elsewhere, order.id, res.body.thankYouToken);
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.downloadLinks.map((l) => l.productName)).toEqual(['Recipe e-book']);
    expect((await fetch(fresh.body.downloadLinks[0]!.url)).status).toBe(200);
    expect((await links(c.memberB.auth, order.id)).status).toBe(404);
    expect((await links(elsewhere, order.id, 'A'.repeat(24))).status).toBe(404);
    expect((await links(undefined, order.id, res.body.thankYouToken)).status).toBe(401);
    expect((await links(c.owner, 'not-a-uuid')).status).toBe(400);

    // A retried (or doubled) job finds DOWNLOAD_LINK_SENT and sends nothing more.
    const again = await enqueueJob(srv.ctx(), { kind: 'ORDER_DOWNLOAD_LINKS', payload: { orderId: order.id } });
    const job = await waitFor(async () => {
      const [j] = await srv.ctx().db.select().from(jobs).where(eq(jobs.id, again));
      return (j!.status === 'COMPLETED' || j!.status === 'FAILED') && j!;
    }, 10_000);
    expect(job.status).toBe('COMPLETED');
    expect(await mailsTo('reader@example.com')).toHaveLength(1);
    expect(
      (await orderOf(srv, c.owner, order.id)).activities.filter((a) => a.type === 'DOWNLOAD_LINK_SENT'),
    ).toHaveLength(1);

    // A week and a moment later, the e-mailed link and the fresh one are refused; the order page makes new ones.
    later = 7 * 86_400_000 + 60_000;
    try {
      for (const old of [url, fresh.body.downloadLinks[0]!.url]) {
        const refused = await fetch(old);
        expect(refused.status).toBe(410);
        expect(appCode(await refused.json())).toBe('LINK_EXPIRED');
      }
    } finally {
      later = 0;
    }
  });

  it('an unpaid order sends nothing until it is marked paid', async () => {
    const co = await checkoutFor(srv, c.visitor, ebook, 1, {
      buyerInfo: { email: 'later@example.com' },
      paymentOption: 'FULL_PAYMENT_OFFLINE',
    });
    const res = await place(srv, c.visitor, co.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const early = await links(c.visitor, res.body.orderId);
    expect(early.status).toBe(409);
    expect(appCode(early.body)).toBe('ORDER_NOT_PAID');
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo('later@example.com')).toHaveLength(0);

    expect((await collector(srv, c.owner, res.body.orderId, 'mark-as-paid')).status).toBe(200);
    const mails = await waitFor(async () => {
      const m = await mailsTo('later@example.com');
      return m.length > 0 && m;
    }, 10_000);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Your downloads');
  });
});
