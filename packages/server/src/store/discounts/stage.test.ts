import { beforeEach, describe, expect, it } from 'vitest';
import { withTx } from '../../kernel/context.js';
import { clearPluginsAfterEach, serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { callServicePlugin } from '../../platform/service-plugins/call.js';
import { createImplementation } from '../../platform/service-plugins/service.js';
import { json, startPluginApp } from '../../platform/service-plugins/test-app.js';
import { computeTotals } from '../totals/engine.js';
import type { TotalsInput } from '../totals/types.js';
import { redeemCoupon } from './coupons.service.js';
import { discountStage } from './stage.js';
import { option, region } from '../shipping/testing.js';
import { clearDiscounts, COUPONS, createCoupon, createRule, line, totalsInput } from './testing.js';

const { srv, c, app } = serverSuite({ cast: true, pluginApp: true });
beforeEach(() => clearDiscounts(srv, c.owner));
clearPluginsAfterEach({ srv, app });

const stage = (input: Partial<TotalsInput> = {}) => discountStage(srv.ctx(), totalsInput(input));
const pct = (percentage: number, scope = 'GLOBAL', extra: Record<string, unknown> = {}) => ({
  type: 'PERCENTAGE',
  percentage,
  scope,
  ...extra,
});
const off = async (input: Partial<TotalsInput> = {}) =>
  [...(await stage(input)).lineDiscounts.values()].reduce((a, b) => a + b, 0n);

describe('triggers', () => {
  it('SUBTOTAL_RANGE and ITEM_QUANTITY_RANGE bounds are inclusive; AND / OR nest', async () => {
    await createRule(srv, c.owner, {
      trigger: {
        type: 'OR',
        triggers: [
          { type: 'SUBTOTAL_RANGE', subtotalRange: { from: { amount: '50' }, to: { amount: '100' } } },
          {
            type: 'AND',
            triggers: [
              { type: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { from: 3 } },
              { type: 'SUBTOTAL_RANGE', subtotalRange: { to: { amount: '20' } } },
            ],
          },
        ],
      },
      discount: pct(10),
    });
    expect(await off({ lines: [line({ unitPrice: 4999n })] })).toBe(0n);
    expect(await off({ lines: [line({ unitPrice: 5000n })] })).toBe(500n);
    expect(await off({ lines: [line({ unitPrice: 10000n })] })).toBe(1000n);
    expect(await off({ lines: [line({ unitPrice: 10001n })] })).toBe(0n);
    // 3 units of 6.00 = 18.00: the AND branch.
    expect(await off({ lines: [line({ unitPrice: 600n, quantity: 3 })] })).toBe(180n);
    expect(await off({ lines: [line({ unitPrice: 600n, quantity: 2 })] })).toBe(0n);
  });

  it('CUSTOM asks the CUSTOM_TRIGGERS app once; when it is down or absent no custom trigger is met', async () => {
    await createRule(srv, c.owner, {
      trigger: { type: 'CUSTOM', customTrigger: { customTriggerId: 'vip', identifier: 'gold' } },
      discount: pct(20),
    });
    await createRule(srv, c.owner, {
      trigger: { type: 'CUSTOM', customTrigger: { customTriggerId: 'vip', identifier: 'silver' } },
      discount: pct(5),
    });
    expect(await off()).toBe(0n); // no app registered
    await createImplementation(srv.ctx(), { type: 'CUSTOM_TRIGGERS', name: 'VIP', url: app.url, timeoutMs: 5_000 });
    app.answer((call, res) => {
      const triggers = (call.request as { triggers: Array<{ identifier: string }> }).triggers;
      json(res, 200, { eligibleTriggers: triggers.filter((t) => t.identifier === 'silver') });
    });
    const r = await stage();
    expect([...r.lineDiscounts.values()]).toEqual([50n]);
    expect(app.received).toHaveLength(1);
    expect(app.received[0]!.method).toBe('getEligibleTriggers');
    expect(app.received[0]!.request).toMatchObject({
      triggers: [
        { customTriggerId: 'vip', identifier: 'gold' },
        { customTriggerId: 'vip', identifier: 'silver' },
      ],
      lineItems: [{ price: '10.00', quantity: 1 }],
    });
    app.answer((_call, res) => res.writeHead(503).end());
    expect(await off()).toBe(0n);
    await app.close().catch(() => undefined);
    expect(await off()).toBe(0n);
    // A new app in the same object: the later tests and the suite's afterAll use this one.
    Object.assign(app, await startPluginApp(srv.url));
  });
});

describe('scopes and types', () => {
  it('SPECIFIC_ITEMS by product id or collection; the best rule per line wins, rules never stack on a line', async () => {
    const [a, b, cc] = [
      line({ catalogItemId: 'p-a', unitPrice: 2000n }),
      line({ catalogItemId: 'p-b', collectionIds: ['col-1'], unitPrice: 3000n }),
      line({ catalogItemId: 'p-c', unitPrice: 1000n }),
    ];
    const byId = await createRule(srv, c.owner, {
      name: 'A 50%',
      discount: pct(50, 'SPECIFIC_ITEMS', { items: { type: 'CATALOG_ITEM', catalogItemIds: ['p-a'] } }),
    });
    const byCol = await createRule(srv, c.owner, {
      name: 'Collection fixed 4',
      discount: {
        type: 'FIXED_PRICE',
        fixedPrice: { amount: '4' },
        scope: 'SPECIFIC_ITEMS',
        items: { type: 'CUSTOM_FILTER', customFilter: { collectionIds: ['col-1'] } },
      },
    });
    const all = await createRule(srv, c.owner, { name: 'All 10%', discount: pct(10) });
    const r = await stage({ lines: [a, b, cc] });
    expect(Object.fromEntries(r.lineDiscounts)).toEqual({ [a.id]: 1000n, [b.id]: 2600n, [cc.id]: 100n });
    expect(r.applied.map((d) => [d.discountRule?.id, d.amount, d.lineItemIds])).toEqual([
      [byId.id, 1000n, [a.id]],
      [byCol.id, 2600n, [b.id]],
      [all.id, 100n, [cc.id]],
    ]);
  });

  it('FIXED_AMOUNT is split across the lines by largest remainder and never exceeds them', async () => {
    await createRule(srv, c.owner, {
      discount: { type: 'FIXED_AMOUNT', fixedAmount: { amount: '1' }, scope: 'GLOBAL' },
    });
    const ls = [line({ unitPrice: 100n }), line({ unitPrice: 100n }), line({ unitPrice: 100n })];
    expect([...(await stage({ lines: ls })).lineDiscounts.values()]).toEqual([34n, 33n, 33n]);
    const small = [line({ unitPrice: 30n }), line({ unitPrice: 20n })];
    expect([...(await stage({ lines: small })).lineDiscounts.values()]).toEqual([30n, 20n]);
  });

  it('SHIPPING: the best automatic shipping rule, then the coupon on what is left', async () => {
    await createRule(srv, c.owner, { name: '10% shipping', discount: pct(10, 'SHIPPING') });
    const free = await createRule(srv, c.owner, {
      name: 'Shipping 2.00',
      discount: { type: 'FIXED_PRICE', fixedPrice: { amount: '2' }, scope: 'SHIPPING' },
    });
    await createCoupon(srv, c.owner, {
      code: 'SHIP1',
      discount: { type: 'FIXED_AMOUNT', fixedAmount: { amount: '1' }, scope: 'SHIPPING' },
    });
    const world = await region(srv, c.owner, { destinationScope: 'WORLDWIDE' });
    await option(srv, c.owner, world.id, { title: 'Standard', rates: [{ price: { amount: '7.00' } }] });
    const input = totalsInput({ calculateShipping: true, shippingAddress: { country: 'US' } });
    // 7.00 shipping: the fixed price (5.00 off) beats 10% (0.70 off); the losing rule is not listed.
    const t = await computeTotals(srv.ctx(), input);
    expect([t.shipping, t.shippingDiscount, t.total]).toEqual([700n, 500n, 1200n]);
    expect(t.appliedDiscounts.map((d) => [d.discountRule?.id ?? null, d.amount])).toEqual([[free.id, 500n]]);
    // The coupon takes 1.00 of the 2.00 left.
    const withCoupon = await computeTotals(srv.ctx(), { ...input, couponCode: 'ship1' });
    expect([withCoupon.shippingDiscount, withCoupon.discount, withCoupon.total]).toEqual([600n, 600n, 1100n]);
  });
});

describe('coupons in totals', () => {
  it('applies after the rules on what is left; merchant discounts after the coupon', async () => {
    await createRule(srv, c.owner, { discount: pct(10) });
    await createCoupon(srv, c.owner, {
      code: 'TAKE5',
      discount: { type: 'FIXED_AMOUNT', fixedAmount: { amount: '5' }, scope: 'GLOBAL' },
    });
    const r = await stage({
      lines: [line({ unitPrice: 2000n })],
      couponCode: 'take5',
      merchantDiscounts: [{ percentage: 50, description: 'staff' }],
    });
    // 20.00 − 10% = 18.00, − 5.00 = 13.00, − 50% = 6.50
    expect([...r.lineDiscounts.values()]).toEqual([1350n]);
    expect(r.applied.map((d) => [d.discountRule ? 'rule' : d.coupon ? 'coupon' : 'merchant', d.amount])).toEqual([
      ['rule', 200n],
      ['coupon', 500n],
      ['merchant', 650n],
    ]);
    expect(r.violations).toEqual([]);
  });

  it('unknown, inactive, not yet valid, expired, used up, below minimum, per customer: a violation, not applied', async () => {
    const day = 86_400_000;
    await createCoupon(srv, c.owner, { code: 'OFF', active: false });
    await createCoupon(srv, c.owner, {
      code: 'SOON',
      activeTimeInfo: { start: new Date(Date.now() + day).toISOString() },
    });
    await createCoupon(srv, c.owner, {
      code: 'OLD',
      activeTimeInfo: { end: new Date(Date.now() - day).toISOString() },
    });
    const once = await createCoupon(srv, c.owner, { code: 'ONCE', usageLimit: 1 });
    await createCoupon(srv, c.owner, { code: 'MIN', minimumSubtotal: { amount: '100' } });
    const mine = await createCoupon(srv, c.owner, { code: 'MINE', limitPerCustomer: 1 });
    await withTx(srv.ctx(), (tx) => redeemCoupon(tx, { couponId: once.id, customerKey: 'member:x', orderId: 'o1' }));
    await withTx(srv.ctx(), (tx) =>
      redeemCoupon(tx, { couponId: mine.id, customerKey: 'email:a@b.co', orderId: 'o2' }),
    );
    const why = async (couponCode: string, buyer?: TotalsInput['buyer']) => {
      const r = await stage({ couponCode, ...(buyer ? { buyer } : {}) });
      expect(r.lineDiscounts.size).toBe(0);
      expect(r.applied).toEqual([]);
      // Not applied; in a cart only a WARNING (checking out goes on), in a checkout an ERROR (see below).
      expect(r.violations[0]).toMatchObject({ severity: 'WARNING', target: { other: { name: 'couponCode' } } });
      return r.violations.map((v) => v.description);
    };
    expect(await why('NOPE')).toEqual(['There is no code NOPE.']);
    expect(await why('off')).toEqual(['The coupon is not valid.']);
    expect(await why('SOON')).toEqual(['The coupon is not valid yet.']);
    expect(await why('OLD')).toEqual(['The coupon has expired.']);
    expect(await why('ONCE')).toEqual(['The coupon has been used up.']);
    expect(await why('MIN')).toEqual(['The coupon needs a subtotal of $100.00.']);
    expect(await why('MINE', { email: 'A@B.co' })).toEqual([
      'The coupon was already used the most times allowed per customer.',
    ]);
    expect((await stage({ couponCode: 'MINE', buyer: { email: 'other@b.co' } })).violations).toEqual([]);
    // The minimum in the site's locale.
    expect((await stage({ couponCode: 'MIN', locale: 'de-DE' })).violations[0]!.description).toBe(
      'The coupon needs a subtotal of 100,00\u00a0$.',
    );
    // A checkout's code stopped applying since it was given: the order waits until the buyer removes it.
    const inCheckout = await stage({ couponCode: 'OLD', source: 'CHECKOUT' });
    expect(inCheckout.violations.map((v) => v.severity)).toEqual(['ERROR']);
  });

  it('a coupon for items not in the cart is not applied (no use counted at placement)', async () => {
    await createCoupon(srv, c.owner, {
      code: 'ONLYP9',
      discount: pct(50, 'SPECIFIC_ITEMS', { items: { type: 'CATALOG_ITEM', catalogItemIds: ['p-9'] } }),
    });
    const none = await stage({ couponCode: 'onlyp9', lines: [line({ catalogItemId: 'p-1' })] });
    expect(none.applied).toEqual([]);
    expect(none.violations).toEqual([
      {
        severity: 'WARNING',
        target: { other: { name: 'couponCode' } },
        description: 'The coupon is for items that are not in your cart.',
      },
    ]);
    const some = await stage({ couponCode: 'onlyp9', lines: [line({ catalogItemId: 'p-9' })] });
    expect(some.applied.map((d) => d.amount)).toEqual([500n]);
    expect(some.violations).toEqual([]);
  });
});

describe('redemption under concurrency', () => {
  it('100 parallel redemptions of a limit-10 coupon: exactly 10; per-customer limit likewise', async () => {
    const cp = await createCoupon(srv, c.owner, { code: 'RACE', usageLimit: 10 });
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        withTx(srv.ctx(), (tx) => redeemCoupon(tx, { couponId: cp.id, customerKey: `visitor:${i}`, orderId: `o${i}` })),
      ),
    );
    expect(results.filter((r) => r.redeemed)).toHaveLength(10);
    expect(results.filter((r) => !r.redeemed && r.reason === 'USAGE_LIMIT_REACHED')).toHaveLength(90);
    const got = await call<{ coupon: { numberOfUsages: number } }>(srv.url, 'GET', `${COUPONS}/${cp.id}`, {
      auth: c.owner,
    });
    expect(got.body.coupon.numberOfUsages).toBe(10);

    const per = await createCoupon(srv, c.owner, { code: 'PER', limitPerCustomer: 2 });
    const mine = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        withTx(srv.ctx(), (tx) => redeemCoupon(tx, { couponId: per.id, customerKey: 'member:m1', orderId: `p${i}` })),
      ),
    );
    expect(mine.filter((r) => r.redeemed)).toHaveLength(2);
    // The same order twice counts once.
    const again = await withTx(srv.ctx(), (tx) =>
      redeemCoupon(tx, { couponId: cp.id, customerKey: 'visitor:0', orderId: 'o0' }),
    );
    expect(again.redeemed).toBe(results[0]!.redeemed);
  });
});

