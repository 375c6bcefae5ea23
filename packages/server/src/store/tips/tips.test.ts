import { beforeEach, describe, expect, it } from 'vitest';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { eventsOf } from '../catalog/testing.js';
import { computeTotals } from '../totals/engine.js';
import type { TotalsInput } from '../totals/types.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'], catalog: ['catalog'] } });

const PATH = '/ecom/v1/tip-settings';
const patch = (body: Record<string, unknown>, auth = c.owner) =>
  call<{ tipSettings: Record<string, unknown> }>(srv.url, 'PATCH', PATH, {
    auth,
    body: { tipSettings: body, fieldMask: { paths: Object.keys(body) } },
  });
const STAFF = [
  { id: 'ana', name: 'Ana', share: 2 },
  { id: 'ben', name: 'Ben', share: 1 },
  { id: 'cy', name: 'Cy' },
];
const PRESETS = [
  { id: 'p10', type: 'PERCENTAGE', value: '10' },
  { id: 'p18', type: 'PERCENTAGE', value: '18', isDefault: true },
  { id: 'five', type: 'AMOUNT', value: '5.00' },
];
beforeEach(async () => {
  const res = await patch({ enabled: true, presets: PRESETS, allowCustom: true, split: 'EQUAL', staff: STAFF });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});

const input = (tip: TotalsInput['tip']): TotalsInput => ({
  source: 'CHECKOUT',
  purchaseFlowId: '00000000-0000-7000-8000-000000000003',
  currency: 'USD',
  weightUnit: 'KG',
  lines: [
    {
      id: 'l1',
      name: 'Dinner',
      collectionIds: [],
      itemType: 'SERVICE',
      quantity: 1,
      unitPrice: 4399n,
      unitWeight: 0,
      shippable: false,
    },
  ],
  calculateShipping: false,
  calculateTax: false,
  now: new Date(),
  ...(tip ? { tip } : {}),
});
const split = (t: Awaited<ReturnType<typeof computeTotals>>) =>
  t.tipResult!.distribution.map((d) => [d.staffId, d.amount]);

describe('tip settings', () => {
  it('get (staff only for managers), masked update with its event', async () => {
    const owner = await call<{ tipSettings: Record<string, unknown> }>(srv.url, 'GET', PATH, { auth: keys.ecom });
    expect(owner.body.tipSettings).toMatchObject({ enabled: true, presets: PRESETS, split: 'EQUAL', staff: STAFF });
    const buyer = await call<{ tipSettings: Record<string, unknown> }>(srv.url, 'GET', PATH, { auth: c.visitor });
    expect(buyer.status).toBe(200);
    expect(buyer.body.tipSettings).toMatchObject({ enabled: true, presets: PRESETS, staff: [] });
    const res = await patch({ split: 'PROPORTIONAL' }, keys.ecom);
    expect(res.body.tipSettings).toMatchObject({ split: 'PROPORTIONAL', presets: PRESETS, allowCustom: true });
    expect(await eventsOf(srv, 'tip-settings')).toContain('ecom.tip_settings.updated');
  });

  it('bad input names the field and rule and changes nothing; wrong callers are refused', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ presets: [PRESETS[0], PRESETS[0]] }, 'tipSettings.presets[1].id:VALIDATION'],
      [{ presets: [{ id: 'x', type: 'PERCENTAGE', value: '150' }] }, 'tipSettings.presets[0].value:DECIMAL_LTE'],
      [{ presets: [{ id: 'x', type: 'AMOUNT', value: '1.005' }] }, 'tipSettings.presets[0].value:DECIMAL_MAX_SCALE'],
      [{ presets: PRESETS.map((p) => ({ ...p, isDefault: true })) }, 'tipSettings.presets:VALIDATION'],
      [{ staff: [STAFF[0], STAFF[0]] }, 'tipSettings.staff[1].id:VALIDATION'],
      [{ split: 'RANDOM' }, 'tipSettings.split:INVALID_ENUM_VALUE'],
    ];
    for (const [body, expected] of cases) {
      const res = await patch(body);
      expect(res.status, expected).toBe(400);
      expect(violations(res.body).map((v) => v.replace(/\/(\d+)/g, '[$1]').replace(/\//g, '.'))).toContain(expected);
    }
    for (const auth of [c.visitor, c.memberA.auth, c.contributor.auth, keys.catalog]) {
      expect((await patch({ enabled: false }, auth)).status).toBe(403);
    }
    expect((await call(srv.url, 'GET', PATH)).status).toBe(401);
    const after = await call<{ tipSettings: Record<string, unknown> }>(srv.url, 'GET', PATH, { auth: c.owner });
    expect(after.body.tipSettings).toMatchObject({ enabled: true, presets: PRESETS, split: 'EQUAL' });
  });
});

