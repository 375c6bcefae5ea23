import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateRedirectSessionResponse, Product } from '@plaza/contracts';
import { cast, type Cast } from '../../test/community.js';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { createProduct } from '../../store/catalog/testing.js';
import { newCheckout, ref } from '../../store/checkout/testing.js';
import { oauthClients } from '../oauth/tables.js';
import { WEB_CLIENT_ID } from '../oauth/web-client.js';
import { rowsOf } from '../../lib/rows.js';

const { srv } = serverSuite();
let c: Cast;
let ecomKey: string;
let otherKey: string;
let mug: Product;

beforeAll(async () => {
  // A headless shop on its own origin, registered on the web client.
  const [client] = await srv.ctx().db.select().from(oauthClients).where(eq(oauthClients.id, WEB_CLIENT_ID));
  await srv
    .ctx()
    .db.update(oauthClients)
    .set({ allowedOrigins: [...client!.allowedOrigins, 'https://shop.example.com'] })
    .where(eq(oauthClients.id, WEB_CLIENT_ID));
  c = await cast(srv);
  ecomKey = await srv.createApiKey(['ecom']);
  otherKey = await srv.createApiKey(['catalog']);
  mug = await createProduct(srv, c.owner, { price: { amount: '4.00' } });
}, 120_000);

const session = (auth: string | undefined, body: unknown) =>
  call<CreateRedirectSessionResponse>(srv.url, 'POST', '/redirects/v1/redirect-session', {
    ...(auth ? { auth } : {}),
    body,
  });
const sessionRows = async () =>
  rowsOf<{ n: number }>(await srv.ctx().db.execute(sql`SELECT count(*)::int AS n FROM redirect_sessions`))[0]!.n;

describe('ecomCheckout', () => {
  it("opens the hosted checkout page of the caller's checkout, carrying the callbacks back", async () => {
    const co = await newCheckout(srv, c.visitor, { lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }] });
    const callbacks = {
      postFlowUrl: 'https://shop.example.com/done',
      thankYouPageUrl: `${srv.config.publicUrl}/thank-you`,
      cartPageUrl: 'https://shop.example.com/cart',
    };
    const res = await session(c.visitor, { ecomCheckout: { checkoutId: co.id }, callbacks });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body.redirectSession;
    expect(s.urlDetails.endpoint).toBe(`${srv.config.publicUrl}/checkout/${co.id}`);
    expect(s.urlDetails.searchParams).toEqual(callbacks);
    expect(s.fullUrl.startsWith(`${srv.config.publicUrl}/checkout/${co.id}?`)).toBe(true);
  });

  it('an ecom API key may open any checkout; without callbacks the URL is the bare page', async () => {
    const co = await newCheckout(srv, c.memberA.auth, {});
    const res = await session(ecomKey, { ecomCheckout: { checkoutId: co.id } });
    expect(res.body.redirectSession.fullUrl).toBe(`${srv.config.publicUrl}/checkout/${co.id}`);
  });

  it("another visitor's or member's checkout is a 404, and no session is stored", async () => {
    const co = await newCheckout(srv, c.memberA.auth, {});
    const before = await sessionRows();
    for (const auth of [c.visitor, c.memberB.auth, otherKey]) {
      expect((await session(auth, { ecomCheckout: { checkoutId: co.id } })).status).toBe(404);
    }
    expect((await session(undefined, { ecomCheckout: { checkoutId: co.id } })).status).toBe(401);
    expect(await sessionRows()).toBe(before);
  });

  it.each([
    [{ ecomCheckout: {} }, 'ecomCheckout.checkoutId:REQUIRED_FIELD'],
    [{ ecomCheckout: { checkoutId: 'x' } }, 'ecomCheckout.checkoutId:FORMAT'],
    [{ callbacks: { postFlowUrl: 'https://evil.example/' } }, 'callbacks.postFlowUrl:FORMAT'],
    [{ callbacks: { thankYouPageUrl: 'https://evil.example/ty' } }, 'callbacks.thankYouPageUrl:FORMAT'],
    [{ callbacks: { cartPageUrl: 'javascript:alert(1)' } }, 'callbacks.cartPageUrl:FORMAT'],
  ])('bad input %j → 400 naming the field', async (extra, expected) => {
    const co = await newCheckout(srv, c.visitor, {});
    const res = await session(c.visitor, { ecomCheckout: { checkoutId: co.id }, ...extra });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toContain(expected);
  });
});

describe('storesProduct', () => {
  it('opens the product page by slug or by id', async () => {
    const bySlug = await session(c.visitor, { storesProduct: { productSlug: mug.slug } });
    expect(bySlug.body.redirectSession.fullUrl).toBe(`${srv.config.publicUrl}/products/${mug.slug}`);
    const byId = await session(c.memberA.auth, { storesProduct: { productId: mug.id } });
    expect(byId.body.redirectSession.fullUrl).toBe(`${srv.config.publicUrl}/products/${mug.slug}`);
  });

  it('needs exactly one of slug and id; an unknown or hidden product is a 404', async () => {
    expect(violations((await session(c.visitor, { storesProduct: {} })).body)).toEqual([
      'storesProduct.productSlug:REQUIRED_ONE_OF_FIELD',
    ]);
    expect(
      violations((await session(c.visitor, { storesProduct: { productSlug: mug.slug, productId: mug.id } })).body),
    ).toEqual(['storesProduct.productSlug:REQUIRED_ONE_OF_FIELD']);
    expect((await session(c.visitor, { storesProduct: { productSlug: 'no-such-thing' } })).status).toBe(404);
    const hidden = await createProduct(srv, c.owner, { visible: false });
    expect((await session(c.visitor, { storesProduct: { productId: hidden.id } })).status).toBe(404);
  });

  it('two targets at once are refused', async () => {
    const res = await session(c.visitor, { storesProduct: { productSlug: mug.slug }, login: {} });
    expect(violations(res.body)).toEqual(['auth:REQUIRED_ONE_OF_FIELD']);
  });
});
