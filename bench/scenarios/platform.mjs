// Platform scenarios: health, visitor tokens (issue and refresh) and the site settings.
//
// A scenario is data:
//   name      what the table shows
//   baseline  true for the one every ratio is measured against (GET /health)
//   request   autocannon options merged into the run (method, path, headers, body, requests…)
//   setup     async (ctx: BenchContext) => more autocannon options, run once before the load (tokens, fixtures)
//   target    { minRatio } : req/s must reach this fraction of the baseline's req/s in the same run
// Every scenario must finish with zero errors (non-2xx, socket errors, timeouts).

const JSON_HEADERS = { 'content-type': 'application/json' };

/** @type {import('../lib/report.mjs').Scenario[]} */
export default [
  {
    name: 'GET /health',
    baseline: true,
    request: { method: 'GET', path: '/health' },
  },
  {
    name: 'POST /oauth2/token anonymous',
    request: {
      method: 'POST',
      path: '/oauth2/token',
      headers: JSON_HEADERS,
      body: JSON.stringify({ grantType: 'anonymous', clientId: 'plaza-web' }),
    },
    target: { minRatio: 0.25 },
  },
  {
    name: 'POST /oauth2/token refresh',
    // Each refresh token works once, so every request takes an unused one from a pool and puts the token it
    // got back in: rotation chains like real clients do. The pool only needs to cover requests in flight
    // (plus the few lost when a run stops mid-request).
    async setup(ctx) {
      const pool = (await ctx.visitorTokens(ctx.connections * 10)).map((t) => t.refresh_token);
      return {
        requests: [
          {
            method: 'POST',
            path: '/oauth2/token',
            headers: JSON_HEADERS,
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({ grantType: 'refresh_token', clientId: ctx.clientId, refreshToken: pool.shift() }),
            }),
            onResponse: (status, body) => {
              if (status === 200) pool.push(JSON.parse(body).refresh_token);
            },
          },
        ],
      };
    },
  },
  {
    name: 'GET /site/v1/site visitor',
    async setup(ctx) {
      const [tokens] = await ctx.visitorTokens(1);
      return { method: 'GET', path: '/site/v1/site', headers: { authorization: `Bearer ${tokens.access_token}` } };
    },
    target: { minRatio: 0.5 },
  },
];