/** How many SELECTs `run` sends to the database (the caches must answer without any). */
async function selectsDuring(run: () => Promise<void>): Promise<number> {
  const db = srv.ctx().db as unknown as { select: (...a: unknown[]) => unknown };
  const original = db.select;
  let selects = 0;
  db.select = (...a: unknown[]) => {
    selects++;
    return original.apply(db, a);
  };
  try {
    await run();
  } finally {
    db.select = original;
  }
  return selects;
}

describe('engine', () => {
  it('a totals run reads rules and coupons from the cache (no SQL when nothing changed)', async () => {
    await createRule(srv, c.owner, { discount: pct(10) });
    await createCoupon(srv, c.owner, { code: 'C1' });
    const input = totalsInput({ couponCode: 'C1' });
    await computeTotals(srv.ctx(), input);
    const selects = await selectsDuring(async () => {
      const t = await discountStage(srv.ctx(), input);
      expect(t.applied).toHaveLength(2);
    });
    expect(selects).toBe(0);
  });

  it('the service-plugin implementation lookup is cached too, and a new registration shows at once', async () => {
    const request = { triggers: [{ customTriggerId: 'x', identifier: 'y' }], lineItems: [] };
    const opts = { method: 'getEligibleTriggers' as const };
    expect((await callServicePlugin(srv.ctx(), 'CUSTOM_TRIGGERS', request, opts)).ok).toBe(false);
    const selects = await selectsDuring(async () => {
      const r = await callServicePlugin(srv.ctx(), 'CUSTOM_TRIGGERS', request, opts);
      expect(r).toEqual({ ok: false, reason: 'NOT_REGISTERED' });
    });
    expect(selects).toBe(0);
    await createImplementation(srv.ctx(), { type: 'CUSTOM_TRIGGERS', name: 'T', url: app.url, timeoutMs: 5_000 });
    app.answer((_call, res) => json(res, 200, { eligibleTriggers: [] }));
    expect(await callServicePlugin(srv.ctx(), 'CUSTOM_TRIGGERS', request, opts)).toEqual({
      ok: true,
      response: { eligibleTriggers: [] },
    });
  });
});
