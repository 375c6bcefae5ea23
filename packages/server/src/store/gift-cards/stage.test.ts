import { describe, expect, it } from 'vitest';
import { serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { withTx } from '../../kernel/context.js';
import { computeTotals } from '../totals/engine.js';
import type { TotalsInput } from '../totals/types.js';
import { reserveGiftCardBalance } from './service.js';

const { srv, c } = serverSuite({ cast: true });

const PATH = '/ecom/v1/gift-cards';
const issue = async (body: Record<string, unknown>) => {
  const res = await call<{ giftCard: { id: string; code: string } }>(srv.url, 'POST', PATH, {
    auth: c.owner,
    body: { giftCard: body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.giftCard;
};
const input = (extra: Partial<TotalsInput> = {}): TotalsInput => ({
  source: 'CHECKOUT',
  purchaseFlowId: '00000000-0000-7000-8000-000000000002',
  currency: 'USD',
  weightUnit: 'KG',
  lines: [
    {
      id: 'l1',
      name: 'Lamp',
      collectionIds: [],
      itemType: 'PHYSICAL',
      quantity: 2,
      unitPrice: 2500n,
      unitWeight: 0,
      shippable: true,
    },
  ],
  calculateShipping: false,
  calculateTax: false,
  now: new Date(),
  ...extra,
});
const refusal = (description: string) => [{ severity: 'ERROR', target: { other: { name: 'giftCard' } }, description }];

describe('giftCardStage through computeTotals', () => {
  it('pays min(balance, due): part of a larger total, or all of a smaller one', async () => {
    const small = await issue({ initialBalance: { amount: '20.00' } });
    const t = await computeTotals(srv.ctx(), input({ giftCardCode: small.code }));
    expect(t.total).toBe(5000n);
    expect(t.giftCard).toMatchObject({ id: small.id, applied: 2000n, balance: 2000n });
    expect(t.giftCard!.obfuscatedCode).toBe(`•••• ${small.code.slice(-4)}`);
    expect(t.payNow).toBe(3000n);
    expect(t.violations).toEqual([]);

    const big = await issue({ initialBalance: { amount: '80.00' } });
    // Typed in lower case without dashes: the same card.
    const t2 = await computeTotals(srv.ctx(), input({ giftCardCode: big.code.replace(/-/g, '').toLowerCase() }));
    expect(t2.giftCard).toMatchObject({ id: big.id, applied: 5000n, balance: 8000n });
    expect(t2.payNow).toBe(0n);
  });

  it('unknown, disabled, expired, other currency: a clear violation and nothing applied', async () => {
    const unknown = await computeTotals(srv.ctx(), input({ giftCardCode: 'NOPE-NOPE-NOPE-NOPE' }));
    expect(unknown.giftCard).toBeUndefined();
    expect(unknown.payNow).toBe(5000n);
    expect(unknown.violations).toEqual(refusal('This gift card code is not valid'));

    const disabled = await issue({ initialBalance: { amount: '10' } });
    await call(srv.url, 'PATCH', `${PATH}/${disabled.id}`, {
      auth: c.owner,
      body: { giftCard: { disabled: true }, fieldMask: { paths: ['disabled'] } },
    });
    const d = await computeTotals(srv.ctx(), input({ giftCardCode: disabled.code }));
    expect(d.violations).toEqual(refusal('This gift card code is not valid'));
    expect(d.giftCard).toBeUndefined();

    const expiring = await issue({ initialBalance: { amount: '10' }, expirationDate: '2030-06-01T00:00:00.000Z' });
    const e = await computeTotals(
      srv.ctx(),
      input({ giftCardCode: expiring.code, now: new Date('2030-06-02T00:00:00Z') }),
    );
    expect(e.violations).toEqual(refusal('This gift card expired on 2030-06-01'));
    expect(e.payNow).toBe(5000n);

    const usd = await issue({ initialBalance: { amount: '10' } });
    const eur = await computeTotals(srv.ctx(), input({ giftCardCode: usd.code, currency: 'EUR' }));
    expect(eur.violations).toEqual(refusal('This gift card is in USD; this purchase is in EUR'));

    const spent = await issue({ initialBalance: { amount: '10' } });
    await withTx(srv.ctx(), (tx) => reserveGiftCardBalance(tx, { code: spent.code, amount: 1000n, orderId: 'o-1' }));
    const s = await computeTotals(srv.ctx(), input({ giftCardCode: spent.code }));
    expect(s.violations).toEqual(refusal('This gift card has no balance left'));
    expect(s.payNow).toBe(5000n);
  });
});
