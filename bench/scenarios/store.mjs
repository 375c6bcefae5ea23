// The store (issue 9): the storefront's product list. 60 products (a third with three size variants) in the catalog,
// one page of 20 with a visitor token, as a category page asks for it. Budget: ≥ 40% of /health in the same run.
// GraphQL scenarios (issue 22) follow their REST twin, so both meet the same machine; each is measured against it.
// The file sorts after community.mjs on purpose: that file finds its own API key by the bare `api-key create` prefix.
const API_KEY = ['api-key', 'create', '--name', 'bench-catalog', '--scopes', 'catalog'];

const CART_KEY = ['api-key', 'create', '--name', 'bench-cart', '--scopes', 'catalog'];
const REST_LIST = 'GET /catalog/v1/products product list (20 items)';
const REST_CART = 'GET /ecom/v1/carts/current cart read (3 items)';

/** What a category page shows of each product, asked for by GraphQL. */
const LIST_QUERY = `query CategoryPage($collectionId: String) {
  catalogProducts(collectionId: $collectionId, sort: PRICE_ASC, limit: 20) {
    products {
      id name slug
      price { amount formattedAmount }
      media { url altText }
      inventory { trackQuantity quantity inStock }
      variants { id price { amount formattedAmount } }
    }
  }
}`;

/** What the cart page shows: each line with its price and availability, and the totals. */
const CART_QUERY = `query CartPage {
  ecomCartsCurrent {
    cart {
      id currency
      lineItems {
        id quantity productName
        catalogReference { catalogItemId }
        price { amount formattedAmount }
        lineItemPrice { amount formattedAmount }
        availability { status quantityAvailable }
      }
      subtotal { amount formattedAmount }
      priceSummary { total { amount formattedAmount } }
    }
  }
}`;

