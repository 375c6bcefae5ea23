// Orders (issue 10): placing an order and charging the test card, each request on a checkout of its own (a pool made
// in setup: placing one checkout twice answers the first order, which would measure the cheap path). The checkout
// has one item (stock not tracked), the buyer's e-mail and a US address with a shipping option. Each placement
// locks the checkout, re-prices it, charges the card, writes the order, its payment, the confirmation e-mail and
// its events in one transaction. Budget: ≥ 5% of /health (PostgreSQL), 0 errors.
// Enough for about 1,200 placements a second for the whole run (set BENCH_ORDER_POOL to override).
const poolFor = (seconds) => Number(process.env.BENCH_ORDER_POOL ?? Math.max(2500, 1200 * seconds));

/** @type {import('../lib/report.mjs').Scenario[]} */
export default [
  {
    name: 'POST /ecom/v1/checkouts/{id}/create-order-and-charge (test card)',
    prepare: [['api-key', 'create', '--name', 'bench-orders', '--scopes', 'catalog,ecom']],
    noWarmup: true,
    async setup(ctx) {
      const POOL = poolFor(ctx.duration);
      const key = ctx.prepared('api-key create --name bench-orders').trim().split('\n').at(-1);
      const admin = { authorization: key };
      const { product } = await ctx.postJson(
        '/catalog/v1/products',
        { product: { name: 'Order bench lamp', productType: 'PHYSICAL', price: { amount: '49.00' } } },
        admin,
      );
      await ctx.worldwideShipping(admin, 'Bench post', '4');
      const [visitor] = await ctx.visitorTokens(1);
      const auth = { authorization: `Bearer ${visitor.access_token}` };
      const { paymentToken } = await ctx.postJson(
        '/ecom/v1/payments/test-card/tokens',
        { cardNumber: '4242424242424242', expiryMonth: 12, expiryYear: 2099, cvc: '123' },
        auth,
      );
      const body = {
        lineItems: [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: product.id }, quantity: 1 }],
        checkoutInfo: {
          buyerInfo: { email: 'bench@example.com' },
          shippingInfo: {
            shippingDestination: {
              address: {
                country: 'US',
                subdivision: 'US-NY',
                addressLine: '350 5th Ave',
                city: 'New York',
                postalCode: '10001',
              },
            },
          },
        },
        channelType: 'WEB',
      };
      const ids = [];
      for (let i = 0; i < POOL; i += 25) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(25, POOL - i) }, () => ctx.postJson('/ecom/v1/checkouts', body, auth)),
        );
        ids.push(...batch.map((b) => b.checkout.id));
      }
      const payload = JSON.stringify({ paymentToken });
      let next = 0;
      return {
        requests: [
          {
            method: 'POST',
            path: '/',
            setupRequest: (req) => {
              const id = ids[next++];
              if (id === undefined) throw new Error(`the pool of ${POOL} checkouts ran out: raise BENCH_ORDER_POOL`);
              return {
                ...req,
                path: `/ecom/v1/checkouts/${id}/create-order-and-charge`,
                headers: { 'content-type': 'application/json', ...auth },
                body: payload,
              };
            },
          },
        ],
      };
    },
    target: { minRatio: 0.05 },
  },
];
