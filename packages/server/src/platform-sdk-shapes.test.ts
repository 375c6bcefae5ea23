import { describe, expect, it } from 'vitest';
import {
  STORES_CATALOG_APP_ID,
  type BackInStockNotificationRequest,
  type Checkout,
  type GetRecommendationResponse,
  type ListAlgorithmsResponse,
  type Member,
  type Order,
} from '@plaza/contracts';
import { call, violations } from '../test/http.js';
import { serverSuite } from './test/suite.js';
import { newVisitors } from './store/orders/rules-testing.js';
import { BASE as BACK_IN_STOCK, itemDetails, shopperEmail, soldOutProduct } from './store/back-in-stock/testing.js';
import { addToCart, CART } from './store/cart/testing.js';
import { createProduct } from './store/catalog/testing.js';
import { checkoutCall } from './store/checkout/testing.js';
import {
  cardToken,
  checkoutFor,
  ensureTestShipping,
  orderOf,
  placeAndCharge,
  SHIPPING,
  stockOf,
} from './store/orders/testing.js';

/**
 * Requests in exactly the shapes the hosted platform's published SDKs send (issue 27), over HTTP: the resource's id
 * repeated in the body or query, a member update without a mask, the platform's names in answers, and the Stores
 * catalog's app id for Plaza's catalog.
 */

const { srv, c: people } = serverSuite({ env: { PLAZA_JOB_WORKER: 'off' }, cast: true });

const OTHER_ID = '0190d2f4-0000-7000-8000-000000000000';
const storesRef = (productId: string) => ({ appId: STORES_CATALOG_APP_ID, catalogItemId: productId });
const tracked = (quantity: number) => ({ inventory: { trackQuantity: true, quantity } });