describe('parallel updates', () => {
  it('five masked PATCHes at once over HTTP each change their own field; none is lost', async () => {
    const patches = [
      { enabled: false },
      { allowCustom: false },
      { split: 'PROPORTIONAL' },
      { staff: [{ id: 'zoe', name: 'Zoe' }] },
      { presets: [{ id: 'p5', type: 'PERCENTAGE', value: '5' }] },
    ];
    const results = await Promise.all(patches.map((p) => patch(p)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const got = await call<{ tipSettings: Record<string, unknown> }>(srv.url, 'GET', PATH, { auth: c.owner });
    expect(got.body.tipSettings).toMatchObject(Object.assign({}, ...patches));
  });
});

describe('tipStage through computeTotals', () => {
  it('a percentage preset on the items after discounts, split equally by largest remainder', async () => {
    // 18% of 43.99 = 7.9182 → 7.92; 792 / 3 = 264 each.
    const t = await computeTotals(srv.ctx(), input({ presetId: 'p18', source: 'WEB' }));
    expect(t.tipResult).toMatchObject({ amount: 792n, presetId: 'p18', percentage: 18, source: 'WEB' });
    expect(t.total).toBe(4399n + 792n);
    expect(split(t)).toEqual([
      ['ana', 264n],
      ['ben', 264n],
      ['cy', 264n],
    ]);
    // 10% = 4.399 → 4.40: 440 / 3 = 146.67 → 147, 147, 146.
    expect(split(await computeTotals(srv.ctx(), input({ presetId: 'p10', source: 'POS' })))).toEqual([
      ['ana', 147n],
      ['ben', 147n],
      ['cy', 146n],
    ]);
  });

  it('an amount preset and custom tips, split by share weights (PROPORTIONAL)', async () => {
    await patch({ split: 'PROPORTIONAL' });
    const five = await computeTotals(srv.ctx(), input({ presetId: 'five', source: 'DASHBOARD' }));
    // 500 by 2 : 1 : 1 → 250, 125, 125.
    expect(five.tipResult).toMatchObject({ amount: 500n, source: 'DASHBOARD' });
    expect(split(five)).toEqual([
      ['ana', 250n],
      ['ben', 125n],
      ['cy', 125n],
    ]);
    // Custom 7.01 by 2 : 1 : 1 → 350.5, 175.25, 175.25 → 351, 175, 175.
    const custom = await computeTotals(srv.ctx(), input({ amount: 701n, source: 'WEB' }));
    expect(custom.tip).toBe(701n);
    expect(split(custom)).toEqual([
      ['ana', 351n],
      ['ben', 175n],
      ['cy', 175n],
    ]);
    const pct = await computeTotals(srv.ctx(), input({ percentage: 12.5, source: 'WEB' }));
    expect(pct.tipResult).toMatchObject({ amount: 550n, percentage: 12.5 }); // 5.49875 → 5.50
  });

  it('refused tips add nothing and say why: custom not allowed, unknown preset, tips off', async () => {
    await patch({ allowCustom: false });
    const refusal = (description: string) => [{ severity: 'ERROR', target: { other: { name: 'tip' } }, description }];
    const custom = await computeTotals(srv.ctx(), input({ amount: 300n, source: 'WEB' }));
    expect(custom.tip).toBe(0n);
    expect(custom.total).toBe(4399n);
    expect(custom.violations).toEqual(refusal('Choose one of the offered tips; a custom tip is not accepted'));
    const preset = await computeTotals(srv.ctx(), input({ presetId: 'p10', source: 'WEB' }));
    expect(preset.tip).toBe(440n); // presets still work
    const unknown = await computeTotals(srv.ctx(), input({ presetId: 'gone', source: 'WEB' }));
    expect(unknown.violations).toEqual(refusal('This tip option is no longer offered'));
    await patch({ enabled: false });
    const off = await computeTotals(srv.ctx(), input({ presetId: 'p10', source: 'WEB' }));
    expect(off.tip).toBe(0n);
    expect(off.violations).toEqual(refusal('Tips are not accepted'));
    const none = await computeTotals(srv.ctx(), input(undefined));
    expect(none.tipResult).toBeUndefined();
    expect(none.violations).toEqual([]);
  });
});
