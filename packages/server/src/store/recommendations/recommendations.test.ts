import { beforeAll, describe, expect, it } from 'vitest';
import type { GetRecommendationResponse, ListAlgorithmsResponse, Product } from '@plaza/contracts';
import { call, violations } from '../../../test/http.js';
import { serverSuite } from '../../test/suite.js';
import { createCollection, createProduct } from '../catalog/testing.js';
import { fillCarts } from './testing.js';

const { srv, c: people } = serverSuite({ env: { PLAZA_JOB_WORKER: 'off' }, cast: true });

const GET = '/ecom/v1/recommendations/get';
const ref = (p: Product) => ({ appId: 'plaza-catalog', catalogItemId: p.id });
const recommend = (body: unknown, auth = people.visitor) =>
  call<GetRecommendationResponse>(srv.url, 'POST', GET, { auth, body });
const names = (res: { body: GetRecommendationResponse }) => res.body.recommendation.items.map((i) => i.product.name);

describe('GET /ecom/v1/recommendations/algorithms', () => {
  it('lists RELATED_ITEMS and GLOBAL with names and descriptions, for any caller with a token or key', async () => {
    for (const auth of [people.visitor, people.memberA.auth, people.owner, people.apiKey]) {
      const res = await call<ListAlgorithmsResponse>(srv.url, 'GET', '/ecom/v1/recommendations/algorithms', { auth });
      expect(res.status).toBe(200);
      expect(res.body.availableAlgorithms.map((a) => a.algorithmInfo.algorithmType)).toEqual([
        'RELATED_ITEMS',
        'GLOBAL',
      ]);
      for (const a of res.body.availableAlgorithms) {
        expect(a.algorithmInfo.name).not.toBe('');
        expect(a.algorithmInfo.description).not.toBe('');
        expect(a.catalogAppIds).toEqual(['plaza-catalog']);
      }
    }
    expect((await call(srv.url, 'GET', '/ecom/v1/recommendations/algorithms')).status).toBe(401);
  });
});

