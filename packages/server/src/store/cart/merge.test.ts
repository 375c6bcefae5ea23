import { beforeAll, describe, expect, it } from 'vitest';
import type { Product, TokenResponse } from '@plaza/contracts';
import { newMember, type TestMember } from '../../test/community.js';
import { authorizationCode, codeGrant } from '../../test/oauth-code.js';
import { serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { addToCart, cartCall, item } from './testing.js';

/** A visitor's cart joins the member's at sign-in (the code exchange carries the visitor's token). */

const { srv } = serverSuite();
let owner: string;
let mug: Product;
let lamp: Product;

beforeAll(async () => {
  const { sessionToken } = await srv.signIn();
  owner = await ownerToken(sessionToken);
  mug = await createProduct(srv, owner, { price: { amount: '10.00' } });
  lamp = await createProduct(srv, owner, { price: { amount: '30.00' } });
}, 90_000);

const exchange = async (sessionToken: string, visitorToken?: string) => {
  const issued = await authorizationCode(srv, sessionToken);
  return call<TokenResponse>(srv.url, 'POST', '/oauth2/token', {
    body: { ...codeGrant(srv, issued), ...(visitorToken ? { visitorToken } : {}) },
  });
};

async function ownerToken(sessionToken: string) {
  const res = await exchange(sessionToken);
  return `Bearer ${res.body.access_token}`;
}

async function signInAs(m: TestMember, visitorToken?: string) {
  const { sessionToken } = await srv.signIn(m.email);
  const res = await exchange(sessionToken, visitorToken);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return `Bearer ${res.body.access_token}`;
}

const quantities = (cart: { lineItems: Array<{ productName: string; quantity: number }> }) =>
  Object.fromEntries(cart.lineItems.map((l) => [l.productName, l.quantity]));

describe('cart merge at sign-in', () => {
  it("sums the visitor's lines into the member's cart and removes the visitor's cart", async () => {
    const m = await newMember(srv);
    await addToCart(srv, m.auth, [item(mug.id, 1)]);
    const visitorToken = await srv.visitorToken();
    const v = `Bearer ${visitorToken}`;
    await addToCart(srv, v, [item(mug.id, 2), item(lamp.id, 1)]);
    const member = await signInAs(m, visitorToken);
    const cart = (await cartCall(srv, member, 'GET')).body.cart;
    expect(quantities(cart)).toEqual({ [mug.name]: 3, [lamp.name]: 1 });
    expect(cart.priceSummary.subtotal.amount).toBe('60.00');
    expect((await cartCall(srv, v, 'GET')).status).toBe(404);
  });

  it("a member without a cart gets the visitor's; a token that is not a visitor's is ignored", async () => {
    const m = await newMember(srv);
    const visitorToken = await srv.visitorToken();
    await addToCart(srv, `Bearer ${visitorToken}`, [item(lamp.id, 2)]);
    const member = await signInAs(m, visitorToken);
    expect(quantities((await cartCall(srv, member, 'GET')).body.cart)).toEqual({ [lamp.name]: 2 });

    const other = await newMember(srv);
    // A member's own access token in place of a visitor token: sign-in works, nothing merges.
    const signedIn = await signInAs(other, member.replace('Bearer ', ''));
    expect((await cartCall(srv, signedIn, 'GET')).status).toBe(404);
    const garbage = await signInAs(other, 'not-a-token');
    expect(garbage).toMatch(/^Bearer /);
  });

  it('leaves the cart of a visitor withdrawn for refresh-token reuse where it is', async () => {
    // The token may be the stolen one: signing in with it must not carry the victim's cart into another account.
    const anonymous = async (body: Record<string, unknown>) =>
      call<TokenResponse>(srv.url, 'POST', '/oauth2/token', { body: { clientId: srv.clientId, ...body } });
    const visitor = (await anonymous({ grantType: 'anonymous' })).body;
    await addToCart(srv, `Bearer ${visitor.access_token}`, [item(mug.id, 1)]);
    await anonymous({ grantType: 'refresh_token', refreshToken: visitor.refresh_token });
    expect((await anonymous({ grantType: 'refresh_token', refreshToken: visitor.refresh_token })).status).toBe(400);
    const member = await signInAs(await newMember(srv), visitor.access_token);
    expect((await cartCall(srv, member, 'GET')).status).toBe(404);
  });

  it('a merge while the visitor and the member add at the same time keeps every item', async () => {
    const m = await newMember(srv);
    const visitorToken = await srv.visitorToken();
    const v = `Bearer ${visitorToken}`;
    await addToCart(srv, v, [item(mug.id, 1)]);
    const [, visitorAdd, memberAdd] = await Promise.all([
      signInAs(m, visitorToken),
      cartCall(srv, v, 'POST', '/add-to-cart', { lineItems: [item(mug.id, 4)] }),
      cartCall(srv, m.auth, 'POST', '/add-to-cart', { lineItems: [item(lamp.id, 1)] }),
    ]);
    expect([visitorAdd.status, memberAdd.status]).toEqual([200, 200]);
    const memberCart = quantities((await cartCall(srv, m.auth, 'GET')).body.cart);
    const leftover = await cartCall(srv, v, 'GET');
    // The visitor's add landed before the merge (in the member's cart) or after it (in a new visitor cart).
    const leftoverMugs = leftover.status === 200 ? (quantities(leftover.body.cart)[mug.name] ?? 0) : 0;
    expect(memberCart[lamp.name]).toBe(1);
    expect((memberCart[mug.name] ?? 0) + leftoverMugs).toBe(5);
  });
});
