/** A product names its tax group: its lines are taxed as that group (a region's override), never the default. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EstimateTotalsResponse, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { addToCart, CART } from '../cart/testing.js';
import { post, TAX } from '../tax/testing.js';
import { createProduct, productCount } from './testing.js';

const { srv, c } = serverSuite({ cast: true });
let food: { id: string };

beforeAll(async () => {
  await post(srv, c.owner, TAX.groups, 'taxGroup', { name: 'Standard', isDefault: true });
  food = await post(srv, c.owner, TAX.groups, 'taxGroup', { name: 'Food' });
  await post(srv, c.owner, TAX.regions, 'taxRegion', {
    country: 'US',
    subdivision: 'US-CA',
    jurisdictions: [{ name: 'California', type: 'STATE', rate: '0.10' }],
    groupOverrides: [{ taxGroupId: food.id, rate: '0.02' }],
  });
}, 90_000);

const estimate = async (auth: string) => {
  const res = await call<EstimateTotalsResponse>(srv.url, 'POST', `${CART}/estimate-totals`, {
    auth,
    body: { shippingAddress: { country: 'US', subdivision: 'US-CA' }, calculateTax: true, calculateShipping: false },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('product tax group', () => {
  it("taxes a product's lines as its group: 2% on the bread, 10% on the mug", async () => {
    const bread: Product = await createProduct(srv, c.owner, { price: { amount: '10.00' }, taxGroupId: food.id });
    const mug: Product = await createProduct(srv, c.owner, { price: { amount: '10.00' } });
    expect(bread.taxGroupId).toBe(food.id);
    expect(mug.taxGroupId).toBeUndefined();
    const v = `Bearer ${await srv.visitorToken()}`;
    const cart = await addToCart(srv, v, [
      { catalogReference: { appId: 'plaza-catalog', catalogItemId: bread.id }, quantity: 1 },
      { catalogReference: { appId: 'plaza-catalog', catalogItemId: mug.id }, quantity: 1 },
    ]);
    expect(cart.lineItems.find((l) => l.productName === bread.name)?.taxGroupId).toBe(food.id);
    const totals = await estimate(v);
    expect(totals.priceSummary.tax?.amount).toBe('1.20');
  });

  it('refuses a tax group that does not exist, writing nothing', async () => {
    const before = await productCount(srv);
    const res = await call(srv.url, 'POST', '/catalog/v1/products', {
      auth: c.owner,
      body: {
        product: {
          name: 'Ghost',
          productType: 'PHYSICAL',
          price: { amount: '1' },
          taxGroupId: '00000000-0000-7000-8000-000000000042',
        },
      },
    });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toEqual(['product.taxGroupId:VALIDATION']);
    expect(await productCount(srv)).toBe(before);
  });

  it('clears with null, and a deleted group leaves the product on the default group', async () => {
    const group = await post(srv, c.owner, TAX.groups, 'taxGroup', { name: 'Books' });
    const p: Product = await createProduct(srv, c.owner, { taxGroupId: group.id });
    const cleared = await call<{ product: Product }>(srv.url, 'PATCH', `/catalog/v1/products/${p.id}`, {
      auth: c.owner,
      body: { product: { taxGroupId: null }, fieldMask: { paths: ['taxGroupId'] } },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.product.taxGroupId).toBeUndefined();
    const again: Product = await createProduct(srv, c.owner, { taxGroupId: group.id });
    expect((await call(srv.url, 'DELETE', `${TAX.groups}/${group.id}`, { auth: c.owner })).status).toBe(200);
    const after = await call<{ product: Product }>(srv.url, 'GET', `/catalog/v1/products/${again.id}`, {
      auth: c.owner,
    });
    expect(after.body.product.taxGroupId).toBeUndefined();
  });
});