describe('POST /ecom/v1/recommendations/get', () => {
  // A small shop: a tea collection, carts that pair the teapot with cups and (less often) with a tray.
  let teapot: Product, cups: Product, tray: Product, hiddenCups: Product, soldOut: Product;
  let scarf: Product, hat: Product;
  beforeAll(async () => {
    const tea = await createCollection(srv, people.owner, 'Tea things');
    const add = (name: string, extra: Record<string, unknown> = {}) =>
      createProduct(srv, people.owner, { name, collectionIds: [tea.id], ...extra });
    teapot = await add('Teapot');
    cups = await add('Cups');
    tray = await add('Tray');
    await add('Kettle');
    hiddenCups = await add('Hidden cups');
    soldOut = await add('Sold-out saucers');
    scarf = await createProduct(srv, people.owner, { name: 'Scarf' });
    hat = await createProduct(srv, people.owner, { name: 'Hat' });
    await fillCarts(srv, [
      [teapot, cups],
      [teapot, cups, hiddenCups],
      [teapot, cups, soldOut],
      [teapot, tray],
      [teapot],
      [scarf, hat],
      [scarf, hat],
      [scarf, hat],
      [scarf, hat],
      [scarf],
    ]);
    // Carted while on sale, then hidden and sold out: never recommended from now on.
    const hide = await call(srv.url, 'PATCH', `/catalog/v1/products/${hiddenCups.id}`, {
      auth: people.owner,
      body: { product: { visible: false }, fieldMask: { paths: ['visible'] } },
    });
    expect(hide.status).toBe(200);
    const sell = await call(srv.url, 'POST', `/catalog/v1/products/${soldOut.id}/adjust-inventory`, {
      auth: people.owner,
      body: { inStock: false },
    });
    expect(sell.status).toBe(200);
  }, 120_000);

  it('RELATED_ITEMS: the same collection (most shared carts first); never the input, hidden or out-of-stock items', async () => {
    const res = await recommend({ algorithms: [{ algorithmId: 'RELATED_ITEMS' }], items: [ref(teapot)] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(names(res)).toEqual(['Cups', 'Tray', 'Kettle']);
    expect(res.body.recommendation.items.every((i) => i.algorithmId === 'RELATED_ITEMS')).toBe(true);
    expect(res.body.recommendation.algorithms).toEqual([{ appId: 'plaza-catalog', algorithmId: 'RELATED_ITEMS' }]);
    const [first] = res.body.recommendation.items;
    expect(first!.catalogReference).toEqual(ref(cups));
    expect(first!.product).toMatchObject({
      id: cups.id,
      slug: cups.slug,
      price: { amount: '19.99', formattedAmount: '$19.99' },
    });
  });

  it('GLOBAL: best sellers (most carts), the given items left out', async () => {
    const res = await recommend({ algorithms: [{ algorithmId: 'GLOBAL' }], items: [ref(scarf)] });
    expect(names(res).slice(0, 3)).toEqual(['Teapot', 'Hat', 'Cups']);
    expect(names(res)).not.toContain('Scarf');
    expect(names(res)).not.toContain('Hidden cups');
    expect(names(res)).not.toContain('Sold-out saucers');
    expect(res.body.recommendation.items.every((i) => i.algorithmId === 'GLOBAL')).toBe(true);
  });

  it('fills up from GLOBAL to the minimum, naming which algorithm chose each item', async () => {
    const res = await recommend({
      algorithms: [{ algorithmId: 'RELATED_ITEMS' }],
      items: [ref(scarf)],
      minimumRecommendedItems: 4,
    });
    expect(res.body.recommendation.items.map((i) => [i.product.name, i.algorithmId])).toEqual([
      ['Hat', 'RELATED_ITEMS'],
      ['Teapot', 'GLOBAL'],
      ['Cups', 'GLOBAL'],
      ['Tray', 'GLOBAL'],
    ]);
    expect(res.body.recommendation.algorithms.map((a) => a.algorithmId)).toEqual(['RELATED_ITEMS', 'GLOBAL']);
  });

  it('notices a product hidden or sold out after it was ranked', async () => {
    const body = { algorithms: [{ algorithmId: 'RELATED_ITEMS' }], items: [ref(teapot)] };
    expect(names(await recommend(body))).toContain('Tray');
    const res = await call(srv.url, 'POST', `/catalog/v1/products/${tray.id}/adjust-inventory`, {
      auth: people.owner,
      body: { inStock: false },
    });
    expect(res.status).toBe(200);
    expect(names(await recommend(body))).not.toContain('Tray');
    await call(srv.url, 'POST', `/catalog/v1/products/${tray.id}/adjust-inventory`, {
      auth: people.owner,
      body: { inStock: true },
    });
  });

  it('counts a checkout made from a cart as that same cart (one basket, not two)', async () => {
    const w = await createProduct(srv, people.owner, { name: 'Whisk' });
    const z = await createProduct(srv, people.owner, { name: 'Zester' });
    const x = await createProduct(srv, people.owner, { name: 'Xtra bowl' });
    const visitor = `Bearer ${await srv.visitorToken()}`;
    const line = (p: Product) => ({ catalogReference: ref(p), quantity: 1 });
    const added = await call(srv.url, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      auth: visitor,
      body: { lineItems: [line(w), line(x)] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const made = await call(srv.url, 'POST', '/ecom/v1/carts/current/create-checkout', { auth: visitor, body: {} });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await fillCarts(srv, [
      [w, z],
      [w, z],
    ]);
    // Zester shares two baskets with the whisk, the bowl one (had the checkout counted apart, the newer bowl would lead).
    const res = await recommend({ algorithms: [{ algorithmId: 'RELATED_ITEMS' }], items: [ref(w)] });
    expect(names(res)).toEqual(['Zester', 'Xtra bowl']);
  });

  it('RELATED_ITEMS prefers the same collection over items merely bought together', async () => {
    const apparel = await createCollection(srv, people.owner, 'Apparel');
    const kitchen = await createCollection(srv, people.owner, 'Kitchen');
    const hoodie = await createProduct(srv, people.owner, { name: 'Hoodie', collectionIds: [apparel.id] });
    const socks = await createProduct(srv, people.owner, { name: 'Socks', collectionIds: [apparel.id] });
    const mug = await createProduct(srv, people.owner, { name: 'Mug', collectionIds: [kitchen.id] });
    await fillCarts(srv, [
      [hoodie, mug],
      [hoodie, mug],
      [hoodie, mug],
      [hoodie, socks],
    ]);
    const res = await recommend({ algorithms: [{ algorithmId: 'RELATED_ITEMS' }], items: [ref(hoodie)] });
    expect(names(res)).toEqual(['Socks', 'Mug']);
  });

  it('answers ten parallel asks the same', async () => {
    const body = { algorithms: [{ algorithmId: 'RELATED_ITEMS' }, { algorithmId: 'GLOBAL' }], items: [ref(teapot)] };
    const all = await Promise.all(Array.from({ length: 10 }, () => recommend(body)));
    expect(new Set(all.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(all[0]!.body.recommendation.items.length).toBeLessThanOrEqual(12);
  });

  it('checks its input', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{ algorithms: [{ algorithmId: 'RELATED_ITEMS' }] }, ['items:REQUIRED_FIELD']],
      [{ algorithms: [] }, ['algorithms:MIN_SIZE']],
      [{ algorithms: [{ algorithmId: 'TRENDING' }] }, ['algorithms[0].algorithmId:INVALID_ENUM_VALUE']],
      [
        { algorithms: [{ algorithmId: 'GLOBAL' }], items: [{ appId: 'other', catalogItemId: teapot.id }] },
        ['items[0].appId:VALIDATION'],
      ],
      [
        { algorithms: [{ algorithmId: 'GLOBAL' }], items: [{ appId: 'plaza-catalog', catalogItemId: 'x' }] },
        ['items[0].catalogItemId:FORMAT'],
      ],
      [{ algorithms: [{ algorithmId: 'GLOBAL' }], minimumRecommendedItems: 51 }, ['minimumRecommendedItems:MAX']],
    ];
    for (const [body, expected] of cases) {
      const res = await recommend(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(violations(res.body)).toEqual(expected);
    }
    expect((await call(srv.url, 'POST', GET, { body: { algorithms: [{ algorithmId: 'GLOBAL' }] } })).status).toBe(401);
  });
});