describe('the id of the path, repeated', () => {
  it('update checkout: checkout.id equal applies (no mask: the fields given); different is a 400, nothing changes', async () => {
    const [buyer] = await newVisitors(srv, 1);
    const product = await createProduct(srv, people.owner);
    const checkout = await checkoutFor(srv, buyer!, product);
    const ok = await checkoutCall(srv, buyer!, 'PATCH', checkout.id, {
      checkout: { id: checkout.id, buyerNote: 'Leave it at the door' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.checkout.buyerNote).toBe('Leave it at the door');

    const bad = await checkoutCall(srv, buyer!, 'PATCH', checkout.id, {
      checkout: { id: OTHER_ID, buyerNote: 'Ring twice' },
    });
    expect(bad.status).toBe(400);
    expect(violations(bad.body)).toEqual(['checkout.id:VALIDATION']);
    const after = await checkoutCall(srv, buyer!, 'GET', checkout.id);
    expect(after.body.checkout.buyerNote).toBe('Leave it at the door');
  });

  it('create-order-and-charge: id different is a 400 with no order and no charge; equal places it', async () => {
    const [buyer] = await newVisitors(srv, 1);
    const product = await createProduct(srv, people.owner, tracked(5));
    const checkout = await checkoutFor(srv, buyer!, product, 2);
    const token = await cardToken(srv, buyer!);

    const bad = await placeAndCharge(srv, buyer!, checkout.id, token, { id: OTHER_ID });
    expect(bad.status).toBe(400);
    expect(violations(bad.body)).toEqual(['id:VALIDATION']);
    expect(await stockOf(srv, product.id)).toBe(5);
    const open = await checkoutCall(srv, buyer!, 'GET', checkout.id);
    expect(open.body.checkout.completed).toBe(false);

    const ok = await placeAndCharge(srv, buyer!, checkout.id, token, { id: checkout.id });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.paymentResult?.status).toBe('APPROVED');
    expect(await stockOf(srv, product.id)).toBe(3);
  });

  it('create-order-and-charge with the id, twice at once: one order, one charge, the stock taken once', async () => {
    const [buyer] = await newVisitors(srv, 1);
    const product = await createProduct(srv, people.owner, tracked(4));
    const checkout = await checkoutFor(srv, buyer!, product, 3);
    const tokens = await Promise.all([cardToken(srv, buyer!), cardToken(srv, buyer!)]);
    const both = await Promise.all(tokens.map((t) => placeAndCharge(srv, buyer!, checkout.id, t, { id: checkout.id })));
    const placed = both.filter((r) => r.status === 200);
    expect(placed.length, JSON.stringify(both.map((r) => r.body))).toBeGreaterThanOrEqual(1);
    expect(new Set(placed.map((r) => r.body.orderId)).size).toBe(1);
    expect(await stockOf(srv, product.id)).toBe(1);
    const order = await orderOf(srv, people.owner, placed[0]!.body.orderId);
    expect(order.lineItems).toHaveLength(1);
  });

  it('get order: ?id= equal answers the order; different is a 400; a stranger still gets 404', async () => {
    const [buyer, stranger] = await newVisitors(srv, 2);
    const product = await createProduct(srv, people.owner);
    const checkout = await checkoutFor(srv, buyer!, product);
    const placed = await placeAndCharge(srv, buyer!, checkout.id, await cardToken(srv, buyer!));
    const id = placed.body.orderId;
    const get = (auth: string, q: string) =>
      call<{ order: Order }>(srv.url, 'GET', `/ecom/v1/orders/${id}?${q}`, { auth });

    const ok = await get(buyer!, `id=${id}`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.order.id).toBe(id);
    const bad = await get(buyer!, `id=${OTHER_ID}`);
    expect(bad.status).toBe(400);
    expect(violations(bad.body)).toEqual(['id:VALIDATION']);
    expect((await get(stranger!, `id=${id}`)).status).toBe(404);
  });
});

describe('update member as the platform sends it', () => {
  const patch = (auth: string, id: string, body: unknown) =>
    call<{ member: Member }>(srv.url, 'PATCH', `/members/v1/members/${id}`, { auth, body });

  it('without fieldMask changes the fields given and keeps the rest; member.id must be the path id', async () => {
    const me = people.memberB;
    const ok = await patch(me.auth, me.id, { member: { id: me.id, profile: { nickname: 'Bobby' } } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.member.profile.nickname).toBe('Bobby');
    expect(ok.body.member.contact?.firstName).toBe('Bob');

    const bad = await patch(me.auth, me.id, { member: { id: people.memberA.id, profile: { nickname: 'Eve' } } });
    expect(bad.status).toBe(400);
    expect(violations(bad.body)).toEqual(['member.id:VALIDATION']);
    const masked = await patch(me.auth, me.id, {
      member: { profile: { nickname: 'Robert', title: 'Ignored' } },
      fieldMask: { paths: ['profile.nickname'] },
    });
    expect(masked.status, JSON.stringify(masked.body)).toBe(200);
    expect(masked.body.member.profile.nickname).toBe('Robert');
    expect(masked.body.member.profile.title).toBeUndefined();
  });

  it('without fieldMask, a field the caller may not change is a 400 naming it, and nothing changes', async () => {
    const me = people.contributor;
    const bad = await patch(me.auth, me.id, { member: { role: 'OWNER', profile: { nickname: 'Boss' } } });
    expect(bad.status).toBe(400);
    expect(violations(bad.body)).toEqual(['member.role:FIELD_NOT_ALLOWED']);
    const now = await call<{ member: Member }>(srv.url, 'GET', `/members/v1/members/${me.id}?fieldsets=FULL`, {
      auth: me.auth,
    });
    expect(now.body.member.profile.nickname).not.toBe('Boss');
  });
});

describe("the platform's names in answers", () => {
  it('create-checkout from the current cart answers checkoutId beside checkout', async () => {
    const [buyer] = await newVisitors(srv, 1);
    const product = await createProduct(srv, people.owner);
    await addToCart(srv, buyer!, [{ catalogReference: storesRef(product.id), quantity: 1 }]);
    const res = await call<{ checkout: Checkout; checkoutId: string }>(srv.url, 'POST', `${CART}/create-checkout`, {
      auth: buyer!,
      body: {},
    });
    const body = res.body;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(body.checkoutId).toBe(body.checkout.id);
    expect(body.checkout.lineItems[0]!.catalogReference?.appId).toBe('plaza-catalog');
  });

  it('algorithms come with config and appId; get takes the platform’s id and the Stores app id', async () => {
    const list = await call<ListAlgorithmsResponse>(srv.url, 'GET', '/ecom/v1/recommendations/algorithms', {
      auth: people.visitor,
    });
    expect(list.body.availableAlgorithms.map((a) => [a.appId, a.config.algorithmId, a.config.algorithmType])).toEqual([
      ['plaza-catalog', 'RELATED_ITEMS', 'RELATED_ITEMS'],
      ['plaza-catalog', 'GLOBAL', 'GLOBAL'],
    ]);
    expect(list.body.availableAlgorithms[1]!.config.name).toBe(list.body.availableAlgorithms[1]!.algorithmInfo.name);

    const product = await createProduct(srv, people.owner);
    const get = (body: unknown) =>
      call<GetRecommendationResponse>(srv.url, 'POST', '/ecom/v1/recommendations/get', {
        auth: people.visitor,
        body,
      });
    const ok = await get({
      algorithms: [{ id: 'GLOBAL', appId: STORES_CATALOG_APP_ID }],
      items: [storesRef(product.id)],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.recommendation.algorithms).toEqual([{ appId: 'plaza-catalog', algorithmId: 'GLOBAL' }]);
    expect(ok.body.recommendation.items.map((i) => i.product.id)).not.toContain(product.id);

    const differ = await get({ algorithms: [{ id: 'GLOBAL', algorithmId: 'RELATED_ITEMS' }] });
    expect(differ.status).toBe(400);
    expect(violations(differ.body)).toEqual(['algorithms[0].id:VALIDATION']);
    const none = await get({ algorithms: [{ appId: 'plaza-catalog' }] });
    expect(none.status).toBe(400);
    expect(violations(none.body)).toEqual(['algorithms[0].algorithmId:REQUIRED_FIELD']);
  });
});

describe("the Stores catalog's app id names Plaza's catalog", () => {
  it('a checkout line named by it is stored as plaza-catalog and its order takes the stock', async () => {
    const [buyer] = await newVisitors(srv, 1);
    const product = await createProduct(srv, people.owner, tracked(3));
    await ensureTestShipping(srv);
    const created = await call<{ checkout: Checkout }>(srv.url, 'POST', '/ecom/v1/checkouts', {
      auth: buyer!,
      body: {
        lineItems: [{ catalogReference: storesRef(product.id), quantity: 2 }],
        checkoutInfo: { buyerInfo: { email: 'buyer@example.com' }, shippingInfo: SHIPPING },
        channelType: 'WEB',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.checkout.lineItems[0]!.catalogReference?.appId).toBe('plaza-catalog');
    const placed = await placeAndCharge(srv, buyer!, created.body.checkout.id, await cardToken(srv, buyer!));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await stockOf(srv, product.id)).toBe(1);
    const other = await call(srv.url, 'POST', '/ecom/v1/checkouts', {
      auth: buyer!,
      body: { lineItems: [{ catalogReference: { appId: 'some-other-app', catalogItemId: product.id }, quantity: 1 }] },
    });
    expect(other.status).toBe(400);
    expect(violations(other.body)).toEqual(['lineItems[0].catalogReference.appId:VALIDATION']);
  });
});

describe('back-in-stock item URLs', () => {
  const askWith = (product: { id: string }, itemUrl: string, appId: string = STORES_CATALOG_APP_ID) =>
    call<{ request: BackInStockNotificationRequest }>(srv.url, 'POST', BACK_IN_STOCK, {
      auth: people.visitor,
      body: {
        request: { email: shopperEmail(), catalogReference: { appId, catalogItemId: product.id }, itemUrl },
        itemDetails: itemDetails(),
      },
    });

  it("an absolute URL on another host keeps only its path, so the mail links to the shop; Stores' app id works", async () => {
    const product = await soldOutProduct(srv, people.owner);
    const res = await askWith(product, 'https://old-site.example/product-page/blue-mug?ref=mail#top');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.request.itemUrl).toBe('/product-page/blue-mug?ref=mail#top');
    expect(res.body.request.catalogReference.appId).toBe('plaza-catalog');

    const sneaky = await askWith(await soldOutProduct(srv, people.owner), 'http://a.example//evil.example/x');
    expect(sneaky.status, JSON.stringify(sneaky.body)).toBe(200);
    expect(sneaky.body.request.itemUrl).toBe('/evil.example/x');
  });

  it('a relative URL that a browser reads as another host is refused', async () => {
    const product = await soldOutProduct(srv, people.owner);
    for (const itemUrl of ['//evil.example/x', '/\\evil.example/x', 'javascript:alert(1)']) {
      const res = await askWith(product, itemUrl, 'plaza-catalog');
      expect(res.status, itemUrl).toBe(400);
      expect(violations(res.body)[0]).toMatch(/^request\.itemUrl:/);
    }
  });
});
