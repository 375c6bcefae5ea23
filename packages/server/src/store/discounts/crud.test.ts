import { beforeEach, describe, expect, it } from 'vitest';
import { listedCount } from '../../test/entities.js';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, normPath, violations } from '../../../test/http.js';
import { eventsOf } from '../catalog/testing.js';
import { clearDiscounts, COUPONS, createCoupon, createRule, RULES } from './testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'], catalog: ['catalog'] } });

beforeEach(() => clearDiscounts(srv, c.owner));

const count = (path: string, key: string) => listedCount(srv, c.owner, path, key);

describe('discount rules', () => {
  it('create, get, list, update with a field mask and delete, each with its event', async () => {
    const r = await createRule(srv, c.owner, {
      name: 'Spend 50 get 10%',
      trigger: {
        type: 'AND',
        triggers: [
          { type: 'SUBTOTAL_RANGE', subtotalRange: { from: { amount: '50' } } },
          { type: 'OR', triggers: [{ type: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { from: 2 } }] },
        ],
      },
      discount: { type: 'PERCENTAGE', percentage: 10, scope: 'GLOBAL' },
    });
    expect(r).toMatchObject({
      name: 'Spend 50 get 10%',
      active: true,
      status: 'LIVE',
      trigger: { type: 'AND', triggers: [{ subtotalRange: { from: { amount: '50.00' } } }, { type: 'OR' }] },
      discount: { type: 'PERCENTAGE', percentage: 10, scope: 'GLOBAL' },
    });
    const got = await call(srv.url, 'GET', `${RULES}/${r.id}`, { auth: keys.ecom });
    expect(got.body).toEqual({ discountRule: r });
    const upd = await call<{ discountRule: Record<string, unknown> }>(srv.url, 'PATCH', `${RULES}/${r.id}`, {
      auth: keys.ecom,
      body: {
        discountRule: { discount: { type: 'FIXED_AMOUNT', fixedAmount: { amount: '5' }, scope: 'SHIPPING' } },
        fieldMask: { paths: ['discount'] },
      },
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.discountRule).toMatchObject({
      name: 'Spend 50 get 10%',
      trigger: r.trigger,
      discount: { type: 'FIXED_AMOUNT', fixedAmount: { amount: '5.00', formattedAmount: '$5.00' }, scope: 'SHIPPING' },
    });
    // No trigger: named in the mask and left out, the condition is removed and the rule always applies.
    const always = await call<{ discountRule: Record<string, unknown> }>(srv.url, 'PATCH', `${RULES}/${r.id}`, {
      auth: keys.ecom,
      body: { discountRule: {}, fieldMask: { paths: ['trigger'] } },
    });
    expect(always.status, JSON.stringify(always.body)).toBe(200);
    expect(always.body.discountRule).not.toHaveProperty('trigger');
    expect(always.body.discountRule).toMatchObject({ name: 'Spend 50 get 10%', discount: { scope: 'SHIPPING' } });
    expect(await count(RULES, 'discountRules')).toBe(1);
    expect((await call(srv.url, 'DELETE', `${RULES}/${r.id}`, { auth: c.owner })).status).toBe(200);
    expect((await call(srv.url, 'GET', `${RULES}/${r.id}`, { auth: c.owner })).status).toBe(404);
    expect(await eventsOf(srv, r.id)).toEqual([
      'ecom.discount_rule.created',
      'ecom.discount_rule.updated',
      'ecom.discount_rule.updated',
      'ecom.discount_rule.deleted',
    ]);
  });

  it('status comes from the window at read time: PENDING, LIVE, EXPIRED', async () => {
    const day = 86_400_000;
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
    const discount = { type: 'PERCENTAGE', percentage: 5, scope: 'GLOBAL' };
    const pending = await createRule(srv, c.owner, { discount, activeTimeInfo: { start: iso(day) } });
    const live = await createRule(srv, c.owner, { discount, activeTimeInfo: { start: iso(-day), end: iso(day) } });
    const expired = await createRule(srv, c.owner, { discount, activeTimeInfo: { end: iso(-1000) } });
    expect([pending.status, live.status, expired.status]).toEqual(['PENDING', 'LIVE', 'EXPIRED']);
    const list = await call<{ discountRules: Array<{ id: string; status: string }> }>(srv.url, 'GET', RULES, {
      auth: c.owner,
    });
    expect(list.body.discountRules.map((x) => x.status)).toEqual(['PENDING', 'LIVE', 'EXPIRED']);
  });

  it.each([
    [{ discount: { type: 'PERCENTAGE', scope: 'GLOBAL' } }, 'discountRule.discount.percentage:REQUIRED_FIELD'],
    [
      { discount: { type: 'PERCENTAGE', percentage: 5, fixedAmount: { amount: '1' }, scope: 'GLOBAL' } },
      'discountRule.discount.fixedAmount:FIELD_NOT_ALLOWED',
    ],
    [{ discount: { type: 'PERCENTAGE', percentage: 150, scope: 'GLOBAL' } }, 'discountRule.discount.percentage:MAX'],
    [
      { discount: { type: 'PERCENTAGE', percentage: 5, scope: 'SPECIFIC_ITEMS' } },
      'discountRule.discount.items:REQUIRED_FIELD',
    ],
    [
      { discount: { type: 'FIXED_AMOUNT', fixedAmount: { amount: '1.234' }, scope: 'GLOBAL' } },
      'discountRule.discount.fixedAmount.amount:DECIMAL_MAX_SCALE',
    ],
    [
      { discount: { type: 'PERCENTAGE', percentage: 5, scope: 'GLOBAL' }, trigger: { type: 'AND' } },
      'discountRule.trigger.triggers:REQUIRED_FIELD',
    ],
    [
      {
        discount: { type: 'PERCENTAGE', percentage: 5, scope: 'GLOBAL' },
        activeTimeInfo: { start: '2030-01-02T00:00:00Z', end: '2030-01-01T00:00:00Z' },
      },
      'discountRule.activeTimeInfo.end:VALIDATION',
    ],
  ])('bad input %j is a 400 naming %s, nothing written', async (body, expected) => {
    const res = await call(srv.url, 'POST', RULES, { auth: c.owner, body: { discountRule: { name: 'Bad', ...body } } });
    expect(res.status).toBe(400);
    expect(violations(res.body).map(normPath)).toContain(normPath(expected));
    expect(await count(RULES, 'discountRules')).toBe(0);
  });

  it('only the owner and ecom keys: visitors and members 403, no token 401, catalog keys 403', async () => {
    const r = await createRule(srv, keys.ecom, { discount: { type: 'PERCENTAGE', percentage: 5, scope: 'GLOBAL' } });
    for (const auth of [c.visitor, c.memberA.auth, keys.catalog]) {
      expect((await call(srv.url, 'GET', RULES, { auth })).status).toBe(403);
      expect((await call(srv.url, 'GET', `${RULES}/${r.id}`, { auth })).status).toBe(403);
      expect((await call(srv.url, 'DELETE', `${RULES}/${r.id}`, { auth })).status).toBe(403);
    }
    expect((await call(srv.url, 'GET', RULES, {})).status).toBe(401);
    expect(await count(RULES, 'discountRules')).toBe(1);
  });
});

describe('coupons', () => {
  it('create, update, delete with events; codes are unique regardless of case (409)', async () => {
    const cp = await createCoupon(srv, c.owner, {
      code: 'Summer10',
      minimumSubtotal: { amount: '20' },
      usageLimit: 10,
      limitPerCustomer: 1,
    });
    expect(cp).toMatchObject({
      code: 'Summer10',
      numberOfUsages: 0,
      status: 'LIVE',
      usageLimit: 10,
      limitPerCustomer: 1,
      minimumSubtotal: { amount: '20.00' },
    });
    const clash = await call(srv.url, 'POST', COUPONS, {
      auth: keys.ecom,
      body: {
        coupon: { code: 'SUMMER10', name: 'x', discount: { type: 'PERCENTAGE', percentage: 1, scope: 'GLOBAL' } },
      },
    });
    expect(clash.status).toBe(409);
    expect(appCode(clash.body)).toBe('COUPON_CODE_ALREADY_EXISTS');
    const other = await createCoupon(srv, c.owner, { code: 'WINTER' });
    const rename = await call(srv.url, 'PATCH', `${COUPONS}/${other.id}`, {
      auth: c.owner,
      body: { coupon: { code: 'summer10' }, fieldMask: { paths: ['code'] } },
    });
    expect(rename.status).toBe(409);
    const upd = await call<{ coupon: Record<string, unknown> }>(srv.url, 'PATCH', `${COUPONS}/${cp.id}`, {
      auth: keys.ecom,
      body: { coupon: { name: 'Summer sale', usageLimit: 5 }, fieldMask: { paths: ['name', 'usageLimit'] } },
    });
    expect(upd.body.coupon).toMatchObject({
      name: 'Summer sale',
      usageLimit: 5,
      code: 'Summer10',
      limitPerCustomer: 1,
    });
    expect((await call(srv.url, 'DELETE', `${COUPONS}/${cp.id}`, { auth: keys.ecom })).status).toBe(200);
    expect((await call(srv.url, 'DELETE', `${COUPONS}/${cp.id}`, { auth: keys.ecom })).status).toBe(404);
    expect(await eventsOf(srv, cp.id)).toEqual(['ecom.coupon.created', 'ecom.coupon.updated', 'ecom.coupon.deleted']);
  });

  it('an optional field named in the mask and left out of the patch is removed; a required one is refused', async () => {
    const cp = await createCoupon(srv, c.owner, {
      code: 'LIMITED',
      minimumSubtotal: { amount: '20' },
      usageLimit: 10,
      limitPerCustomer: 1,
      activeTimeInfo: { end: '2099-01-01T00:00:00.000Z' },
    });
    const cleared = await call<{ coupon: Record<string, unknown> }>(srv.url, 'PATCH', `${COUPONS}/${cp.id}`, {
      auth: c.owner,
      body: {
        coupon: { limitPerCustomer: 3 },
        fieldMask: { paths: ['usageLimit', 'limitPerCustomer', 'activeTimeInfo'] },
      },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.coupon).toMatchObject({ limitPerCustomer: 3, minimumSubtotal: { amount: '20.00' } });
    expect(cleared.body.coupon).not.toHaveProperty('usageLimit');
    expect(cleared.body.coupon).not.toHaveProperty('activeTimeInfo');
    const got = await call<{ coupon: Record<string, unknown> }>(srv.url, 'GET', `${COUPONS}/${cp.id}`, {
      auth: c.owner,
    });
    expect(got.body.coupon).toEqual(cleared.body.coupon);
    const noName = await call(srv.url, 'PATCH', `${COUPONS}/${cp.id}`, {
      auth: c.owner,
      body: { coupon: {}, fieldMask: { paths: ['name'] } },
    });
    expect(noName.status).toBe(400);
    expect(violations(noName.body)).toEqual(['coupon.name:REQUIRED_FIELD']);
  });

  it('a PATCH naming a field coupons do not have is a 400 naming it, and nothing changes', async () => {
    const cp = await createCoupon(srv, c.owner, { code: 'CLOSED', usageLimit: 5 });
    const res = await call(srv.url, 'PATCH', `${COUPONS}/${cp.id}`, {
      auth: c.owner,
      body: { coupon: { usageLimit: 9, colour: 'red' }, fieldMask: { paths: ['usageLimit'] } },
    });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toEqual(['coupon.colour:FIELD_NOT_ALLOWED']);
    const got = await call<{ coupon: Record<string, unknown> }>(srv.url, 'GET', `${COUPONS}/${cp.id}`, {
      auth: c.owner,
    });
    expect(got.body.coupon).toMatchObject({ usageLimit: 5 });
  });

  it('bad input is a 400 naming the field; wrong callers are refused', async () => {
    const bad = await call(srv.url, 'POST', COUPONS, {
      auth: c.owner,
      body: {
        coupon: { code: 'has space', name: 'x', discount: { type: 'PERCENTAGE', percentage: 1, scope: 'GLOBAL' } },
      },
    });
    expect(bad.status).toBe(400);
    expect(violations(bad.body).map(normPath)).toContain('coupon.code:FORMAT');
    const noPrice = await call(srv.url, 'POST', COUPONS, {
      auth: c.owner,
      body: { coupon: { code: 'FP', name: 'x', discount: { type: 'FIXED_PRICE', scope: 'GLOBAL' } } },
    });
    expect(violations(noPrice.body)).toEqual(['coupon.discount.fixedPrice:REQUIRED_FIELD']);
    expect(await count(COUPONS, 'coupons')).toBe(0);
    for (const auth of [c.visitor, c.memberA.auth, keys.catalog]) {
      expect((await call(srv.url, 'GET', COUPONS, { auth })).status).toBe(403);
      expect((await call(srv.url, 'POST', COUPONS, { auth, body: {} })).status).toBe(403);
    }
  });
});
