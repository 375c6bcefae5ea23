import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTx } from '../../kernel/context.js';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, normPath, violations } from '../../../test/http.js';
import { eventsOf } from '../catalog/testing.js';
import { domainEvents } from '../../platform/events/tables.js';
import { reserveGiftCardBalance } from './service.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'], catalog: ['catalog'] } });

const PATH = '/ecom/v1/gift-cards';
interface Card {
  id: string;
  code?: string;
  last4: string;
  obfuscatedCode: string;
  balance: { amount: string };
  disabled: boolean;
  active: boolean;
  expirationDate?: string;
}
const issue = async (body: Record<string, unknown>, auth = c.owner) => {
  const res = await call<{ giftCard: Card }>(srv.url, 'POST', PATH, { auth, body: { giftCard: body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.giftCard;
};

describe('gift cards', () => {
  it('issues with a generated code shown once; afterwards only the last 4; events never carry the code', async () => {
    const card = await issue({ initialBalance: { amount: '50.00' }, note: 'Raffle prize' }, keys.ecom);
    expect(card.code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    expect(card).toMatchObject({
      last4: card.code!.slice(-4),
      obfuscatedCode: `•••• ${card.code!.slice(-4)}`,
      currency: 'USD',
      initialBalance: { amount: '50.00' },
      balance: { amount: '50.00' },
      disabled: false,
      active: true,
      source: 'MANUAL',
      note: 'Raffle prize',
    });
    const got = await call<{ giftCard: Card }>(srv.url, 'GET', `${PATH}/${card.id}`, { auth: c.owner });
    expect(got.body.giftCard.code).toBeUndefined();
    expect(got.body.giftCard.last4).toBe(card.last4);
    const other = await issue({ initialBalance: { amount: '5' } });
    expect(other.code).not.toBe(card.code);
    const rows = await srv.ctx().db.select().from(domainEvents).where(eq(domainEvents.entityId, card.id));
    expect(rows.map((r) => r.eventType)).toEqual(['ecom.gift_card.created']);
    const compact = card.code!.replace(/-/g, '');
    for (const r of rows) {
      const text = JSON.stringify(r.envelope);
      expect(text).not.toContain(card.code!);
      expect(text).not.toContain(compact);
    }
  });

  it('a given code: case and dashes do not matter, a taken one is 409; search by the last characters', async () => {
    const card = await issue({ code: 'Summer-Gift-77QZ', initialBalance: { amount: '20' } });
    expect(card).toMatchObject({ code: 'Summer-Gift-77QZ', last4: '77QZ' });
    const again = await call(srv.url, 'POST', PATH, {
      auth: c.owner,
      body: { giftCard: { code: 'SUMMERGIFT77qz', initialBalance: { amount: '1' } } },
    });
    expect(again.status).toBe(409);
    expect(appCode(again.body)).toBe('GIFT_CARD_CODE_EXISTS');
    const found = await call<{ giftCards: Card[]; total: number }>(srv.url, 'GET', `${PATH}?codeEndsWith=7qz`, {
      auth: c.owner,
    });
    expect(found.body.giftCards.map((g) => g.id)).toEqual([card.id]);
    expect(found.body.total).toBe(1);
    expect(found.body.giftCards[0]!.code).toBeUndefined();
  });

  it('one code issued five times at once over HTTP: one card, four 409s', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(srv.url, 'POST', PATH, {
          auth: c.owner,
          body: { giftCard: { code: 'RACE-CODE-0001', initialBalance: { amount: '10' } } },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const found = await call<{ total: number }>(srv.url, 'GET', `${PATH}?codeEndsWith=0001`, { auth: c.owner });
    expect(found.body.total).toBe(1);
  });

  it('update expiry and disable with a field mask; delete; each with its event', async () => {
    const card = await issue({ initialBalance: { amount: '10' } });
    const upd = await call<{ giftCard: Card }>(srv.url, 'PATCH', `${PATH}/${card.id}`, {
      auth: keys.ecom,
      body: {
        giftCard: { expirationDate: '2099-01-01T00:00:00.000Z', disabled: true },
        fieldMask: { paths: ['expirationDate', 'disabled'] },
      },
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.giftCard).toMatchObject({
      expirationDate: '2099-01-01T00:00:00.000Z',
      disabled: true,
      active: false,
    });
    const cleared = await call<{ giftCard: Card }>(srv.url, 'PATCH', `${PATH}/${card.id}`, {
      auth: c.owner,
      body: { giftCard: { expirationDate: null }, fieldMask: { paths: ['expirationDate'] } },
    });
    expect(cleared.body.giftCard.expirationDate).toBeUndefined();
    expect((await call(srv.url, 'DELETE', `${PATH}/${card.id}`, { auth: c.owner })).status).toBe(200);
    expect((await call(srv.url, 'GET', `${PATH}/${card.id}`, { auth: c.owner })).status).toBe(404);
    expect(await eventsOf(srv, card.id)).toEqual([
      'ecom.gift_card.created',
      'ecom.gift_card.updated',
      'ecom.gift_card.updated',
      'ecom.gift_card.deleted',
    ]);
  });

  it('bad input names the field and rule and writes nothing', async () => {
    const before = (await call<{ total: number }>(srv.url, 'GET', PATH, { auth: c.owner })).body.total;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ initialBalance: { amount: '10.001' } }, 'giftCard.initialBalance.amount:DECIMAL_MAX_SCALE'],
      [{ initialBalance: { amount: '0' } }, 'giftCard.initialBalance.amount:DECIMAL_GT'],
      [{ initialBalance: { amount: '5' }, code: 'short' }, 'giftCard.code:FORMAT'],
      [
        { initialBalance: { amount: '5' }, expirationDate: '2001-01-01T00:00:00.000Z' },
        'giftCard.expirationDate:VALIDATION',
      ],
      [{}, 'giftCard.initialBalance:REQUIRED_FIELD'],
    ];
    for (const [body, expected] of cases) {
      const res = await call(srv.url, 'POST', PATH, { auth: c.owner, body: { giftCard: body } });
      expect(res.status, expected).toBe(400);
      expect(violations(res.body).map(normPath)).toContain(expected);
    }
    const mask = await call(srv.url, 'PATCH', `${PATH}/00000000-0000-7000-8000-000000000001`, {
      auth: c.owner,
      body: { giftCard: { disabled: true }, fieldMask: { paths: ['balance'] } },
    });
    expect(violations(mask.body)).toEqual(['fieldMask.paths[0]:FIELD_NOT_ALLOWED']);
    expect((await call<{ total: number }>(srv.url, 'GET', PATH, { auth: c.owner })).body.total).toBe(before);
  });

  it('wrong callers: 401 without a token, 403 for buyers, contributors and other keys', async () => {
    const card = await issue({ initialBalance: { amount: '10' } });
    expect((await call(srv.url, 'GET', PATH)).status).toBe(401);
    for (const auth of [c.visitor, c.memberA.auth, c.contributor.auth, keys.catalog]) {
      expect((await call(srv.url, 'GET', PATH, { auth })).status).toBe(403);
      expect((await call(srv.url, 'GET', `${PATH}/${card.id}`, { auth })).status).toBe(403);
      const res = await call(srv.url, 'POST', PATH, { auth, body: { giftCard: { initialBalance: { amount: '9' } } } });
      expect(res.status).toBe(403);
      expect((await call(srv.url, 'DELETE', `${PATH}/${card.id}`, { auth })).status).toBe(403);
    }
    expect((await call(srv.url, 'GET', `${PATH}/${card.id}`, { auth: c.owner })).status).toBe(200);
  });
});

describe('reserveGiftCardBalance', () => {
  it('parallel reservations never overspend: 5 × 30.00 against 100.00 → exactly 3 succeed', async () => {
    const card = await issue({ initialBalance: { amount: '100.00' } });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        withTx(srv.ctx(), (tx) => reserveGiftCardBalance(tx, { code: card.code!, amount: 3000n, orderId: `o-${i}` })),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(3);
    for (const r of results) {
      if (r.status === 'rejected')
        expect((r.reason as { options?: { applicationCode?: string } }).options?.applicationCode).toBe(
          'GIFT_CARD_INSUFFICIENT_BALANCE',
        );
    }
    const got = await call<{ giftCard: Card }>(srv.url, 'GET', `${PATH}/${card.id}`, { auth: c.owner });
    expect(got.body.giftCard.balance.amount).toBe('10.00');
    // A card that has paid cannot be deleted, only disabled.
    const del = await call(srv.url, 'DELETE', `${PATH}/${card.id}`, { auth: c.owner });
    expect(del.status).toBe(409);
    expect(appCode(del.body)).toBe('GIFT_CARD_REDEEMED');
  });

  it('a disabled or expired card reserves nothing', async () => {
    const card = await issue({ initialBalance: { amount: '100.00' } });
    await call(srv.url, 'PATCH', `${PATH}/${card.id}`, {
      auth: c.owner,
      body: { giftCard: { disabled: true }, fieldMask: { paths: ['disabled'] } },
    });
    await expect(
      withTx(srv.ctx(), (tx) => reserveGiftCardBalance(tx, { code: card.code!, amount: 100n, orderId: 'o-x' })),
    ).rejects.toThrow(/cannot pay/);
  });
});
