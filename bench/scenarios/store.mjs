// The store (issue 9): the storefront's product list. 60 products (a third with three size variants) in the catalog,
// one page of 20 with a visitor token, as a category page asks for it. Budget: ≥ 40% of /health in the same run.
// The file sorts after community.mjs on purpose: that file finds its own API key by the bare `api-key create` prefix.
const API_KEY = ['api-key', 'create', '--name', 'bench-catalog', '--scopes', 'catalog'];

/** @type {import('../lib/report.mjs').Scenario[]} */
export default [
  {
    name: 'GET /catalog/v1/products product list (20 items)',
    prepare: [API_KEY],
    async setup(ctx) {
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
      const [tokens] = await ctx.visitorTokens(1);
      return {
        method: 'GET',
        path: `/catalog/v1/products?collectionId=${collection.id}&sort=PRICE_ASC&limit=20`,
        headers: { authorization: `Bearer ${tokens.access_token}` },
      };
    },
    target: { minRatio: 0.4 },
  },
];
