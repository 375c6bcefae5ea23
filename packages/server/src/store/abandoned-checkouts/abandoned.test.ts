import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AbandonedCheckout, ListAbandonedCheckoutsResponse, Product } from '@plaza/contracts';
import { withTx } from '../../kernel/context.js';
import { cast } from '../../test/community.js';
import { startTestServer } from '../../test/harness.js';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { createProduct, eventsOf } from '../catalog/testing.js';
import { checkoutCall, newCheckout, ref, setCheckoutSettings } from '../checkout/testing.js';
import { checkouts } from '../checkout/tables.js';
import { mailMessages } from '../../platform/mail/tables.js';
import { markCheckoutRecovered } from './service.js';
import { sweepAbandonedCheckouts } from './sweep.js';
import { abandonedCheckouts } from './tables.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'] } });
let mug: Product;

beforeAll(async () => {
  mug = await createProduct(srv, c.owner, { price: { amount: '12.50' } });
  await setCheckoutSettings(srv, c.owner, { abandonedCheckout: { after: 30, unit: 'MINUTES' } });
}, 120_000);

/** A checkout by `auth` (a visitor by default) with the buyer's e-mail, last touched `minutesAgo`. */
async function leftCheckout(email: string | undefined, minutesAgo: number, auth = c.visitor) {
  const co = await newCheckout(srv, auth, {
    lineItems: [{ catalogReference: ref(mug.id), quantity: 2 }],
    ...(email ? { checkoutInfo: { buyerInfo: { email } } } : {}),
    channelType: 'WEB',
  });
  await srv
    .ctx()
    .db.update(checkouts)
    .set({ updatedDate: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(checkouts.id, co.id));
  return co;
}
const recordOf = async (checkoutId: string) =>
  (await srv.ctx().db.select().from(abandonedCheckouts).where(eq(abandonedCheckouts.checkoutId, checkoutId)))[0];
const list = (auth: string, query: Record<string, string | number> = {}) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return call<ListAbandonedCheckoutsResponse>(srv.url, 'GET', `/ecom/v1/abandoned-checkouts${qs ? `?${qs}` : ''}`, {
    auth,
  });
};
async function until<T>(what: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('abandoned checkouts', () => {
  it('records a checkout left with an e-mail, mails one reminder with a link back, and logs it', async () => {
    const co = await leftCheckout('left@example.com', 45);
    expect(await sweepAbandonedCheckouts(srv.ctx())).toBeGreaterThanOrEqual(1);
    const row = await recordOf(co.id);
    expect(row).toMatchObject({ status: 'ABANDONED', email: 'left@example.com', itemCount: 2, totalMinor: 2500n });
    expect(await eventsOf(srv, row!.id)).toEqual(['ecom.abandoned_checkout.created']);

    const mail = await until(async () => {
      const [m] = await srv.ctx().db.select().from(mailMessages).where(eq(mailMessages.to, 'left@example.com'));
      return m;
    });
    expect(mail.template).toBe('ABANDONED_CHECKOUT');
    expect(mail.text).toContain(`2 × ${mug.name}`);
    expect(mail.text).toContain('$25.00');
    const link = /Pick up where you left off: (\S+)/.exec(mail.text)?.[1];
    expect(link).toMatch(new RegExp(`/checkout/${co.id}\\?recover=[\\w-]{20,}$`));

    const done = await until(async () => {
      const r = await recordOf(co.id);
      return r?.activities.some((a) => a.type === 'EMAIL_SENT') ? r : undefined;
    });
    expect(done.activities.map((a) => a.type)).toEqual(['SCHEDULED', 'EMAIL_SENT']);

    const res = await call<{ abandonedCheckout: AbandonedCheckout }>(
      srv.url,
      'GET',
      `/ecom/v1/abandoned-checkouts/${row!.id}`,
      { auth: keys.ecom },
    );
    expect(res.status).toBe(200);
    expect(res.body.abandonedCheckout).toMatchObject({
      checkoutId: co.id,
      status: 'ABANDONED',
      buyerInfo: { email: 'left@example.com' },
      totalPrice: { amount: '25.00', formattedAmount: '$25.00' },
      itemCount: 2,
      checkoutUrl: link,
    });
  });

  it('leaves alone checkouts without an e-mail, touched recently, or ordered', async () => {
    const noEmail = await leftCheckout(undefined, 45);
    const recent = await leftCheckout('recent@example.com', 5);
    const ordered = await leftCheckout('ordered@example.com', 45);
    await srv.ctx().db.update(checkouts).set({ completed: true }).where(eq(checkouts.id, ordered.id));
    await sweepAbandonedCheckouts(srv.ctx());
    for (const co of [noEmail, recent, ordered]) expect(await recordOf(co.id)).toBeUndefined();
  });

  it('records a checkout once however many nodes sweep at the same time, with one reminder', async () => {
    const co = await leftCheckout('once@example.com', 60);
    await Promise.all(Array.from({ length: 6 }, () => sweepAbandonedCheckouts(srv.ctx())));
    const rows = await srv.ctx().db.select().from(abandonedCheckouts).where(eq(abandonedCheckouts.checkoutId, co.id));
    expect(rows).toHaveLength(1);
    await until(async () => ((await recordOf(co.id))?.activities.length === 2 ? true : undefined));
    const mails = await srv.ctx().db.select().from(mailMessages).where(eq(mailMessages.to, 'once@example.com'));
    expect(mails).toHaveLength(1);
  });

  it('the server sweeps by itself on its timer', async () => {
    const fast = await startTestServer({ env: { PLAZA_ABANDONED_SWEEP_MS: '100' } });
    try {
      const visitor = `Bearer ${await fast.visitorToken()}`;
      const owner = (await cast(fast)).owner;
      const product = await createProduct(fast, owner, { price: { amount: '3.00' } });
      const co = await newCheckout(fast, visitor, {
        lineItems: [{ catalogReference: ref(product.id), quantity: 1 }],
        checkoutInfo: { buyerInfo: { email: 'timer@example.com' } },
        channelType: 'WEB',
      });
      await fast
        .ctx()
        .db.update(checkouts)
        .set({ updatedDate: sql`now() - interval '2 hours'` })
        .where(eq(checkouts.id, co.id));
      const found = await until(async () => {
        const [r] = await fast
          .ctx()
          .db.select()
          .from(abandonedCheckouts)
          .where(eq(abandonedCheckouts.checkoutId, co.id));
        return r;
      });
      expect(found.status).toBe('ABANDONED');
    } finally {
      await fast.close();
    }
  });

  it('an order placed from it makes it RECOVERED, with its own event, and the totals follow', async () => {
    const co = await leftCheckout('back@example.com', 90);
    await sweepAbandonedCheckouts(srv.ctx());
    const before = (await list(c.owner)).body.metadata.totals;
    const orderId = '0190a1b2-0000-7000-8000-00000000beef';
    await withTx(srv.ctx(), (tx) => markCheckoutRecovered(tx, co.id, orderId));
    const row = await recordOf(co.id);
    expect(row).toMatchObject({ status: 'RECOVERED', orderId });
    expect(row!.recoveredDate).toBeInstanceOf(Date);
    expect(await eventsOf(srv, row!.id)).toEqual([
      'ecom.abandoned_checkout.created',
      'ecom.abandoned_checkout.recovered',
    ]);
    const after = (await list(c.owner)).body.metadata.totals;
    expect(after.recovered).toBe(before.recovered + 1);
    expect(after.abandoned).toBe(before.abandoned - 1);
    expect(Number(after.recoveredValue.amount)).toBeCloseTo(Number(before.recoveredValue.amount) + 25, 2);
    // Again (a retried placement): nothing changes, no second event.
    await withTx(srv.ctx(), (tx) => markCheckoutRecovered(tx, co.id, orderId));
    expect(await eventsOf(srv, row!.id)).toHaveLength(2);
  });
});

describe('the reminder link', () => {
  it('hands a visitor’s checkout to whoever opens the link, and only with the right token', async () => {
    const co = await leftCheckout('device@example.com', 40);
    await sweepAbandonedCheckouts(srv.ctx());
    const { body } = await list(keys.ecom, { email: 'device@' });
    const token = new URL(body.abandonedCheckouts[0]!.checkoutUrl).searchParams.get('recover')!;
    const phone = `Bearer ${await srv.visitorToken()}`;
    expect((await checkoutCall(srv, phone, 'GET', co.id)).status).toBe(404);

    const wrong = await call(srv.url, 'POST', `/ecom/v1/checkouts/${co.id}/recover`, {
      auth: phone,
      body: { token: `${token.slice(0, -2)}xx` },
    });
    expect(wrong.status).toBe(404);
    const ok = await call(srv.url, 'POST', `/ecom/v1/checkouts/${co.id}/recover`, { auth: phone, body: { token } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ checkoutId: co.id });
    expect((await checkoutCall(srv, phone, 'GET', co.id)).status).toBe(200);
    expect((await checkoutCall(srv, c.visitor, 'GET', co.id)).status).toBe(404);

    const anonymous = await call(srv.url, 'POST', `/ecom/v1/checkouts/${co.id}/recover`, { body: { token } });
    expect(anonymous.status).toBe(401);
    const short = await call(srv.url, 'POST', `/ecom/v1/checkouts/${co.id}/recover`, { auth: phone, body: {} });
    expect(short.status).toBe(400);
    expect(violations(short.body)).toContain('token:REQUIRED_FIELD');
  });

  it('keeps a member’s checkout theirs: others are asked to sign in; a checkout ordered meanwhile is a 409', async () => {
    const co = await leftCheckout('member@example.com', 40, c.memberA.auth);
    await sweepAbandonedCheckouts(srv.ctx());
    const { body } = await list(c.owner, { email: 'member@' });
    const token = new URL(body.abandonedCheckouts[0]!.checkoutUrl).searchParams.get('recover')!;
    const other = await call(srv.url, 'POST', `/ecom/v1/checkouts/${co.id}/recover`, {
      auth: c.visitor,
      body: { token },
    });
    expect(other.status).toBe(403);
    expect(appCode(other.body)).toBe('SIGN_IN_TO_RECOVER');
    const self = await call(srv.url, 'POST', `/ecom/v1/checkouts/${co.id}/recover`, {
      auth: c.memberA.auth,
      body: { token },
    });
    expect(self.status).toBe(200);
    await srv.ctx().db.update(checkouts).set({ completed: true }).where(eq(checkouts.id, co.id));
    const late = await call(srv.url, 'POST', `/ecom/v1/checkouts/${co.id}/recover`, {
      auth: c.memberA.auth,
      body: { token },
    });
    expect(late.status).toBe(409);
    expect(appCode(late.body)).toBe('CHECKOUT_ALREADY_COMPLETED');
  });
});

describe('the list', () => {
  it('pages newest first with a signed cursor, filters by status and e-mail, and counts every match', async () => {
    for (const n of [1, 2, 3]) await leftCheckout(`page${n}@example.com`, 50 + n);
    await sweepAbandonedCheckouts(srv.ctx());
    const first = await list(c.owner, { email: 'page', limit: 2 });
    expect(first.status).toBe(200);
    expect(first.body.abandonedCheckouts).toHaveLength(2);
    expect(first.body.metadata.totals.abandoned).toBe(3);
    expect(first.body.metadata.totals.abandonedValue.amount).toBe('75.00');
    const second = await list(c.owner, { cursor: first.body.metadata.cursor!, limit: 2 });
    expect(second.body.abandonedCheckouts).toHaveLength(1);
    expect(second.body.metadata.cursor).toBeUndefined();
    const emails = [...first.body.abandonedCheckouts, ...second.body.abandonedCheckouts].map((a) => a.buyerInfo.email);
    expect(new Set(emails)).toEqual(new Set(['page1@example.com', 'page2@example.com', 'page3@example.com']));
    const recovered = await list(c.owner, { status: 'RECOVERED' });
    expect(recovered.body.abandonedCheckouts.every((a) => a.status === 'RECOVERED')).toBe(true);
  });

  it('answers bad input in words and keeps buyers’ e-mails from everyone but the owner and ecom keys', async () => {
    const bad = await list(c.owner, { limit: 0 });
    expect(bad.status).toBe(400);
    expect(violations(bad.body).join()).toContain('limit');
    const forged = await list(c.owner, { cursor: 'eyJ9.abc' });
    expect(forged.status).toBe(400);
    expect(violations(forged.body)).toContain('cursor:FORMAT');
    const status = await list(c.owner, { status: 'LOST' });
    expect(status.status).toBe(400);
    for (const auth of [c.visitor, c.memberA.auth, c.contributor.auth, c.apiKey]) {
      expect((await list(auth)).status).toBe(403);
    }
    expect((await call(srv.url, 'GET', '/ecom/v1/abandoned-checkouts')).status).toBe(401);
    const missing = await call(srv.url, 'GET', '/ecom/v1/abandoned-checkouts/0190a1b2-0000-7000-8000-000000000000', {
      auth: c.owner,
    });
    expect(missing.status).toBe(404);
    const notId = await call(srv.url, 'GET', '/ecom/v1/abandoned-checkouts/nope', { auth: c.owner });
    expect(notId.status).toBe(400);
  });
});
