import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BackInStockNotificationRequest, ReportItemsBackInStockResponse } from '@plaza/contracts';
import { call, violations } from '../../../test/http.js';
import { serverSuite } from '../../test/suite.js';
import { createProduct, eventsOf } from '../catalog/testing.js';
import { mailbox } from '../../platform/identity/testing.js';
import { jobs } from '../../platform/jobs/tables.js';
import { ask, BASE, getRequest, itemDetails, jobDone, refOf, shopperEmail, soldOutProduct } from './testing.js';

// The app's own job worker runs here: reports and restocks are mailed exactly as in production.
const { srv, c: people, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'], mail: ['mailbox.read'] } });

const REPORT = `${BASE}/report-items-back-in-stock`;
const report = (body: unknown, auth = keys.ecom) =>
  call<ReportItemsBackInStockResponse>(srv.url, 'POST', REPORT, { auth, body });
const statusOf = async (id: string) => (await getRequest(srv, keys.ecom, id)).body.request.status;

describe('POST …/report-items-back-in-stock', () => {
  it('mails every waiting request of the item once, marks them NOTIFICATION_SENT, and shows progress', async () => {
    const p = await soldOutProduct(srv, people.owner);
    const emails = Array.from({ length: 30 }, (_, i) => shopperEmail(`wait${i}`));
    const requests: BackInStockNotificationRequest[] = [];
    for (const e of emails) requests.push(await ask(srv, people.visitor, p, e));
    const other = await soldOutProduct(srv, people.owner);
    const bystander = await ask(srv, people.visitor, other, shopperEmail('bystander'));

    const res = await report({
      catalogReference: refOf(p),
      itemDetails: itemDetails('Blue mug, restocked'),
      extraAutomationTemplateParameters: { Code: 'WELCOMEBACK' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.requestCount).toBe(30);
    const job = await jobDone(srv, people.owner, res.body.jobId);
    expect(job).toMatchObject({ kind: 'BACK_IN_STOCK_NOTIFY', status: 'COMPLETED', failures: [] });
    expect(job.progress).toEqual({ total: 30, processed: 30, succeeded: 30, failed: 0 });
    const jobPath = `/jobs/v1/jobs/${res.body.jobId}`;
    expect((await call(srv.url, 'GET', jobPath, { auth: keys.ecom })).status).toBe(200);
    expect((await call(srv.url, 'GET', jobPath, { auth: people.apiKey })).status).toBe(404);
    expect((await call(srv.url, 'GET', jobPath, { auth: people.visitor })).status).toBe(403);

    for (const [i, e] of emails.entries()) {
      const mails = await mailbox(srv, keys.mail, e);
      expect(mails, e).toHaveLength(1);
      expect(mails[0]).toMatchObject({ template: 'BACK_IN_STOCK', subject: 'Blue mug, restocked is back in stock' });
      expect(mails[0]!.text).toContain('$12.00');
      expect(mails[0]!.text).toContain('Code: WELCOMEBACK');
      expect(mails[0]!.text).toContain(`${srv.url}/products/${p.slug}`);
      expect(mails[0]!.html).toContain('https://images.example.com/mug.jpg');
      const after = await getRequest(srv, keys.ecom, requests[i]!.id);
      expect(after.body.request).toMatchObject({ status: 'NOTIFICATION_SENT', autoNotified: true });
    }
    expect(await statusOf(bystander.id)).toBe('RECEIVED');
    expect(await mailbox(srv, keys.mail, bystander.email)).toHaveLength(0);
    expect(await eventsOf(srv, requests[0]!.id)).toEqual([
      'ecom.back_in_stock_notification_request.created',
      'ecom.back_in_stock_notification_request.updated',
      'ecom.back_in_stock_notification_request.updated',
    ]);
    expect(await eventsOf(srv, res.body.jobId)).toEqual(['ecom.back_in_stock_items.reported']);

    // Reporting again finds nobody waiting: nobody is mailed twice.
    const again = await report({ catalogReference: refOf(p), itemDetails: itemDetails() });
    expect(again.body.requestCount).toBe(0);
    expect((await jobDone(srv, people.owner, again.body.jobId)).progress.total).toBe(0);
    expect(await mailbox(srv, keys.mail, emails[0]!)).toHaveLength(1);
  });

  it('mails only the named requestIds, skipping ones already notified', async () => {
    const p = await soldOutProduct(srv, people.owner);
    const [a, b, c] = [
      await ask(srv, people.visitor, p, shopperEmail('a')),
      await ask(srv, people.visitor, p, shopperEmail('b')),
      await ask(srv, people.visitor, p, shopperEmail('c')),
    ];
    await call(srv.url, 'PUT', `${BASE}/${c.id}/mark-as-notification-sent`, { auth: keys.ecom });
    const res = await report({ requestIds: [a.id, c.id], itemDetails: itemDetails() }, people.owner);
    expect(res.body.requestCount).toBe(1);
    await jobDone(srv, people.owner, res.body.jobId);
    expect(await statusOf(a.id)).toBe('NOTIFICATION_SENT');
    expect(await statusOf(b.id)).toBe('RECEIVED');
    expect(await mailbox(srv, keys.mail, a.email)).toHaveLength(1);
    expect(await mailbox(srv, keys.mail, c.email)).toHaveLength(0);
  });

  it('checks its input, writing nothing', async () => {
    const p = await soldOutProduct(srv, people.owner);
    const r = await ask(srv, people.visitor, p, shopperEmail('bad'));
    const cases: Array<[unknown, string[]]> = [
      [{ itemDetails: itemDetails() }, ['catalogReference:REQUIRED_ONE_OF_FIELD']],
      [{ catalogReference: refOf(p) }, ['itemDetails:REQUIRED_FIELD']],
      [
        { catalogReference: { ...refOf(p), appId: 'x' }, itemDetails: itemDetails() },
        ['catalogReference.appId:VALIDATION'],
      ],
      [
        { requestIds: [r.id, '0190a3b2-0000-7000-8000-000000000000'], itemDetails: itemDetails() },
        ['requestIds[1]:VALIDATION'],
      ],
      [{ requestIds: ['nope'], itemDetails: itemDetails() }, ['requestIds[0]:FORMAT']],
      [{ requestIds: [], itemDetails: itemDetails() }, ['requestIds:MIN_SIZE']],
    ];
    for (const [body, expected] of cases) {
      const res = await report(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(violations(res.body)).toEqual(expected);
    }
    expect(await statusOf(r.id)).toBe('RECEIVED');
  });

  it('is for the owner and ecom keys only', async () => {
    const body = { catalogReference: refOf(await soldOutProduct(srv, people.owner)), itemDetails: itemDetails() };
    expect((await report(body, people.visitor)).status).toBe(403);
    expect((await report(body, people.memberA.auth)).status).toBe(403);
    expect((await report(body, people.contributor.auth)).status).toBe(403);
    expect((await report(body, people.apiKey)).status).toBe(403);
    expect((await call(srv.url, 'POST', REPORT, { body })).status).toBe(401);
  });
});

describe('restocking from 0', () => {
  it('adjust-inventory from 0 mails the waiting requests; more stock later mails nobody again', async () => {
    const p = await soldOutProduct(srv, people.owner, { name: 'Sold-out teapot' });
    const r = await ask(srv, people.visitor, p, shopperEmail('teapot'));
    const adjust = (body: unknown) =>
      call(srv.url, 'POST', `/catalog/v1/products/${p.id}/adjust-inventory`, { auth: people.owner, body });
    expect((await adjust({ incrementBy: 5 })).status).toBe(200);
    await expect.poll(() => statusOf(r.id), { timeout: 15_000 }).toBe('NOTIFICATION_SENT');
    const [mail] = await mailbox(srv, keys.mail, r.email);
    expect(mail!.subject).toBe('Sold-out teapot is back in stock');
    expect(mail!.text).toContain('$19.99');
    expect((await adjust({ incrementBy: 5 })).status).toBe(200);
    const late = await call(srv.url, 'POST', BASE, {
      auth: people.visitor,
      body: { request: { email: shopperEmail(), catalogReference: refOf(p) }, itemDetails: itemDetails() },
    });
    expect(late.status).toBe(400);
    await new Promise((res) => setTimeout(res, 300));
    expect(await mailbox(srv, keys.mail, r.email)).toHaveLength(1);
  });

  it('a variant going back in stock through a product update mails that variant’s requests only', async () => {
    const p = await createProduct(srv, people.owner, {
      name: 'Linen shirt',
      options: [{ name: 'Size', choices: ['S', 'M'] }],
      variants: [
        { choices: { Size: 'S' }, price: { amount: '30.00' }, inventory: { trackQuantity: true, quantity: 0 } },
        { choices: { Size: 'M' }, inventory: { trackQuantity: true, quantity: 0 } },
      ],
    });
    const [s, m] = p.variants;
    const onS = await ask(srv, people.visitor, p, shopperEmail('s'), s!.id);
    const onM = await ask(srv, people.visitor, p, shopperEmail('m'), m!.id);
    const onProduct = await ask(srv, people.visitor, p, shopperEmail('any'));
    const res = await call(srv.url, 'PATCH', `/catalog/v1/products/${p.id}`, {
      auth: people.owner,
      body: {
        product: {
          variants: [
            { choices: { Size: 'S' }, price: { amount: '30.00' }, inventory: { trackQuantity: true, quantity: 4 } },
            { choices: { Size: 'M' }, inventory: { trackQuantity: true, quantity: 0 } },
          ],
        },
        fieldMask: { paths: ['variants'] },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expect.poll(() => statusOf(onS.id), { timeout: 15_000 }).toBe('NOTIFICATION_SENT');
    await expect.poll(() => statusOf(onProduct.id), { timeout: 15_000 }).toBe('NOTIFICATION_SENT');
    expect((await mailbox(srv, keys.mail, onS.email))[0]!.subject).toBe('Linen shirt (S) is back in stock');
    expect((await mailbox(srv, keys.mail, onS.email))[0]!.text).toContain('$30.00');
    expect(await statusOf(onM.id)).toBe('RECEIVED');
    expect(await mailbox(srv, keys.mail, onM.email)).toHaveLength(0);
  });

  it('queues no job when nobody waits', async () => {
    const p = await soldOutProduct(srv, people.owner);
    const notifyJobs = async () =>
      (await srv.ctx().db.select().from(jobs).where(eq(jobs.kind, 'BACK_IN_STOCK_NOTIFY'))).length;
    const before = await notifyJobs();
    const res = await call(srv.url, 'POST', `/catalog/v1/products/${p.id}/adjust-inventory`, {
      auth: people.owner,
      body: { setQuantity: 2 },
    });
    expect(res.status).toBe(200);
    expect(await notifyJobs()).toBe(before);
  });
});