/** @type {import('../lib/report.mjs').Scenario[]} */
export default [
  {
    name: REST_LIST,
    prepare: [API_KEY],
    async setup(ctx) {
      const { collectionId, visitor } = await productListFixture(ctx);
      return {
        method: 'GET',
        path: `/catalog/v1/products?collectionId=${collectionId}&sort=PRICE_ASC&limit=20`,
        headers: visitor,
      };
    },
    target: { minRatio: 0.4 },
  },
  // The same page through GraphQL, with the fields a category page shows. Budget: ≥ 70% of the REST list's req/s.
  {
    name: 'POST /graphql/alpha catalogProducts product list (20 items)',
    prepare: [API_KEY],
    async setup(ctx) {
      const { collectionId, visitor } = await productListFixture(ctx);
      return graphqlLoad(
        ctx,
        visitor,
        LIST_QUERY,
        { collectionId },
        (data) => data.catalogProducts.products.length === 20,
      );
    },
    target: { twin: { name: REST_LIST, minRatio: 0.7 } },
  },
  // --- estimate totals (totals engine) -----------------------------------------------------------------------------
  // A visitor's cart of 3 products (one in a discounted collection) with a coupon, estimated for a Los Angeles
  // address: discount rules + coupon, shipping options, manual tax in four jurisdictions, validations (no app). The
  // configuration is read through caches, so a run costs the cart row and no configuration SQL.
  // Budget: ≥ 10% of /health.
  {
    name: 'POST /ecom/v1/carts/current/estimate-totals (rules, coupon, shipping, tax)',
    prepare: [['api-key', 'create', '--name', 'bench-totals', '--scopes', 'catalog,ecom']],
    async setup(ctx) {
      const key = ctx.prepared('api-key create --name bench-totals').trim().split('\n').at(-1);
      const admin = { authorization: key };
      const { collection } = await ctx.postJson('/catalog/v1/collections', { collection: { name: 'Totals' } }, admin);
      const products = [];
      for (let i = 0; i < 3; i++) {
        const { product } = await ctx.postJson(
          '/catalog/v1/products',
          {
            product: {
              name: `Totals product ${i}`,
              productType: 'PHYSICAL',
              price: { amount: `${20 + i}.99` },
              ...(i === 0 ? { collectionIds: [collection.id] } : {}),
            },
          },
          admin,
        );
        products.push(product);
      }
      await ctx.worldwideShipping(admin, 'Standard', '5');
      await ctx.postJson(
        '/ecom/v1/tax-regions',
        {
          taxRegion: {
            country: 'US',
            subdivision: 'US-CA',
            jurisdictions: [
              { name: 'California', type: 'STATE', rate: '0.06' },
              { name: 'Los Angeles County', type: 'COUNTY', rate: '0.0025' },
              { name: 'Los Angeles', type: 'CITY', rate: '0.0125' },
              { name: 'LA Transit District', type: 'SPECIAL', rate: '0.0075' },
            ],
          },
        },
        admin,
      );
      await ctx.postJson(
        '/ecom/v1/discount-rules',
        {
          discountRule: {
            name: 'Collection 20% off',
            discount: {
              type: 'PERCENTAGE',
              percentage: 20,
              scope: 'SPECIFIC_ITEMS',
              items: { type: 'CUSTOM_FILTER', customFilter: { collectionIds: [collection.id] } },
            },
          },
        },
        admin,
      );
      await ctx.postJson(
        '/ecom/v1/discount-rules',
        {
          discountRule: {
            name: '5% from $50',
            trigger: { type: 'SUBTOTAL_RANGE', subtotalRange: { from: { amount: '50' } } },
            discount: { type: 'PERCENTAGE', percentage: 5, scope: 'GLOBAL' },
          },
        },
        admin,
      );
      await ctx.postJson(
        '/ecom/v1/coupons',
        {
          coupon: {
            code: 'BENCH5',
            name: 'Bench',
            discount: { type: 'FIXED_AMOUNT', fixedAmount: { amount: '5' }, scope: 'GLOBAL' },
          },
        },
        admin,
      );
      const [tokens] = await ctx.visitorTokens(1);
      const visitor = { authorization: `Bearer ${tokens.access_token}` };
      await ctx.postJson(
        '/ecom/v1/carts/current/add-to-cart',
        {
          lineItems: products.map((p, i) => ({
            catalogReference: { appId: 'plaza-catalog', catalogItemId: p.id },
            quantity: i + 1,
          })),
        },
        visitor,
      );
      const patched = await fetch(`${ctx.url}/ecom/v1/carts/current`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...visitor },
        body: JSON.stringify({ couponCode: 'BENCH5' }),
      });
      if (!patched.ok) throw new Error(`coupon: ${patched.status} ${await patched.text()}`);
      return {
        method: 'POST',
        path: '/ecom/v1/carts/current/estimate-totals',
        headers: { 'content-type': 'application/json', ...visitor },
        body: JSON.stringify({
          shippingAddress: { country: 'US', subdivision: 'US-CA', city: 'Los Angeles' },
          calculateShipping: true,
          calculateTax: true,
        }),
      };
    },
    target: { minRatio: 0.1 },
  },
  // --- end estimate totals ---------------------------------------------------------------------------------------------
  // --- add to cart (current cart) ---------------------------------------------------------------------------------
  // One product (stock not tracked) added by 200 visitors in turn (distinct carts), then by one visitor from every
  // connection (one cart: every add waits for the row lock and must still succeed). With PLAZA_SQL_COUNT=1 in the
  // environment the server answers `x-plaza-sql-statements` and setup prints the statements per add-to-cart
  // (budget 6: BEGIN, create-or-lock, catalog read, UPDATE, outbox INSERT, COMMIT).
  // Budgets: distinct carts ≥ 15% of /health on PGlite (≥ 20% on PostgreSQL), p99 ≤ 50 ms; one cart: 0 errors.
  {
    name: 'POST /ecom/v1/carts/current/add-to-cart (distinct carts)',
    prepare: [CART_KEY],
    async setup(ctx) {
      const { body, visitors } = await cartFixture(ctx, 200);
      let next = 0;
      return {
        requests: [
          {
            method: 'POST',
            path: CART_ADD,
            setupRequest: (req) => ({
              ...req,
              headers: { ...JSON_HEADERS, ...visitors[next++ % visitors.length] },
              body,
            }),
          },
        ],
      };
    },
    target: { minRatio: process.env.BENCH_DATABASE_URL ? 0.2 : 0.15, maxP99Ms: 50 },
  },
  {
    name: 'POST /ecom/v1/carts/current/add-to-cart (one cart)',
    async setup(ctx) {
      const { body, visitors } = await cartFixture(ctx, 1);
      return { method: 'POST', path: CART_ADD, headers: { ...JSON_HEADERS, ...visitors[0] }, body };
    },
  },
  // --- end add to cart -------------------------------------------------------------------------------------------------
  // --- cart read, REST and GraphQL (issue 22) -----------------------------------------------------------------------
  // A visitor's cart of 3 catalog items read back, as the cart page does. Budget: GraphQL ≥ 70% of REST's req/s.
  {
    name: REST_CART,
    prepare: [CART_KEY],
    async setup(ctx) {
      const { visitor } = await cartReadFixture(ctx);
      return { method: 'GET', path: '/ecom/v1/carts/current', headers: visitor };
    },
  },
  {
    name: 'POST /graphql/alpha ecomCartsCurrent cart read (3 items)',
    prepare: [CART_KEY],
    async setup(ctx) {
      const { visitor } = await cartReadFixture(ctx);
      return graphqlLoad(
        ctx,
        visitor,
        CART_QUERY,
        undefined,
        (data) => data.ecomCartsCurrent.cart.lineItems.length === 3,
      );
    },
    target: { twin: { name: REST_CART, minRatio: 0.7 } },
  },
  // --- end cart read ---------------------------------------------------------------------------------------------------
];

const CART_ADD = '/ecom/v1/carts/current/add-to-cart';
const JSON_HEADERS = { 'content-type': 'application/json' };
/** @type {Promise<string> | undefined} */
let cartProduct;

