import { beforeEach, describe, expect, it } from 'vitest';
import { serverSuite } from '../../test/suite.js';
import { call, normPath, violations } from '../../../test/http.js';
import { createProduct, eventsOf } from '../catalog/testing.js';
import { clearAll, create, PATHS } from './testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'], catalog: ['catalog'] } });

beforeEach(() => clearAll(srv, c.owner));

const count = async () =>
  ((await call<{ additionalFees: unknown[] }>(srv.url, 'GET', PATHS.fees, { auth: c.owner })).body.additionalFees ?? [])
    .length;

describe('additional fee settings', () => {
  it('FIXED and PERCENTAGE; per-product fees name existing products; events', async () => {
    const product = await createProduct(srv, keys.catalog);
    const fixed = await create(srv, c.owner, PATHS.fees, 'additionalFee', {
      name: 'Handling',
      type: 'HANDLING_FEE',
      surcharge: { type: 'FIXED', amount: { amount: '2.00' } },
      chargeBasis: 'PER_ITEM',
      catalogItemIds: [product.id],
      taxable: true,
    });
    expect(fixed).toMatchObject({
      surcharge: { type: 'FIXED', amount: { amount: '2.00' } },
      chargeBasis: 'PER_ITEM',
      taxable: true,
      enabled: true,
    });
    const pct = await create(srv, keys.ecom, PATHS.fees, 'additionalFee', {
      name: 'Insurance',
      type: 'INSURANCE',
      surcharge: { type: 'PERCENTAGE', percentage: 1.5 },
    });
    expect(pct).toMatchObject({
      chargeBasis: 'PER_ORDER',
      catalogItemIds: [],
      taxable: false,
      surcharge: { percentage: 1.5 },
    });
    const off = await call<{ additionalFee: { enabled: boolean } }>(srv.url, 'PATCH', `${PATHS.fees}/${pct.id}`, {
      auth: c.owner,
      body: { additionalFee: { enabled: false }, fieldMask: { paths: ['enabled'] } },
    });
    expect(off.body.additionalFee.enabled).toBe(false);
    await call(srv.url, 'DELETE', `${PATHS.fees}/${pct.id}`, { auth: c.owner });
    expect(await eventsOf(srv, pct.id)).toEqual([
      'ecom.additional_fee.created',
      'ecom.additional_fee.updated',
      'ecom.additional_fee.deleted',
    ]);
  });

  it.each([
    [{ surcharge: { type: 'FIXED' } }, 'additionalFee.surcharge.amount:REQUIRED_FIELD'],
    [
      { surcharge: { type: 'FIXED', amount: { amount: '1' }, percentage: 5 } },
      'additionalFee.surcharge.percentage:FIELD_NOT_ALLOWED',
    ],
    [{ surcharge: { type: 'PERCENTAGE' } }, 'additionalFee.surcharge.percentage:REQUIRED_FIELD'],
    [{ surcharge: { type: 'PERCENTAGE', percentage: 150 } }, 'additionalFee.surcharge.percentage:MAX'],
    [{ type: 'TIP' }, 'additionalFee.type:INVALID_ENUM_VALUE'],
    [
      {
        surcharge: { type: 'FIXED', amount: { amount: '1' } },
        catalogItemIds: ['0190a3b2-0000-7000-8000-000000000000'],
      },
      'additionalFee.catalogItemIds[0]:VALIDATION',
    ],
  ])('bad input %j → %s, nothing written', async (body, expected) => {
    const res = await call(srv.url, 'POST', PATHS.fees, {
      auth: c.owner,
      body: {
        additionalFee: {
          name: 'Fee',
          type: 'HANDLING_FEE',
          surcharge: { type: 'FIXED', amount: { amount: '1' } },
          ...body,
        },
      },
    });
    expect(res.status).toBe(400);
    expect(violations(res.body).map(normPath)).toContain(normPath(expected));
    expect(await count()).toBe(0);
  });

  it('wrong callers', async () => {
    expect((await call(srv.url, 'GET', PATHS.fees, {})).status).toBe(401);
    expect((await call(srv.url, 'GET', PATHS.fees, { auth: c.visitor })).status).toBe(403);
    expect((await call(srv.url, 'GET', PATHS.fees, { auth: keys.catalog })).status).toBe(403);
  });
});
