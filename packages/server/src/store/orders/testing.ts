import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CreateOrderResponse, Order, Product } from '@plaza/contracts';
import type { TestServer } from '../../test/harness.js';
import { call } from '../../../test/http.js';
import { catalogProducts } from '../catalog/tables.js';
import { newCheckout, ref } from '../checkout/testing.js';
import { option, region } from '../shipping/testing.js';

/** Test helpers of the orders and payments tests, all through the real HTTP API. */

export const GOOD_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';
export const POOR_CARD = '4000000000009995';
export const PENDING_CARD = '4000000000003220';

export async function cardToken(srv: TestServer, auth: string, cardNumber = GOOD_CARD): Promise<string> {
  const res = await call<{ paymentToken: string }>(srv.url, 'POST', '/ecom/v1/payments/test-card/tokens', {
    auth,
    body: { cardNumber, expiryMonth: 12, expiryYear: 2099, cvc: '123' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.paymentToken;
}

/** Where test orders ship: a country no other test configures, with free post (so totals stay the items'). */
export const SHIP_TO = { country: 'IS', addressLine: 'Laugavegur 1', city: 'Reykjavík', postalCode: '101' };
export const SHIPPING = { shippingDestination: { address: SHIP_TO } };

const shippingReady = new WeakMap<TestServer, Promise<void>>();

/** Once per server: a region for SHIP_TO with a free option, so shipped items can be ordered (ship.* rules). */
export function ensureTestShipping(srv: TestServer): Promise<void> {
  let ready = shippingReady.get(srv);
  if (!ready) {
    ready = (async () => {
      const auth = await srv.createApiKey(['ecom'], 'test shipping');
      const post = await region(srv, auth, {
        name: 'Test post',
        destinationScope: 'SPECIFIC_DESTINATIONS',
        destinations: [{ country: SHIP_TO.country }],
      });
      await option(srv, auth, post.id, { title: 'Test post', rates: [{ price: { amount: '0' } }] });
    })();
    shippingReady.set(srv, ready);
  }
  return ready;
}

/** A checkout of `quantity` × product for `auth`, with the buyer's e-mail and (free) shipping to SHIP_TO. */
export async function checkoutFor(
  srv: TestServer,
  auth: string,
  product: Product,
  quantity = 1,
  info: Record<string, unknown> = {},
) {
  await ensureTestShipping(srv);
  return newCheckout(srv, auth, {
    lineItems: [{ catalogReference: ref(product.id), quantity }],
    checkoutInfo: { buyerInfo: { email: 'buyer@example.com' }, shippingInfo: SHIPPING, ...info },
    channelType: 'WEB',
  });
}

export const placeAndCharge = (srv: TestServer, auth: string, checkoutId: string, token: string, extra = {}) =>
  call<CreateOrderResponse>(srv.url, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order-and-charge`, {
    auth,
    body: { paymentToken: token, ...extra },
  });

export const place = (srv: TestServer, auth: string, checkoutId: string, body = {}) =>
  call<CreateOrderResponse>(srv.url, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, { auth, body });

export const collector = (srv: TestServer, auth: string, orderId: string, action: string, body?: unknown) =>
  call<Record<string, unknown>>(srv.url, 'POST', `/ecom/v1/payments-collector/orders/${orderId}/${action}`, {
    auth,
    ...(body !== undefined ? { body } : {}),
  });

export async function orderOf(srv: TestServer, auth: string, id: string): Promise<Order> {
  const res = await call<{ order: Order }>(srv.url, 'GET', `/ecom/v1/orders/${id}`, { auth });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order;
}

/** A product's stock count as the database has it now. */
export async function stockOf(srv: TestServer, productId: string): Promise<number> {
  const [p] = await srv
    .ctx()
    .db.select({ quantity: catalogProducts.quantity })
    .from(catalogProducts)
    .where(eq(catalogProducts.id, productId));
  return p!.quantity!;
}
