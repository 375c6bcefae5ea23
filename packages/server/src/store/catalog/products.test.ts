import { describe, expect, it } from 'vitest';
import type { Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import {
  createCollection,
  createProduct,
  eventsOf,
  productBody,
  productCount,
  setCurrency,
  uniqueName,
} from './testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { catalog: ['catalog'], other: ['members', 'reviews'] } });

const get = (path: string, auth: string) => call<{ product: Product }>(srv.url, 'GET', path, { auth });

describe('create and read', () => {
  it('creates a full product with derived slug, media, weight, subscription and deposit, readable by id and slug', async () => {
    const name = uniqueName('Linen Shirt');
    const p = await createProduct(srv, c.owner, {
      name,
      description: [{ type: 'PARAGRAPH', nodes: [{ type: 'TEXT', text: 'Soft flax' }] }],
      media: [{ url: 'https://example.com/shirt.png', altText: 'A shirt' }],
      compareAtPrice: { amount: '25.00' },
      sku: 'SHIRT-1',
      weight: { value: 0.3, unit: 'KG' },
      subscriptionOptions: {
        allowOneTimePurchases: true,
        options: [{ frequency: 'MONTH', interval: 1, discountPercent: 10 }],
      },
      deposit: { amount: '5.00' },
    });
    expect(p.slug).toBe(name.toLowerCase().replace(/\s+/g, '-'));
    expect(p.price).toEqual({ amount: '19.99', formattedAmount: '$19.99' });
    expect(p.compareAtPrice?.amount).toBe('25.00');
    expect(p.deposit?.amount).toBe('5.00');
    expect(p.weight).toEqual({ value: 0.3, unit: 'KG' });
    expect(p.inventory).toEqual({ trackQuantity: false, inStock: true });
    expect(p.subscriptionOptions?.options[0]?.frequency).toBe('MONTH');
    expect((await get(`/catalog/v1/products/${p.id}`, c.visitor)).body.product).toEqual(p);
    expect((await get(`/catalog/v1/products/slug/${p.slug}`, c.memberA.auth)).body.product.id).toBe(p.id);
    expect(await eventsOf(srv, p.id)).toEqual(['catalog.product.created']);
  });

  it('a catalog API key creates; a derived slug that is taken gets a suffix', async () => {
    const name = uniqueName('Mug');
    const a = await createProduct(srv, keys.catalog, { name });
    const b = await createProduct(srv, keys.catalog, { name });
    expect(b.slug).toBe(`${a.slug}-2`);
  });

  it('a chosen slug already in use is 409 SLUG_ALREADY_EXISTS, nothing written', async () => {
    const a = await createProduct(srv, c.owner);
    const before = await productCount(srv);
    const res = await call(srv.url, 'POST', '/catalog/v1/products', {
      auth: c.owner,
      body: { product: productBody({ slug: a.slug }) },
    });
    expect(res.status).toBe(409);
    expect(appCode(res.body)).toBe('SLUG_ALREADY_EXISTS');
    expect(await productCount(srv)).toBe(before);
  });

  it.each([
    [{ price: { amount: '19.999' } }, 'product.price.amount:DECIMAL_MAX_SCALE'],
    [{ price: { amount: '-1' } }, 'product.price.amount:FORMAT'],
    [{ productType: 'FOOD' }, 'product.productType:INVALID_ENUM_VALUE'],
    [{ media: [{ url: 'http://example.com/a.png' }] }, 'product.media[0].url:FORMAT'],
    [{ inventory: { trackQuantity: true } }, 'product.inventory.quantity:REQUIRED_FIELD'],
    [{ deposit: { amount: '30.00' } }, 'product.deposit.amount:DECIMAL_LT'],
    [{ collectionIds: ['0190b6a8-0000-7000-8000-000000000000'] }, 'product.collectionIds[0]:VALIDATION'],
    [
      { options: [{ name: 'Size', choices: ['S'] }], variants: [{ choices: { Size: 'XL' } }] },
      'product.variants[0].choices:INVALID_ENUM_VALUE',
    ],
    [{ variants: [{ choices: { Size: 'S' } }] }, 'product.options:REQUIRED_FIELD'],
  ])('bad input %j → 400 naming the field and rule, nothing written', async (extra, expected) => {
    const before = await productCount(srv);
    const res = await call(srv.url, 'POST', '/catalog/v1/products', {
      auth: c.owner,
      body: { product: productBody(extra) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(violations(res.body)).toContain(expected);
    expect(await productCount(srv)).toBe(before);
  });

  it('visitors, members, contributors and API keys without catalog cannot write (403); no token is 401', async () => {
    for (const auth of [c.visitor, c.memberA.auth, c.contributor.auth, keys.other]) {
      const res = await call(srv.url, 'POST', '/catalog/v1/products', { auth, body: { product: productBody() } });
      expect(res.status).toBe(403);
    }
    expect((await call(srv.url, 'POST', '/catalog/v1/products', { body: { product: productBody() } })).status).toBe(
      401,
    );
    const p = await createProduct(srv, c.owner);
    for (const auth of [c.visitor, keys.other]) {
      const patch = await call(srv.url, 'PATCH', `/catalog/v1/products/${p.id}`, {
        auth,
        body: { product: { name: 'x' }, fieldMask: { paths: ['name'] } },
      });
      expect(patch.status).toBe(403);
      expect((await call(srv.url, 'DELETE', `/catalog/v1/products/${p.id}`, { auth })).status).toBe(403);
      const adj = await call(srv.url, 'POST', `/catalog/v1/products/${p.id}/adjust-inventory`, {
        auth,
        body: { inStock: false },
      });
      expect(adj.status).toBe(403);
    }
    expect((await get(`/catalog/v1/products/${p.id}`, c.visitor)).body.product.name).toBe(p.name);
  });

  it('hidden products are a 404 for visitors and members but visible to the owner and catalog keys', async () => {
    const p = await createProduct(srv, c.owner, { visible: false });
    for (const auth of [c.visitor, c.memberA.auth, keys.other]) {
      expect((await get(`/catalog/v1/products/${p.id}`, auth)).status).toBe(404);
      expect((await get(`/catalog/v1/products/slug/${p.slug}`, auth)).status).toBe(404);
    }
    expect((await get(`/catalog/v1/products/${p.id}`, c.owner)).status).toBe(200);
    expect((await get(`/catalog/v1/products/${p.id}`, keys.catalog)).status).toBe(200);
  });
});

describe('money by currency', () => {
  it.each([
    ['USD', '19.99', '$19.99'],
    ['JPY', '1000', '¥1,000'],
    ['KWD', '10.500', 'KWD'],
  ])('%s %s round-trips exactly', async (currency, amount, formatted) => {
    await setCurrency(srv, c.owner, currency);
    try {
      const p = await createProduct(srv, c.owner, { price: { amount } });
      expect(p.currency).toBe(currency);
      expect(p.price.amount).toBe(amount);
      expect(p.price.formattedAmount.replace(/\s/g, '')).toContain(formatted);
      expect((await get(`/catalog/v1/products/${p.id}`, c.visitor)).body.product.price.amount).toBe(amount);
      if (currency === 'JPY') {
        const res = await call(srv.url, 'POST', '/catalog/v1/products', {
          auth: c.owner,
          body: { product: productBody({ price: { amount: '10.5' } }) },
        });
        expect(violations(res.body)).toEqual(['product.price.amount:DECIMAL_MAX_SCALE']);
      }
    } finally {
      await setCurrency(srv, c.owner, 'USD');
    }
  });
});

describe('variants and stock', () => {
  const shirt = () => ({
    options: [
      { name: 'Size', choices: ['S', 'M'] },
      { name: 'Color', choices: ['Red'] },
    ],
    variants: [
      { choices: { Size: 'S', Color: 'Red' }, sku: 'S-R', inventory: { trackQuantity: true, quantity: 0 } },
      {
        choices: { Size: 'M', Color: 'Red' },
        price: { amount: '24.00' },
        inventory: { trackQuantity: true, quantity: 3 },
      },
    ],
  });

  it('each variant has its own price and stock; the product is in stock while one variant is', async () => {
    const p = await createProduct(srv, c.owner, shirt());
    const [s, m] = p.variants;
    expect(s!.price.amount).toBe('19.99');
    expect(s!.inventory).toEqual({ trackQuantity: true, quantity: 0, inStock: false });
    expect(m!.price.amount).toBe('24.00');
    expect(p.inventory.inStock).toBe(true);
    const out = await call<{ product: Product }>(srv.url, 'POST', `/catalog/v1/products/${p.id}/adjust-inventory`, {
      auth: c.owner,
      body: { variantId: m!.id, incrementBy: -3 },
    });
    expect(out.body.product.inventory.inStock).toBe(false);
    const under = await call(srv.url, 'POST', `/catalog/v1/products/${p.id}/adjust-inventory`, {
      auth: c.owner,
      body: { variantId: m!.id, incrementBy: -1 },
    });
    expect(violations(under.body)).toEqual(['incrementBy:MIN']);
    const noVariant = await call(srv.url, 'POST', `/catalog/v1/products/${p.id}/adjust-inventory`, {
      auth: c.owner,
      body: { setQuantity: 2 },
    });
    expect(violations(noVariant.body)).toEqual(['variantId:REQUIRED_FIELD']);
  });

  it('an update keeps variant ids while their choices stay, and variants priced like the product follow it', async () => {
    const p = await createProduct(srv, c.owner, shirt());
    const res = await call<{ product: Product }>(srv.url, 'PATCH', `/catalog/v1/products/${p.id}`, {
      auth: c.owner,
      body: { product: { price: { amount: '21.00' }, name: 'Renamed shirt' }, fieldMask: { paths: ['price', 'name'] } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const q = res.body.product;
    expect(q.variants.map((v) => v.id)).toEqual(p.variants.map((v) => v.id));
    expect(q.variants.map((v) => v.price.amount)).toEqual(['21.00', '24.00']);
    expect(q.slug).toBe(p.slug);
    expect(await eventsOf(srv, p.id)).toEqual(['catalog.product.created', 'catalog.product.updated']);
  });

  it('concurrent increments all apply (row lock)', async () => {
    const p = await createProduct(srv, c.owner, { inventory: { trackQuantity: true, quantity: 0 } });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(srv.url, 'POST', `/catalog/v1/products/${p.id}/adjust-inventory`, {
          auth: c.owner,
          body: { incrementBy: 2 },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect((await get(`/catalog/v1/products/${p.id}`, c.owner)).body.product.inventory.quantity).toBe(16);
  });

  it('adjust with none or two of the fields is a 400', async () => {
    const p = await createProduct(srv, c.owner);
    const both = await call(srv.url, 'POST', `/catalog/v1/products/${p.id}/adjust-inventory`, {
      auth: c.owner,
      body: { setQuantity: 1, inStock: true },
    });
    expect(both.status).toBe(400);
    expect(violations(both.body)[0]).toMatch(/REQUIRED_ONE_OF_FIELD/);
  });
});

describe('update and delete', () => {
  it('a slug change to one in use is 409 and leaves no event', async () => {
    const a = await createProduct(srv, c.owner);
    const b = await createProduct(srv, c.owner);
    const res = await call(srv.url, 'PATCH', `/catalog/v1/products/${b.id}`, {
      auth: c.owner,
      body: { product: { slug: a.slug }, fieldMask: { paths: ['slug'] } },
    });
    expect(res.status).toBe(409);
    expect(await eventsOf(srv, b.id)).toEqual(['catalog.product.created']);
    expect((await get(`/catalog/v1/products/${b.id}`, c.owner)).body.product.slug).toBe(b.slug);
  });

  it('an unknown mask path is a 400 naming it', async () => {
    const p = await createProduct(srv, c.owner);
    const res = await call(srv.url, 'PATCH', `/catalog/v1/products/${p.id}`, {
      auth: c.owner,
      body: { product: { name: 'x' }, fieldMask: { paths: ['currency'] } },
    });
    expect(violations(res.body)).toEqual(['fieldMask.paths[0]:FIELD_NOT_ALLOWED']);
  });

  it('collections join products; deleting writes an event and a 404 after', async () => {
    const col = await createCollection(srv, keys.catalog);
    const p = await createProduct(srv, c.owner, { collectionIds: [col.id] });
    expect(p.collectionIds).toEqual([col.id]);
    expect((await call(srv.url, 'DELETE', `/catalog/v1/products/${p.id}`, { auth: keys.catalog })).status).toBe(200);
    expect((await get(`/catalog/v1/products/${p.id}`, c.owner)).status).toBe(404);
    expect(await eventsOf(srv, p.id)).toEqual(['catalog.product.created', 'catalog.product.deleted']);
    expect((await call(srv.url, 'DELETE', `/catalog/v1/products/${p.id}`, { auth: keys.catalog })).status).toBe(404);
  });
});
