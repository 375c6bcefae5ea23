import type { CreateOrderResponse } from '@plaza/contracts';
import { call } from '../http.js';

// Storefront traffic through the load balancer: readers (product list, product page, cart) and order placers, each
// a loop until `stop()`. Every answer is counted; nothing is retried except a placement, as a shop's page retries it.

/** One HTTP call's outcome: its status, or 0 when the connection failed (reset, refused). */
async function attempt<T>(fn: () => Promise<{ status: number; body: T }>): Promise<{ status: number; body?: T }> {
  try {
    return await fn();
  } catch {
    return { status: 0 };
  }
}

export interface ReadStats {
  requests: number;
  errors: number;
  /** Non-2xx answers and failed connections by status (0: no answer). */
  errorsByStatus: Record<number, number>;
  latenciesMs: number[];
}

export interface Shop {
  url: string;
  clientId: string;
  productId: string;
  /** A test-card payment token of the shop: signed by it, not bound to a shopper. */
  paymentToken: string;
}

const lineOf = (productId: string) => ({
  catalogReference: { appId: 'plaza-catalog', catalogItemId: productId },
  quantity: 1,
});

export async function visitorToken(url: string, clientId: string): Promise<string> {
  const res = await call<{ access_token: string }>(url, 'POST', '/oauth2/token', {
    body: { grantType: 'anonymous', clientId },
  });
  if (res.status !== 200) throw new Error(`visitor token: ${res.status} ${JSON.stringify(res.body)}`);
  return `Bearer ${res.body.access_token}`;
}

/** Runs `connections` workers at once until `stop()`, which tells them (`halt`) and waits for them to finish. */
function runUntilStopped<S>(connections: number, worker: () => Promise<void>, stats: S, halt: () => void) {
  const running = Promise.all(Array.from({ length: connections }, worker));
  return {
    stats,
    stop: async () => {
      halt();
      await running;
      return stats;
    },
  };
}

/** `connections` readers, each a visitor with one item in the cart, cycling through three storefront reads. */
export async function startReaders(shop: Shop, connections: number) {
  const stats: ReadStats = { requests: 0, errors: 0, errorsByStatus: {}, latenciesMs: [] };
  let stopped = false;
  const paths = ['/catalog/v1/products?limit=20', `/catalog/v1/products/${shop.productId}`, '/ecom/v1/carts/current'];
  const reader = async () => {
    const auth = await visitorToken(shop.url, shop.clientId);
    await call(shop.url, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      auth,
      body: { lineItems: [lineOf(shop.productId)] },
    });
    for (let i = 0; !stopped; i++) {
      const started = performance.now();
      const res = await attempt(() => call(shop.url, 'GET', paths[i % paths.length]!, { auth }));
      stats.latenciesMs.push(performance.now() - started);
      stats.requests++;
      if (res.status < 200 || res.status > 299) {
        stats.errors++;
        stats.errorsByStatus[res.status] = (stats.errorsByStatus[res.status] ?? 0) + 1;
      }
    }
  };
  return runUntilStopped(connections, reader, stats, () => (stopped = true));
}

export interface Placement {
  checkoutId: string;
  email: string;
  /** The order the API acknowledged (2xx), when it did. */
  orderId?: string;
  /** Attempts of create-order-and-charge that got no 2xx (a failed connection, a 502/503 while a node went away). */
  failedAttempts: number;
}

export interface PlaceStats {
  placements: Placement[];
  /** Shoppers who did not get as far as a checkout (a step before placing failed): no order can exist for them. */
  abandoned: number;
}

/**
 * `connections` shoppers in a loop: a visitor token, add to cart, a checkout from the cart, create-order-and-charge
 * with the test card. A placement that gets no answer is tried again (up to 3 times, as the storefront's page would):
 * a committed one answers its order, so a retry never makes a second one.
 */
export async function startPlacers(shop: Shop, connections: number) {
  const stats: PlaceStats = { placements: [], abandoned: 0 };
  let stopped = false;
  let seq = 0;
  const shopper = async (auth: string, n: number): Promise<Placement | undefined> => {
    const cart = await attempt(() =>
      call(shop.url, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        auth,
        body: { lineItems: [lineOf(shop.productId)] },
      }),
    );
    if (cart.status !== 200) return undefined;
    const email = `buyer-${n}@example.com`;
    const co = await attempt(() =>
      call<{ checkout: { id: string } }>(shop.url, 'POST', '/ecom/v1/carts/current/create-checkout', {
        auth,
        body: { email },
      }),
    );
    if (co.status !== 200 || !co.body) return undefined;
    const placement: Placement = { checkoutId: co.body.checkout.id, email, failedAttempts: 0 };
    for (let tries = 0; tries < 3 && !placement.orderId; tries++) {
      const res = await attempt(() =>
        call<CreateOrderResponse>(
          shop.url,
          'POST',
          `/ecom/v1/checkouts/${placement.checkoutId}/create-order-and-charge`,
          {
            auth,
            body: { paymentToken: shop.paymentToken },
          },
        ),
      );
      if (res.status === 200 && res.body) placement.orderId = res.body.orderId;
      else {
        placement.failedAttempts++;
        await new Promise((r) => setTimeout(r, 300));
      }
    }
    return placement;
  };
  const placer = async () => {
    while (!stopped) {
      const n = ++seq;
      let placement: Placement | undefined;
      try {
        placement = await shopper(await visitorToken(shop.url, shop.clientId), n);
      } catch {
        placement = undefined;
      }
      if (placement) stats.placements.push(placement);
      else stats.abandoned++;
    }
  };
  return runUntilStopped(connections, placer, stats, () => (stopped = true));
}

/** The p-th percentile (0-100) of `values`, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
