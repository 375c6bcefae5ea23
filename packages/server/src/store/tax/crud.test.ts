import { beforeEach, describe, expect, it } from 'vitest';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, normPath, violations } from '../../../test/http.js';
import { eventsOf } from '../catalog/testing.js';
import { clearTax, TAX } from './testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'], catalog: ['catalog'] } });

beforeEach(() => clearTax(srv, c.owner));

const ca = {
  country: 'US',
  subdivision: 'US-CA',
  jurisdictions: [{ name: 'California', type: 'STATE', rate: '0.06' }],
};

describe('tax settings', () => {
  it('defaults, a masked update (ecom key) with its event, clearing the business address', async () => {
    const got = await call<{ taxSettings: Record<string, unknown> }>(srv.url, 'GET', TAX.settings, { auth: c.owner });
    expect(got.body.taxSettings).toMatchObject({
      taxIncludedInPrices: false,
      calculationMode: 'MANUAL',
      taxableAddressType: 'SHIPPING',
    });
    const upd = await call<{ taxSettings: Record<string, unknown> }>(srv.url, 'PATCH', TAX.settings, {
      auth: keys.ecom,
      body: {
        taxSettings: { taxIncludedInPrices: true, businessAddress: { country: 'DE', city: 'Berlin' } },
        fieldMask: { paths: ['taxIncludedInPrices', 'businessAddress'] },
      },
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.taxSettings).toMatchObject({
      taxIncludedInPrices: true,
      calculationMode: 'MANUAL',
      businessAddress: { country: 'DE', city: 'Berlin' },
    });
    const cleared = await call<{ taxSettings: Record<string, unknown> }>(srv.url, 'PATCH', TAX.settings, {
      auth: c.owner,
      body: { taxSettings: { businessAddress: null }, fieldMask: { paths: ['businessAddress'] } },
    });
    expect(cleared.body.taxSettings.businessAddress).toBeUndefined();
    expect(cleared.body.taxSettings.taxIncludedInPrices).toBe(true);
    expect(await eventsOf(srv, 'tax-settings')).toContain('ecom.tax_settings.updated');
  });

  it('bad input names the field and rule; wrong callers get 401/403', async () => {
    const bad = await call(srv.url, 'PATCH', TAX.settings, {
      auth: c.owner,
      body: { taxSettings: { calculationMode: 'SOMETIMES' }, fieldMask: { paths: ['calculationMode'] } },
    });
    expect(bad.status).toBe(400);
    expect(violations(bad.body).map(normPath)).toContain('taxSettings.calculationMode:INVALID_ENUM_VALUE');
    const missing = await call(srv.url, 'PATCH', TAX.settings, {
      auth: c.owner,
      body: { taxSettings: {}, fieldMask: { paths: ['taxableAddressType'] } },
    });
    expect(violations(missing.body)).toEqual(['taxSettings.taxableAddressType:REQUIRED_FIELD']);
    expect((await call(srv.url, 'GET', TAX.settings)).status).toBe(401);
    for (const auth of [c.visitor, c.memberA.auth, c.contributor.auth, keys.catalog]) {
      expect((await call(srv.url, 'GET', TAX.settings, { auth })).status).toBe(403);
      const res = await call(srv.url, 'PATCH', TAX.settings, {
        auth,
        body: { taxSettings: { taxIncludedInPrices: true }, fieldMask: { paths: ['taxIncludedInPrices'] } },
      });
      expect(res.status).toBe(403);
    }
    const after = await call<{ taxSettings: { taxIncludedInPrices: boolean } }>(srv.url, 'GET', TAX.settings, {
      auth: c.owner,
    });
    expect(after.body.taxSettings.taxIncludedInPrices).toBe(false);
  });
});

describe('tax groups', () => {
  it('create, get, list, update, delete with events; one default at a time', async () => {
    const books = await call<{ taxGroup: { id: string; isDefault: boolean } }>(srv.url, 'POST', TAX.groups, {
      auth: keys.ecom,
      body: { taxGroup: { name: 'Books', isDefault: true } },
    });
    expect(books.status).toBe(200);
    const clothing = await call<{ taxGroup: { id: string } }>(srv.url, 'POST', TAX.groups, {
      auth: c.owner,
      body: { taxGroup: { name: 'Clothing', isDefault: true } },
    });
    const list = await call<{ taxGroups: Array<{ name: string; isDefault: boolean }> }>(srv.url, 'GET', TAX.groups, {
      auth: c.owner,
    });
    expect(list.body.taxGroups.map((g) => [g.name, g.isDefault])).toEqual([
      ['Books', false],
      ['Clothing', true],
    ]);
    const id = books.body.taxGroup.id;
    const upd = await call<{ taxGroup: { name: string } }>(srv.url, 'PATCH', `${TAX.groups}/${id}`, {
      auth: c.owner,
      body: { taxGroup: { name: 'Books & papers' }, fieldMask: { paths: ['name'] } },
    });
    expect(upd.body.taxGroup.name).toBe('Books & papers');
    expect((await call(srv.url, 'GET', `${TAX.groups}/${id}`, { auth: keys.ecom })).body).toMatchObject({
      taxGroup: { name: 'Books & papers' },
    });
    expect((await call(srv.url, 'DELETE', `${TAX.groups}/${id}`, { auth: c.owner })).status).toBe(200);
    expect((await call(srv.url, 'GET', `${TAX.groups}/${id}`, { auth: c.owner })).status).toBe(404);
    expect((await call(srv.url, 'DELETE', `${TAX.groups}/${id}`, { auth: c.owner })).status).toBe(404);
    expect(await eventsOf(srv, id)).toEqual([
      'ecom.tax_group.created',
      'ecom.tax_group.updated', // unmarked as default by Clothing
      'ecom.tax_group.updated',
      'ecom.tax_group.deleted',
    ]);
    expect(await eventsOf(srv, clothing.body.taxGroup.id)).toEqual(['ecom.tax_group.created']);
  });

  it('five groups made default at once over HTTP: exactly one stays default', async () => {
    const results = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map((name) =>
        call(srv.url, 'POST', TAX.groups, { auth: c.owner, body: { taxGroup: { name, isDefault: true } } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const list = await call<{ taxGroups: Array<{ isDefault: boolean }> }>(srv.url, 'GET', TAX.groups, {
      auth: c.owner,
    });
    expect(list.body.taxGroups.filter((g) => g.isDefault)).toHaveLength(1);
  });

  it('bad input and wrong callers', async () => {
    const bad = await call(srv.url, 'POST', TAX.groups, { auth: c.owner, body: { taxGroup: { name: '' } } });
    expect(bad.status).toBe(400);
    expect(violations(bad.body).map(normPath)).toEqual(['taxGroup.name:MIN_LENGTH']);
    for (const auth of [c.visitor, c.memberA.auth, keys.catalog]) {
      expect((await call(srv.url, 'POST', TAX.groups, { auth, body: { taxGroup: { name: 'X' } } })).status).toBe(403);
      expect((await call(srv.url, 'GET', TAX.groups, { auth })).status).toBe(403);
    }
    expect((await call(srv.url, 'GET', TAX.groups, { auth: c.owner })).body).toEqual({ taxGroups: [] });
  });
});

describe('tax regions', () => {
  it('create, get, list, update with a mask (null clears), delete, with events', async () => {
    const res = await call<{ taxRegion: Record<string, unknown> & { id: string } }>(srv.url, 'POST', TAX.regions, {
      auth: keys.ecom,
      body: { taxRegion: { ...ca, taxShipping: true, calculationOverride: 'MANUAL', fallbackRate: '0.07' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.taxRegion;
    expect(r).toMatchObject({
      ...ca,
      groupOverrides: [],
      taxShipping: true,
      taxFees: false,
      calculationOverride: 'MANUAL',
      fallbackRate: '0.07',
    });
    expect((await call(srv.url, 'GET', `${TAX.regions}/${r.id}`, { auth: c.owner })).body).toEqual({ taxRegion: r });
    const upd = await call<{ taxRegion: Record<string, unknown> }>(srv.url, 'PATCH', `${TAX.regions}/${r.id}`, {
      auth: c.owner,
      body: {
        taxRegion: { calculationOverride: null, taxFees: true },
        fieldMask: { paths: ['calculationOverride', 'taxFees'] },
      },
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.taxRegion).toMatchObject({ taxFees: true, taxShipping: true, subdivision: 'US-CA' });
    expect(upd.body.taxRegion.calculationOverride).toBeUndefined();
    const list = await call<{ taxRegions: unknown[] }>(srv.url, 'GET', TAX.regions, { auth: keys.ecom });
    expect(list.body.taxRegions).toHaveLength(1);
    expect((await call(srv.url, 'DELETE', `${TAX.regions}/${r.id}`, { auth: c.owner })).status).toBe(200);
    expect(await eventsOf(srv, r.id)).toEqual([
      'ecom.tax_region.created',
      'ecom.tax_region.updated',
      'ecom.tax_region.deleted',
    ]);
  });

  it('one region per place (409), subdivision of another country, unknown group, rate xor exempt', async () => {
    expect((await call(srv.url, 'POST', TAX.regions, { auth: c.owner, body: { taxRegion: ca } })).status).toBe(200);
    const again = await call(srv.url, 'POST', TAX.regions, { auth: c.owner, body: { taxRegion: ca } });
    expect(again.status).toBe(409);
    expect(appCode(again.body)).toBe('TAX_REGION_ALREADY_EXISTS');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...ca, subdivision: 'CA-ON' }, 'taxRegion.subdivision:VALIDATION'],
      [{ ...ca, country: 'us' }, 'taxRegion.country:FORMAT'],
      [{ ...ca, jurisdictions: [{ name: 'X', type: 'STATE', rate: '7.25' }] }, 'taxRegion.jurisdictions.0.rate:FORMAT'],
      [
        { ...ca, jurisdictions: [{ name: 'X', type: 'PLANET', rate: '0.1' }] },
        'taxRegion.jurisdictions.0.type:INVALID_ENUM_VALUE',
      ],
      [
        {
          ...ca,
          subdivision: 'US-NY',
          groupOverrides: [{ taxGroupId: '00000000-0000-7000-8000-000000000009', rate: '0.05' }],
        },
        'taxRegion.groupOverrides.0.taxGroupId:VALIDATION',
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await call(srv.url, 'POST', TAX.regions, { auth: c.owner, body: { taxRegion: body } });
      expect(res.status, expected).toBe(400);
      expect(violations(res.body).map(normPath)).toContain(expected);
    }
    const g = await call<{ taxGroup: { id: string } }>(srv.url, 'POST', TAX.groups, {
      auth: c.owner,
      body: { taxGroup: { name: 'Food' } },
    });
    const both = await call(srv.url, 'POST', TAX.regions, {
      auth: c.owner,
      body: {
        taxRegion: {
          ...ca,
          subdivision: 'US-NY',
          groupOverrides: [{ taxGroupId: g.body.taxGroup.id, rate: '0', exempt: true }],
        },
      },
    });
    expect(violations(both.body).map(normPath)).toEqual(['taxRegion.groupOverrides.0:ONE_OF_ALIGNMENT']);
    const list = await call<{ taxRegions: unknown[] }>(srv.url, 'GET', TAX.regions, { auth: c.owner });
    expect(list.body.taxRegions).toHaveLength(1); // nothing half-written
  });

  it("deleting a tax group drops the regions' overrides of it (with the region's updated event)", async () => {
    const food = await call<{ taxGroup: { id: string } }>(srv.url, 'POST', TAX.groups, {
      auth: c.owner,
      body: { taxGroup: { name: 'Food' } },
    });
    const books = await call<{ taxGroup: { id: string } }>(srv.url, 'POST', TAX.groups, {
      auth: c.owner,
      body: { taxGroup: { name: 'Books' } },
    });
    const overrides = [
      { taxGroupId: food.body.taxGroup.id, exempt: true },
      { taxGroupId: books.body.taxGroup.id, rate: '0.05' },
    ];
    const r = await call<{ taxRegion: { id: string } }>(srv.url, 'POST', TAX.regions, {
      auth: c.owner,
      body: { taxRegion: { ...ca, groupOverrides: overrides } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await call(srv.url, 'DELETE', `${TAX.groups}/${food.body.taxGroup.id}`, { auth: c.owner });
    const got = await call<{ taxRegion: { groupOverrides: unknown[] } }>(
      srv.url,
      'GET',
      `${TAX.regions}/${r.body.taxRegion.id}`,
      { auth: c.owner },
    );
    expect(got.body.taxRegion.groupOverrides).toEqual([overrides[1]]);
    expect(await eventsOf(srv, r.body.taxRegion.id)).toEqual(['ecom.tax_region.created', 'ecom.tax_region.updated']);
  });

  it('the same place created five times at once over HTTP: exactly one region, four 409s', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(srv.url, 'POST', TAX.regions, { auth: c.owner, body: { taxRegion: ca } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const list = await call<{ taxRegions: unknown[] }>(srv.url, 'GET', TAX.regions, { auth: c.owner });
    expect(list.body.taxRegions).toHaveLength(1);
  });

  it('/openapi.json documents every tax route with a summary', async () => {
    const doc = await call<{ paths: Record<string, Record<string, { summary?: string }>> }>(
      srv.url,
      'GET',
      '/openapi.json',
    );
    const routes = Object.entries(doc.body.paths)
      .filter(([p]) => p.startsWith('/ecom/v1/tax-'))
      .flatMap(([, ops]) => Object.values(ops));
    expect(routes).toHaveLength(12);
    for (const op of routes) expect(op.summary).toBeTruthy();
  });

  it('wrong callers: 401 without a token, 403 for visitors, members, contributors and other keys', async () => {
    expect((await call(srv.url, 'GET', TAX.regions)).status).toBe(401);
    for (const auth of [c.visitor, c.memberA.auth, c.contributor.auth, keys.catalog]) {
      expect((await call(srv.url, 'GET', TAX.regions, { auth })).status).toBe(403);
      expect((await call(srv.url, 'POST', TAX.regions, { auth, body: { taxRegion: ca } })).status).toBe(403);
    }
  });
});
