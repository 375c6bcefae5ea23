import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Membership, Plan } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { createCollection, createProduct, eventsOf } from '../catalog/testing.js';
import { planAccess, plans } from './tables.js';
import { insertMembership, useUp } from './testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'], catalog: ['catalog'] } });

const PLANS = '/plans/v1/plans';
let seq = 0;
const body = (extra: Record<string, unknown> = {}) => ({ name: `Club ${++seq}`, price: { amount: '20' }, ...extra });
const create = async (extra: Record<string, unknown> = {}, auth = c.owner) => {
  const res = await call<{ plan: Plan }>(srv.url, 'POST', PLANS, { auth, body: { plan: body(extra) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.plan;
};
const patch = (id: string, plan: Record<string, unknown>, paths: string[], auth = c.owner) =>
  call<{ plan: Plan }>(srv.url, 'PATCH', `${PLANS}/${id}`, { auth, body: { plan, fieldMask: { paths } } });
const get = (path: string, auth: string) => call<{ plan: Plan }>(srv.url, 'GET', path, { auth });
const list = (auth: string, query = '') =>
  call<{ plans: Plan[]; metadata: { total: number } }>(srv.url, 'GET', `${PLANS}${query}`, { auth });

describe('plans: create, edit, archive', () => {
  it('saving the benefits again keeps what members have used of their credits', async () => {
    const p = await createProduct(srv, c.owner);
    const credits = { kind: 'CREDITS', credits: 3, productIds: [p.id], collectionIds: [] };
    const plan = await create({ benefits: [credits] });
    const membershipId = await insertMembership(srv, plan, c.memberA.id);
    await useUp(srv, membershipId, 3);
    const left = async () =>
      (
        await call<{ membership: Membership }>(srv.url, 'GET', `/plans/v1/memberships/${membershipId}`, {
          auth: c.memberA.auth,
        })
      ).body.membership.credits.map((k) => k.remaining);
    expect(await left()).toEqual([0]);
    // The owner adds benefits before it and makes the product members-only (as the product form does).
    const saved = await patch(
      plan.id,
      {
        benefits: [
          { kind: 'FREE_SHIPPING', productIds: [], collectionIds: [] },
          { kind: 'MEMBER_ONLY', productIds: [p.id], collectionIds: [] },
          credits,
        ],
      },
      ['benefits'],
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await left()).toEqual([0]);
  });

  it('creates a plan with benefits in the site currency, a slug from the name, and a created event', async () => {
    const product = await createProduct(srv, c.owner);
    const plan = await create(
      {
        name: 'Coffee Club — Gold',
        description: 'A coffee a day',
        recurrence: { frequency: 'MONTH', interval: 1 },
        buyerLimit: 2,
        benefits: [
          { kind: 'CREDITS', productIds: [product.id], collectionIds: [], credits: 4 },
          { kind: 'MEMBER_PRICE', productIds: [], collectionIds: [], wholeOrder: true, amountOff: '1.5' },
          { kind: 'FREE_SHIPPING', productIds: [], collectionIds: [] },
        ],
      },
      keys.ecom,
    );
    expect(plan).toMatchObject({
      slug: 'coffee-club-gold',
      currency: 'USD',
      price: { amount: '20.00', formattedAmount: '$20.00' },
      recurrence: { frequency: 'MONTH', interval: 1 },
      buyers: 0,
      buyerLimit: 2,
      available: true,
      visibility: 'PUBLIC',
      status: 'ACTIVE',
      paidOffline: false,
      taxCreditedLines: false,
    });
    expect(plan.benefits.map((b) => b.kind)).toEqual(['CREDITS', 'MEMBER_PRICE', 'FREE_SHIPPING']);
    expect(plan.benefits[0]).toMatchObject({ credits: 4, productIds: [product.id], wholeOrder: false });
    expect(plan.benefits[1]).toMatchObject({ wholeOrder: true, amountOff: { amount: '1.50' } });
    expect(await eventsOf(srv, plan.id)).toEqual(['plans.plan.created']);
    // The same name again: a slug of its own.
    const again = await create({ name: 'Coffee Club — Gold' });
    expect(again.slug).toBe('coffee-club-gold-2');
  });

  it('a slug in use is 409 naming plan.slug, on create and on update', async () => {
    const a = await create({ slug: 'taken-slug' });
    const res = await call(srv.url, 'POST', PLANS, { auth: c.owner, body: { plan: body({ slug: 'taken-slug' }) } });
    expect(res.status).toBe(409);
    expect(appCode(res.body)).toBe('SLUG_ALREADY_EXISTS');
    expect(JSON.stringify(res.body)).toContain('plan.slug');
    const b = await create();
    const upd = await patch(b.id, { slug: 'taken-slug' }, ['slug']);
    expect(upd.status).toBe(409);
    expect((await get(`${PLANS}/${a.id}`, c.owner)).body.plan.slug).toBe('taken-slug');
  });

  it('edits only the masked fields; benefits are replaced whole and rewrite the member-only reach', async () => {
    const [p1, p2] = [await createProduct(srv, c.owner), await createProduct(srv, c.owner)];
    const col = await createCollection(srv, c.owner);
    const plan = await create({
      slug: 'vip-room',
      benefits: [{ kind: 'MEMBER_ONLY', productIds: [p1.id], collectionIds: [col.id] }],
    });
    const access = async () =>
      (await srv.ctx().db.select().from(planAccess).where(eq(planAccess.planId, plan.id)))
        .map((r) => r.productId ?? r.collectionId)
        .sort();
    expect(await access()).toEqual([p1.id, col.id].sort());

    const renamed = await patch(plan.id, { name: 'VIP Lounge', description: 'Quiet' }, ['name', 'description']);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.plan).toMatchObject({ name: 'VIP Lounge', description: 'Quiet', slug: 'vip-room' });
    expect(renamed.body.plan.benefits).toHaveLength(1);

    const swapped = await patch(
      plan.id,
      { benefits: [{ kind: 'MEMBER_ONLY', productIds: [p2.id], collectionIds: [] }], price: { amount: '9.99' } },
      ['benefits', 'price.amount'],
    );
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect(swapped.body.plan.price.amount).toBe('9.99');
    expect(swapped.body.plan.benefits.map((b) => b.productIds)).toEqual([[p2.id]]);
    expect(await access()).toEqual([p2.id]);
    // Shoppers learn that the plan opens members-only items, not which.
    const seen = await get(`${PLANS}/by-slug/vip-room`, c.memberA.auth);
    expect(seen.body.plan.benefits).toEqual([expect.objectContaining({ kind: 'MEMBER_ONLY', productIds: [] })]);
    const listed = await get(PLANS, c.visitor);
    const inList = (listed.body as unknown as { plans: Plan[] }).plans.find((p) => p.id === plan.id)!;
    expect(inList.benefits[0]).toMatchObject({ productIds: [], collectionIds: [] });

    const cleared = await patch(plan.id, {}, ['benefits', 'description']);
    expect(cleared.body.plan).toMatchObject({ benefits: [], description: '' });
    expect(await access()).toEqual([]);
    expect(await eventsOf(srv, plan.id)).toEqual([
      'plans.plan.created',
      'plans.plan.updated',
      'plans.plan.updated',
      'plans.plan.updated',
    ]);
  });

  it('archives: gone for visitors (404 by id and slug, out of the list), still there for managers', async () => {
    const plan = await create({ slug: 'old-club' });
    const res = await call<{ plan: Plan }>(srv.url, 'POST', `${PLANS}/${plan.id}/archive`, { auth: keys.ecom });
    expect(res.status).toBe(200);
    expect(res.body.plan).toMatchObject({ status: 'ARCHIVED', available: false });
    for (const who of [c.visitor, c.memberA.auth]) {
      expect((await get(`${PLANS}/${plan.id}`, who)).status).toBe(404);
      expect((await get(`${PLANS}/by-slug/old-club`, who)).status).toBe(404);
      expect((await list(who)).body.plans.map((p) => p.id)).not.toContain(plan.id);
    }
    expect((await get(`${PLANS}/${plan.id}`, c.owner)).body.plan.status).toBe('ARCHIVED');
    const archived = await list(c.owner, '?status=ARCHIVED');
    expect(archived.body.plans.map((p) => p.id)).toContain(plan.id);
    expect(archived.body.plans.every((p) => p.status === 'ARCHIVED')).toBe(true);
    // Archiving again changes nothing and emits nothing more.
    await call(srv.url, 'POST', `${PLANS}/${plan.id}/archive`, { auth: c.owner });
    expect(await eventsOf(srv, plan.id)).toEqual(['plans.plan.created', 'plans.plan.updated']);
  });

  it('a hidden plan: not in visitors’ list, but readable by id and slug', async () => {
    const plan = await create({ slug: 'secret-club', visibility: 'HIDDEN' });
    const pub = await create();
    for (const who of [c.visitor, c.memberA.auth, keys.catalog]) {
      const ids = (await list(who, '?visibility=HIDDEN')).body.plans.map((p) => p.id);
      expect(ids).not.toContain(plan.id);
      expect(ids).toContain(pub.id);
      expect((await get(`${PLANS}/${plan.id}`, who)).body.plan.id).toBe(plan.id);
      expect((await get(`${PLANS}/by-slug/secret-club`, who)).body.plan.id).toBe(plan.id);
    }
    const hidden = await list(c.owner, '?visibility=HIDDEN');
    expect(hidden.body.plans.map((p) => p.id)).toEqual(expect.arrayContaining([plan.id]));
    expect(hidden.body.plans.every((p) => p.visibility === 'HIDDEN')).toBe(true);
  });

  it('a full plan is not available', async () => {
    const plan = await create({ buyerLimit: 1 });
    await srv.ctx().db.update(plans).set({ buyers: 1 }).where(eq(plans.id, plan.id));
    expect((await get(`${PLANS}/${plan.id}`, c.visitor)).body.plan).toMatchObject({ buyers: 1, available: false });
  });
});

describe('plans: validation and access', () => {
  it('benefits missing what their kind needs are 400s naming each field', async () => {
    const product = await createProduct(srv, c.owner);
    const res = await call(srv.url, 'POST', PLANS, {
      auth: c.owner,
      body: {
        plan: body({
          benefits: [
            { kind: 'CREDITS', productIds: [], collectionIds: [] },
            { kind: 'MEMBER_PRICE', productIds: [product.id], collectionIds: [], percentOff: 10, amountOff: '1' },
            { kind: 'MEMBER_PRICE', productIds: [], collectionIds: [] },
            { kind: 'MEMBER_ONLY', productIds: [], collectionIds: [] },
          ],
        }),
      },
    });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toEqual([
      'plan.benefits[0].credits:REQUIRED_FIELD',
      'plan.benefits[0].productIds:MIN_SIZE',
      'plan.benefits[1].percentOff:VALIDATION',
      'plan.benefits[2].percentOff:VALIDATION',
      'plan.benefits[2].productIds:MIN_SIZE',
      'plan.benefits[3].productIds:MIN_SIZE',
    ]);
  });

  it('products and collections that do not exist are named; amounts with too many decimals too', async () => {
    const missing = '0190a4b4-0000-7000-8000-000000000001';
    const res = await call(srv.url, 'POST', PLANS, {
      auth: c.owner,
      body: {
        plan: body({
          benefits: [{ kind: 'CREDITS', productIds: [missing], collectionIds: [missing], credits: 1 }],
        }),
      },
    });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toEqual([
      'plan.benefits[0].productIds[0]:VALIDATION',
      'plan.benefits[0].collectionIds[0]:VALIDATION',
    ]);
    const cents = await call(srv.url, 'POST', PLANS, {
      auth: c.owner,
      body: { plan: body({ price: { amount: '1.999' } }) },
    });
    expect(cents.status).toBe(400);
    expect(violations(cents.body)).toEqual(['plan.price.amount:DECIMAL_MAX_SCALE']);
    const plan = await create();
    const bad = await patch(plan.id, { benefits: [{ kind: 'MEMBER_ONLY', productIds: [], collectionIds: [] }] }, [
      'benefits',
    ]);
    expect(bad.status).toBe(400);
    expect(violations(bad.body)).toEqual(['plan.benefits[0].productIds:MIN_SIZE']);
    const unknownPath = await patch(plan.id, { name: 'x' }, ['buyers']);
    expect(violations(unknownPath.body)).toEqual(['fieldMask.paths[0]:FIELD_NOT_ALLOWED']);
  });

  it('a product deleted since does not block an edit that leaves the benefits alone', async () => {
    const product = await createProduct(srv, c.owner);
    const plan = await create({
      benefits: [{ kind: 'CREDITS', productIds: [product.id], collectionIds: [], credits: 2 }],
    });
    const del = await call(srv.url, 'DELETE', `/catalog/v1/products/${product.id}`, { auth: c.owner });
    expect(del.status).toBe(200);
    const renamed = await patch(plan.id, { name: 'Still here' }, ['name']);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const again = [{ kind: 'CREDITS', productIds: [product.id], collectionIds: [], credits: 3 }];
    const resaved = await patch(plan.id, { benefits: again }, ['benefits']);
    expect(violations(resaved.body)).toEqual(['plan.benefits[0].productIds[0]:VALIDATION']);
  });

  it('writes: 401 without a token, 403 for visitors, members, contributors and other scopes', async () => {
    const plan = await create();
    const writes: Array<[string, string, unknown]> = [
      ['POST', PLANS, { plan: body() }],
      ['PATCH', `${PLANS}/${plan.id}`, { plan: { name: 'x' }, fieldMask: { paths: ['name'] } }],
      ['POST', `${PLANS}/${plan.id}/archive`, undefined],
      ['GET', `${PLANS}/${plan.id}/stats`, undefined],
    ];
    for (const [method, path, b] of writes) {
      expect((await call(srv.url, method, path, { body: b })).status).toBe(401);
      for (const who of [c.visitor, c.memberA.auth, c.contributor.auth, keys.catalog]) {
        expect((await call(srv.url, method, path, { auth: who, body: b })).status, `${method} ${path}`).toBe(403);
      }
    }
    expect((await get(`${PLANS}/${plan.id}`, c.owner)).body.plan.name).toBe(plan.name);
  });

  it('an unknown plan is 404 for everyone', async () => {
    const id = '0190a4b4-0000-7000-8000-00000000dead';
    for (const who of [c.visitor, c.owner]) expect((await get(`${PLANS}/${id}`, who)).status).toBe(404);
    expect((await patch(id, { name: 'x' }, ['name'])).status).toBe(404);
    expect((await call(srv.url, 'GET', `${PLANS}/${id}/stats`, { auth: c.owner })).status).toBe(404);
  });

  it('two owners saving one slug at once: one plan, one 409', async () => {
    const results = await Promise.all(
      [0, 1].map(() => call(srv.url, 'POST', PLANS, { auth: c.owner, body: { plan: body({ slug: 'race-slug' }) } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
