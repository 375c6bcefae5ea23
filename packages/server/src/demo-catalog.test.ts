import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import type { ListPlansResponse, ListProductsResponse, Product } from '@plaza/contracts';
import { call } from '../test/http.js';
import { seedDemoCatalog } from './demo-catalog.js';
import { catalogCollections, catalogProducts } from './store/catalog/tables.js';
import { serverSuite } from './test/suite.js';

const { srv } = serverSuite();

it('seeds twenty products in four collections once, with the kinds the storefront demo needs', async () => {
  const ctx = srv.ctx();
  expect(await ctx.db.select().from(catalogProducts)).toHaveLength(0); // tests start empty
  const owner = {
    ...ctx,
    caller: { type: 'MEMBER', memberId: 'seed', role: 'OWNER', clientId: 'seed', sessionId: 'seed' },
  } as const;
  await seedDemoCatalog(owner);
  await seedDemoCatalog(owner);
  expect(await ctx.db.select().from(catalogProducts)).toHaveLength(20);
  expect(await ctx.db.select().from(catalogCollections)).toHaveLength(4);
  const visitor = `Bearer ${await srv.visitorToken()}`;
  const res = await call<ListProductsResponse>(srv.url, 'GET', '/catalog/v1/products?limit=100', { auth: visitor });
  const all: Product[] = res.body.products;
  expect(all).toHaveLength(19); // the archive tee is hidden
  expect(all.filter((p) => !p.inventory.inStock).map((p) => p.name)).toEqual(['Red Stoneware Mug']);
  expect(all.filter((p) => p.variants.length > 0).length).toBeGreaterThanOrEqual(3);
  expect(all.some((p) => p.productType === 'DIGITAL')).toBe(true);
  expect(all.some((p) => p.productType === 'SERVICE' && p.deposit)).toBe(true);
  expect(all.some((p) => p.subscriptionOptions)).toBe(true);
  for (const p of all) expect(p.media[0]?.url).toMatch(/^\/demo\/[a-z-]+\.svg$/);
  // Each shown product has its own picture (the Wool Throw once showed the tote bag), and the file exists.
  const pictures = all.map((p) => p.media[0]!.url);
  expect(new Set(pictures).size).toBe(pictures.length);
  const demoDir = fileURLToPath(new URL('../../../apps/web/public/demo/', import.meta.url));
  for (const url of pictures) expect(existsSync(demoDir + url.slice('/demo/'.length)), url).toBe(true);

  // Two plans to try paid plans with, on sale to visitors, their pictures on disk too.
  const plans = (await call<ListPlansResponse>(srv.url, 'GET', '/plans/v1/plans', { auth: visitor })).body.plans;
  expect(plans.map((p) => [p.name, p.price.amount, p.available])).toEqual([
    ['Coffee Club', '25.00', true],
    ['Class Pass', '120.00', true],
  ]);
  expect(plans[0]!.benefits.map((b) => b.kind)).toEqual(['CREDITS', 'MEMBER_PRICE', 'FREE_SHIPPING']);
  for (const p of plans) expect(existsSync(demoDir + p.image!.slice('/demo/'.length)), p.image).toBe(true);
});
