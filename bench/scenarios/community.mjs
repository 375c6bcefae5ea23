// Members and reviews (issue 4), on a database loaded with 100,000 members and 10,000 reviews of one entity.
// Latency budgets are p95 (checked on autocannon's p97.5) at 4 connections, like a busy dashboard and storefront;
// throughput must reach 20% of /health in the same run.

const JSON_HEADERS = { 'content-type': 'application/json' };
const LOAD = ['load-data', '--members', '100000', '--reviews', '10000', '--entity', 'stores/load-product'];
const API_KEY = ['api-key', 'create', '--name', 'bench', '--scopes', 'members,reviews'];
const CONNECTIONS = 4;

/** The API key the prepare step printed (its last line). */
const apiKey = (ctx) => ctx.prepared('api-key create').trim().split('\n').at(-1);

async function visitorAuth(ctx) {
  const [tokens] = await ctx.visitorTokens(1);
  return `Bearer ${tokens.access_token}`;
}

/** @type {import('../lib/report.mjs').Scenario[]} */
export default [
  {
    name: 'POST /members/v1/members/query status + name (4 conns)',
    prepare: [LOAD, API_KEY],
    async setup(ctx) {
      return {
        connections: CONNECTIONS,
        method: 'POST',
        path: '/members/v1/members/query',
        headers: { ...JSON_HEADERS, authorization: apiKey(ctx) },
        body: JSON.stringify({
          query: {
            filter: { status: 'APPROVED' },
            sort: [{ fieldName: 'profile.nickname', order: 'ASC' }],
            paging: { limit: 50, offset: 0 },
          },
          fieldsets: ['FULL'],
        }),
      };
    },
    target: { maxP95Ms: 30, minRatio: 0.2 },
  },
  {
    name: 'POST /reviews/v1/reviews/query first page by relevance (4 conns)',
    prepare: [LOAD],
    async setup(ctx) {
      return {
        connections: CONNECTIONS,
        method: 'POST',
        path: '/reviews/v1/reviews/query',
        headers: { ...JSON_HEADERS, authorization: await visitorAuth(ctx) },
        body: JSON.stringify({
          query: {
            filter: { namespace: 'stores', entityId: 'load-product' },
            sort: [{ fieldName: 'relevanceScore', order: 'DESC' }],
            cursorPaging: { limit: 20 },
          },
        }),
      };
    },
    target: { maxP95Ms: 20, minRatio: 0.2 },
  },
  {
    name: 'GET /reviews/v1/rating-summary (4 conns)',
    prepare: [LOAD],
    async setup(ctx) {
      return {
        connections: CONNECTIONS,
        method: 'GET',
        path: '/reviews/v1/rating-summary?namespace=stores&entityId=load-product',
        headers: { authorization: await visitorAuth(ctx) },
      };
    },
    target: { maxP95Ms: 20, minRatio: 0.2 },
  },
];
