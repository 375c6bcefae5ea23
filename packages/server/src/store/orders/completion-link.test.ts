import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { createProduct, eventsOf } from '../catalog/testing.js';
import { cardToken, checkoutFor, place, placeAndCharge } from './testing.js';

let now = Date.now();
const { srv, c, keys } = serverSuite({ clock: () => new Date(now), cast: true, keys: { ecom: ['ecom'] } });
let mug: Product;

beforeAll(async () => {
  mug = await createProduct(srv, c.owner, { price: { amount: '12.00' } });
}, 120_000);

const link = (auth: string, checkoutId: string, body: unknown = {}) =>
  call<{ url: string; expirationDate: string }>(srv.url, 'POST', `/ecom/v1/checkouts/${checkoutId}/completion-link`, {
    auth,
    body,
  });
const follow = (url: string) => fetch(url.replace(/^https?:\/\/[^/]+/, srv.url), { redirect: 'manual' });

describe('mark-checkout-as-completed-and-redirect-to-url', () => {
  it('completes the checkout of a signed link and redirects where the merchant said, once', async () => {
    const co = await checkoutFor(srv, c.visitor, mug);
    const made = await link(keys.ecom, co.id, { redirectUrl: 'https://shop.example.com/thanks?ref=ext' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const res = await follow(made.body.url);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://shop.example.com/thanks?ref=ext');
    expect(await eventsOf(srv, co.id)).toContain('ecom.checkout.updated');
    // Completed: it cannot be placed any more, and following the link again is harmless.
    const placed = await place(srv, c.visitor, co.id);
    expect(placed.status).toBe(409);
    expect((await follow(made.body.url)).status).toBe(302);
  });

  it('refuses forged and expired links with a page, and strangers cannot make one', async () => {
    const co = await checkoutFor(srv, c.visitor, mug);
    const made = await link(c.owner, co.id, { expiresInMinutes: 5 });
    expect(made.status).toBe(200);
    const forged = made.body.url.replace(/token=([\w-]+)\./, 'token=$1x.');
    const bad = await follow(forged);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('text/html');
    expect(await bad.text()).toContain('This link is no longer valid');
    now += 6 * 60_000;
    expect((await follow(made.body.url)).status).toBe(400);
    expect((await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor))).status).toBe(200);

    const wrongUrl = await link(keys.ecom, co.id, { redirectUrl: 'javascript:alert(1)' });
    expect(wrongUrl.status).toBe(400);
    expect(violations(wrongUrl.body).join()).toContain('redirectUrl');
    expect((await link(c.visitor, co.id)).status).toBe(403);
    expect((await link(keys.ecom, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const missing = await fetch(`${srv.url}/ecom/v1/checkouts/mark-checkout-as-completed-and-redirect-to-url`);
    expect(missing.status).toBe(400);
  });
});