/** A product (made once per run), `n` visitors' auth headers, and the add-to-cart body; prints the SQL count. */
async function cartFixture(ctx, n) {
  cartProduct ??= (async () => {
    const key = ctx.prepared('api-key create --name bench-cart').trim().split('\n').at(-1);
    const { product } = await ctx.postJson(
      '/catalog/v1/products',
      { product: { name: 'Cart bench mug', productType: 'PHYSICAL', price: { amount: '12.50' } } },
      { authorization: key },
    );
    return product.id;
  })();
  const body = JSON.stringify({
    lineItems: [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: await cartProduct }, quantity: 1 }],
  });
  const visitors = (await ctx.visitorTokens(n)).map((t) => ({ authorization: `Bearer ${t.access_token}` }));
  // Two adds on a fresh cart of its own: the first creates the cart, the second is the steady state measured.
  const [probe] = await ctx.visitorTokens(1);
  const counts = [];
  for (let i = 0; i < 2; i++) {
    const res = await fetch(ctx.url + CART_ADD, {
      method: 'POST',
      headers: { ...JSON_HEADERS, authorization: `Bearer ${probe.access_token}` },
      body,
    });
    if (!res.ok) throw new Error(`add-to-cart: ${res.status} ${await res.text()}`);
    counts.push(res.headers.get('x-plaza-sql-statements'));
  }
  console.log(
    counts[1] == null
      ? '  [cart] SQL statements per add-to-cart: run with PLAZA_SQL_COUNT=1 to count them'
      : `  [cart] SQL statements per add-to-cart: ${counts[1]} (first add, creating the cart: ${counts[0]}; budget 6)`,
  );
  return { body, visitors };
}

/** @type {Promise<string> | undefined} */
let productList;

/** The collection of 60 products (made once per run, for REST and GraphQL alike) and a visitor's auth header. */
async function productListFixture(ctx) {
  productList ??= (async () => {
    const key = ctx.prepared('api-key create --name bench-catalog').trim().split('\n').at(-1);
    const { collection } = await ctx.postJson(
      '/catalog/v1/collections',
      { collection: { name: 'Bench' } },
      { authorization: key },
    );
    for (let i = 0; i < 60; i++) {
      const variants =
        i % 3 === 0
          ? {
              options: [{ name: 'Size', choices: ['S', 'M', 'L'] }],
              variants: ['S', 'M', 'L'].map((s) => ({
                choices: { Size: s },
                inventory: { trackQuantity: true, quantity: 5 },
              })),
            }
          : { inventory: { trackQuantity: true, quantity: 10 } };
      await ctx.postJson(
        '/catalog/v1/products',
        {
          product: {
            name: `Bench product ${i}`,
            productType: 'PHYSICAL',
            price: { amount: `${10 + i}.99` },
            description: 'A product for the benchmark, with a sentence of description.',
            media: [{ url: '/demo/mug-blue.svg', altText: 'A mug' }],
            collectionIds: [collection.id],
            ...variants,
          },
        },
        { authorization: key },
      );
    }
    return collection.id;
  })();
  const collectionId = await productList;
  const [tokens] = await ctx.visitorTokens(1);
  return { collectionId, visitor: { authorization: `Bearer ${tokens.access_token}` } };
}

/** @type {Promise<Record<string, string>> | undefined} */
let cartReader;

/** One visitor with a cart of 3 catalog items (made once per run); REST and GraphQL read the same cart. */
async function cartReadFixture(ctx) {
  cartReader ??= (async () => {
    const key = ctx.prepared('api-key create --name bench-cart').trim().split('\n').at(-1);
    const lineItems = [];
    for (let i = 0; i < 3; i++) {
      const { product } = await ctx.postJson(
        '/catalog/v1/products',
        {
          product: {
            name: `Cart read product ${i}`,
            productType: 'PHYSICAL',
            price: { amount: `${15 + i}.00` },
            media: [{ url: '/demo/mug-blue.svg', altText: 'A mug' }],
          },
        },
        { authorization: key },
      );
      lineItems.push({ catalogReference: { appId: 'plaza-catalog', catalogItemId: product.id }, quantity: i + 1 });
    }
    const [tokens] = await ctx.visitorTokens(1);
    const visitor = { authorization: `Bearer ${tokens.access_token}` };
    await ctx.postJson(CART_ADD, { lineItems }, visitor);
    return visitor;
  })();
  return { visitor: await cartReader };
}

/**
 * A load of one GraphQL query: checked once before the run (no errors, the expected data), and every answer of the
 * run is checked for `errors`, since GraphQL answers a failed field with status 200 (such answers count as errors).
 */
async function graphqlLoad(ctx, auth, query, variables, expected) {
  const request = { query, ...(variables ? { variables } : {}) };
  const first = await ctx.postJson('/graphql/alpha', request, auth);
  if (first.errors || !expected(first.data)) {
    throw new Error(`GraphQL bench query: unexpected answer ${JSON.stringify(first).slice(0, 300)}`);
  }
  return {
    method: 'POST',
    path: '/graphql/alpha',
    headers: { ...JSON_HEADERS, ...auth },
    body: JSON.stringify(request),
    verifyBody: (text) => !text.includes('"errors":'),
  };
}
