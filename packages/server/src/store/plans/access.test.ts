import { beforeAll, describe, expect, it } from 'vitest';
import type { Collection, ListProductsResponse, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { newMember, type TestMember } from '../../test/community.js';
import { appCode, call, violations } from '../../../test/http.js';
import { gql } from '../../graphql/testing.js';
import { createCollection, createProduct, uniqueName } from '../catalog/testing.js';
import { ref } from '../checkout/testing.js';
import { itemDetails } from '../back-in-stock/testing.js';
import { cardToken, checkoutFor, placeAndCharge } from '../orders/testing.js';
import { endMembership, grant, insertPlan, openTo } from './access-testing.js';

/**
 * Member-only products and collections over HTTP: a visitor and a member without the plan learn nothing of them (404
 * like a missing one, absent from lists, search, recommendations, GraphQL and carts); a holder and managers see them.
 */

const { srv, c, keys } = serverSuite({ cast: true, keys: { catalog: ['catalog'] } });
let open: Product;
let secret: Product;
let inClub: Product;
let soldOut: Product;
let clubCol: Collection;
let openCol: Collection;
let planId: string;
let holder: TestMember;

beforeAll(async () => {
  openCol = await createCollection(srv, c.owner, uniqueName('Open shelf'));
  clubCol = await createCollection(srv, c.owner, uniqueName('Club shelf'));
  open = await createProduct(srv, c.owner, { name: uniqueName('Plain mug'), collectionIds: [openCol.id] });
  secret = await createProduct(srv, c.owner, { name: uniqueName('Secret mug'), collectionIds: [openCol.id] });
  inClub = await createProduct(srv, c.owner, { name: uniqueName('Club teapot'), collectionIds: [clubCol.id] });
  soldOut = await createProduct(srv, c.owner, {
    name: uniqueName('Secret kettle'),
    inventory: { trackQuantity: true, quantity: 0 },
  });
  planId = await insertPlan(srv);
  await openTo(srv, planId, { productIds: [secret.id, soldOut.id], collectionIds: [clubCol.id] });
  holder = await newMember(srv);
  await grant(srv, planId, holder.id, new Date(Date.now() + 86_400_000));
}, 120_000);

const MEMBER_ONLY = () => [secret.id, inClub.id];
type Who = 'visitor' | 'other' | 'holder' | 'owner' | 'contributor' | 'apiKey';
const authOf = (who: Who): string =>
  ({
    visitor: c.visitor,
    other: c.memberB.auth,
    holder: holder.auth,
    owner: c.owner,
    contributor: c.contributor.auth,
    apiKey: keys.catalog,
  })[who];
const SEES: Record<Who, boolean> = {
  visitor: false,
  other: false,
  holder: true,
  owner: true,
  contributor: true,
  apiKey: true,
};
const WHO = Object.keys(SEES) as Who[];

const listIds = async (auth: string, query = 'limit=100') => {
  const res = await call<ListProductsResponse>(srv.url, 'GET', `/catalog/v1/products?${query}`, { auth });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.products.map((p) => p.id);
};

describe('reading products', () => {
  it.each(WHO)('the list shows member-only products to %s only if they hold the plan or manage', async (who) => {
    const ids = await listIds(authOf(who));
    expect(ids).toContain(open.id);
    for (const id of MEMBER_ONLY()) expect(ids.includes(id), id).toBe(SEES[who]);
  });

  it.each(WHO)('search and a member-only collection filter, for %s', async (who) => {
    const words = encodeURIComponent(secret.name);
    expect((await listIds(authOf(who), `text=${words}`)).includes(secret.id)).toBe(SEES[who]);
    expect(await listIds(authOf(who), `collectionId=${clubCol.id}`)).toEqual(SEES[who] ? [inClub.id] : []);
  });

  it.each(WHO)('by id and by slug: %s gets it or the 404 of a missing product', async (who) => {
    const missing = await call(srv.url, 'GET', '/catalog/v1/products/00000000-0000-4000-8000-000000000000', {
      auth: c.visitor,
    });
    for (const p of [secret, inClub]) {
      for (const path of [`/catalog/v1/products/${p.id}`, `/catalog/v1/products/slug/${p.slug}`]) {
        const res = await call<{ product: Product }>(srv.url, 'GET', path, { auth: authOf(who) });
        if (SEES[who]) expect(res.body.product?.id, path).toBe(p.id);
        else expect({ status: res.status, body: res.body }, path).toEqual({ status: 404, body: missing.body });
      }
    }
  });

  it('the page cache never hands a holder’s page to a visitor asking the same query', async () => {
    const query = 'sort=NAME_DESC&limit=50';
    expect(await listIds(holder.auth, query)).toContain(secret.id);
    const seen = await Promise.all([listIds(c.visitor, query), listIds(c.memberB.auth, query)]);
    for (const ids of seen) expect(ids).not.toContain(secret.id);
    expect(await listIds(holder.auth, query)).toContain(secret.id);
  });

  it('a membership that ended (or whose end has passed) opens nothing', async () => {
    const late = await newMember(srv);
    const membership = await grant(srv, planId, late.id);
    expect(await listIds(late.auth)).toContain(secret.id);
    await endMembership(srv, membership);
    expect(await listIds(late.auth)).not.toContain(secret.id);
    const res = await call(srv.url, 'GET', `/catalog/v1/products/${secret.id}`, { auth: late.auth });
    expect(res.status).toBe(404);
    const lapsed = await newMember(srv);
    await grant(srv, planId, lapsed.id, new Date(Date.now() - 1_000));
    expect(await listIds(lapsed.auth)).not.toContain(secret.id);
  });
});

describe('several plans', () => {
  it('holding one of the plans naming a product opens it; holding another plan does not', async () => {
    const planB = await insertPlan(srv);
    const bOnly = await createProduct(srv, c.owner, { name: uniqueName('B mug') });
    const both = await createProduct(srv, c.owner, { name: uniqueName('AB mug') });
    await openTo(srv, planId, { productIds: [both.id] });
    await openTo(srv, planB, { productIds: [bOnly.id, both.id] });
    const bHolder = await newMember(srv);
    await grant(srv, planB, bHolder.id);
    const [a, b, none] = await Promise.all([listIds(holder.auth), listIds(bHolder.auth), listIds(c.memberB.auth)]);
    expect([a.includes(bOnly.id), a.includes(both.id)]).toEqual([false, true]);
    expect([b.includes(bOnly.id), b.includes(both.id), b.includes(secret.id)]).toEqual([true, true, false]);
    expect([none.includes(bOnly.id), none.includes(both.id)]).toEqual([false, false]);
  });
});

describe('collections', () => {
  it.each(WHO)('a member-only collection is listed and read by %s only if they hold or manage', async (who) => {
    const list = await call<{ collections: Collection[] }>(srv.url, 'GET', '/catalog/v1/collections', {
      auth: authOf(who),
    });
    const ids = list.body.collections.map((x) => x.id);
    expect(ids).toContain(openCol.id);
    expect(ids.includes(clubCol.id)).toBe(SEES[who]);
    const one = await call(srv.url, 'GET', `/catalog/v1/collections/${clubCol.id}`, { auth: authOf(who) });
    expect(one.status).toBe(SEES[who] ? 200 : 404);
  });
});

describe('recommendations and GraphQL', () => {
  it.each(WHO)('best sellers and related items leave member-only products out for %s', async (who) => {
    const res = await call<{ recommendation: { items: Array<{ catalogItemId: string }> } }>(
      srv.url,
      'POST',
      '/ecom/v1/recommendations/get',
      {
        auth: authOf(who),
        body: {
          items: [{ appId: 'plaza-catalog', catalogItemId: open.id }],
          algorithms: [{ algorithmId: 'RELATED_ITEMS' }, { algorithmId: 'GLOBAL' }],
          minimumRecommendedItems: 50,
        },
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = res.body.recommendation.items.map((i) => i.catalogItemId);
    for (const id of MEMBER_ONLY()) expect(ids.includes(id), id).toBe(SEES[who]);
  });

  it.each(WHO)('GraphQL products, one product and collections follow the same rule for %s', async (who) => {
    type Answer = {
      catalogProducts: { products: Array<{ id: string; collections: Array<{ id: string } | null> }> };
      one: { product: { id: string } } | null;
    };
    const res = await gql<Answer>(
      srv,
      authOf(who),
      `query($id: String!) { catalogProducts(limit: 100) { products { id collections { id } } }
        one: catalogProductsByProductId(productId: $id) { product { id } } }`,
      { id: secret.id },
    );
    expect(res.status).toBe(200);
    const ids = res.body.data?.catalogProducts.products.map((p) => p.id) ?? [];
    for (const id of MEMBER_ONLY()) expect(ids.includes(id), id).toBe(SEES[who]);
    expect(res.body.data?.one?.product.id ?? null).toBe(SEES[who] ? secret.id : null);
  });
});

describe('buying', () => {
  const add = (auth: string, productId: string) =>
    call(srv.url, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      auth,
      body: { lineItems: [{ catalogReference: ref(productId), quantity: 1 }] },
    });

  it.each(WHO)('adding a member-only product to a cart: %s, or the answer of an unknown product', async (who) => {
    if (who === 'apiKey') return; // an API key has no current cart
    const auth = who === 'visitor' ? `Bearer ${await srv.visitorToken()}` : authOf(who);
    const unknown = await add(auth, '00000000-0000-4000-8000-000000000000');
    const res = await add(auth, inClub.id);
    if (SEES[who]) expect(res.status, JSON.stringify(res.body)).toBe(200);
    else {
      expect(res.status).toBe(unknown.status);
      expect(violations(res.body)).toEqual(violations(unknown.body));
    }
  });

  /** A member holding the plan, with a checkout of the member-only product ready to pay. */
  async function holderCheckout() {
    const buyer = await newMember(srv);
    const membership = await grant(srv, planId, buyer.id);
    const co = await checkoutFor(srv, buyer.auth, secret);
    return { buyer, membership, co, token: await cardToken(srv, buyer.auth) };
  }

  it('a holder places an order of a member-only product', async () => {
    const { buyer, co, token } = await holderCheckout();
    const res = await placeAndCharge(srv, buyer.auth, co.id, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('plan.member-only: a holder whose plan ended with the product in the checkout cannot place it', async () => {
    const { buyer, membership, co, token } = await holderCheckout();
    await endMembership(srv, membership);
    const res = await placeAndCharge(srv, buyer.auth, co.id, token);
    // Refused as for a product taken off sale: the line is named, nothing is charged.
    expect(res.status).toBe(409);
    expect(appCode(res.body)).toBe('CHECKOUT_HAS_ERRORS');
    expect(JSON.stringify(res.body)).toContain('REMOVE_LINE_ITEM');
  });

  it.each(['visitor', 'other', 'holder'] as const)('back-in-stock requests of a member-only item: %s', async (who) => {
    const res = await call(srv.url, 'POST', '/ecom/v1/back-in-stock-notification-requests', {
      auth: authOf(who),
      body: {
        request: {
          catalogReference: { appId: 'plaza-catalog', catalogItemId: soldOut.id },
          email: `${who}@example.com`,
        },
        itemDetails: itemDetails(),
      },
    });
    if (SEES[who]) expect(res.status, JSON.stringify(res.body)).toBe(200);
    else {
      expect(res.status).toBe(400);
      expect(violations(res.body)).toEqual(['request.catalogReference.catalogItemId:VALIDATION']);
    }
  });
});
