// Orders at a million (issue 10). The dashboard's order reads, as the owner signed in through the web app, timed one
// request at a time (a request's own cost, not a queue) at 100,000 orders and again after topping up to 1,000,000
// (`plaza load-data --orders N`, two years of orders):
// - the Orders page's default list: POST /ecom/v1/orders/search { search: { cursorPaging: { limit: 50 } } };
// - a filtered search: paymentStatus PAID and tag `vip` (about 7% of the orders), newest first;
// - the Overview's sales card: POST /ecom/v1/orders/aggregate by day over the last 14 days (SalesCard.tsx).
// Budgets: list and filtered search p95 <= 50 ms at 1M, and their cost at 1M < 2x their cost at 100k (cost: the
// median, which other processes on the machine move far less than the p95); aggregate p95 <= 200 ms at 1M. For the record (no budget): page 20 of the filtered search, and an all-time aggregate by payment status.
// PostgreSQL only (BENCH_DATABASE_URL), and only when selected: BENCH_SCENARIOS=orders-scale (the loads take minutes).
import { createHash, randomBytes } from 'node:crypto';

const SMALL = 100_000;
const LARGE = 1_000_000;
const SAMPLES = Number(process.env.BENCH_ORDERS_SAMPLES ?? 400);
const WARMUP = 40;

/** An access token of the owner, as the web app gets one: login, authorize with the session token, code exchange. */
async function ownerAuthorization(ctx) {
  if (!ctx.owner) throw new Error('the server did not print the owner login (not a fresh database?)');
  const login = await ctx.postJson('/identity/v2/login', {
    loginId: { email: ctx.owner.email },
    password: ctx.owner.password,
  });
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${ctx.url.replace('127.0.0.1', 'localhost')}/auth/callback`;
  const params = new URLSearchParams({
    client_id: ctx.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'bench',
    sessionToken: login.sessionToken,
    response_mode: 'query',
  });
  const res = await fetch(`${ctx.url}/oauth2/authorize?${params}`, { redirect: 'manual' });
  const code = new URL(res.headers.get('location') ?? '', ctx.url).searchParams.get('code');
  if (!code) throw new Error(`no code from the authorize endpoint: ${res.status} ${res.headers.get('location')}`);
  const tokens = await ctx.postJson('/oauth2/token', {
    grantType: 'authorization_code',
    clientId: ctx.clientId,
    code,
    codeVerifier: verifier,
    redirectUri,
  });
  return `Bearer ${tokens.access_token}`;
}

/** The Overview's request: the last 14 UTC days, canceled orders left out (apps/web SalesCard.tsx). */
function salesCardBody() {
  const from = new Date(Date.now() - 13 * 86_400_000).toISOString().slice(0, 10);
  return {
    aggregation: { groupBy: ['day'] },
    filter: { createdFrom: `${from}T00:00:00.000Z`, status: ['INITIALIZED', 'APPROVED', 'PENDING'] },
  };
}

const QUERIES = [
  {
    key: 'list',
    label: 'default list (50 newest)',
    path: '/ecom/v1/orders/search',
    body: () => ({ search: { cursorPaging: { limit: 50 } } }),
    check: (r) => r.orders.length === 50,
    budget: 50,
    scales: true,
  },
  {
    key: 'filtered',
    label: 'search PAID + tag vip',
    path: '/ecom/v1/orders/search',
    body: () => ({ search: { filter: { paymentStatus: ['PAID'], tags: ['vip'] }, cursorPaging: { limit: 50 } } }),
    check: (r) => r.orders.length === 50 && r.orders.every((o) => o.paymentStatus === 'PAID' && o.tags.includes('vip')),
    budget: 50,
    scales: true,
  },
  {
    // Keyset paging should cost what page 1 does; this shows whether it does (the cursor of page 20 is walked to).
    key: 'deep',
    label: 'search PAID + tag vip, page 20 (no budget)',
    path: '/ecom/v1/orders/search',
    async prepare(ctx, authorization) {
      const filter = { paymentStatus: ['PAID'], tags: ['vip'] };
      let cursor;
      for (let page = 1; page < 20; page++) {
        const r = await ctx.postJson(
          '/ecom/v1/orders/search',
          { search: { filter, cursorPaging: { limit: 50, ...(cursor ? { cursor } : {}) } } },
          { authorization },
        );
        cursor = r.metadata.cursor;
      }
      return () => ({ search: { cursorPaging: { limit: 50, cursor } } });
    },
    check: (r) => r.orders.length === 50,
    samples: 100,
  },
  {
    key: 'aggregate',
    label: 'sales card aggregate (14 days by day)',
    path: '/ecom/v1/orders/aggregate',
    body: salesCardBody,
    check: (r) => r.groups.length >= 14 && r.total.count > 0,
    budget: 200,
  },
  {
    key: 'aggregateAll',
    label: 'aggregate all time by paymentStatus (no budget)',
    path: '/ecom/v1/orders/aggregate',
    body: () => ({ aggregation: { groupBy: ['paymentStatus'] } }),
    check: (r) => r.groups.length > 3,
    samples: 20,
    warmup: 2,
  },
];

/** Times `samples` requests one after another; p50 and p95 in ms (exact, from every sample). */
async function time(ctx, authorization, q) {
  const body = q.prepare ? await q.prepare(ctx, authorization) : q.body;
  const post = async () => {
    const t = performance.now();
    const res = await fetch(ctx.url + q.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify(body()),
    });
    const text = await res.text();
    const ms = performance.now() - t;
    if (!res.ok) throw new Error(`POST ${q.path}: ${res.status} ${text.slice(0, 300)}`);
    if (!q.check(JSON.parse(text))) throw new Error(`POST ${q.path}: unexpected answer ${text.slice(0, 300)}`);
    return ms;
  };
  for (let i = 0; i < (q.warmup ?? WARMUP); i++) await post();
  const ms = [];
  for (let i = 0; i < (q.samples ?? SAMPLES); i++) ms.push(await post());
  ms.sort((a, b) => a - b);
  const at = (p) => ms[Math.min(ms.length - 1, Math.ceil(p * ms.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), samples: ms.length };
}

async function timeAll(ctx) {
  // A fresh token per round: the top-up between the two takes minutes.
  const authorization = await ownerAuthorization(ctx);
  const out = {};
  for (const q of QUERIES) out[q.key] = await time(ctx, authorization, q);
  return out;
}

const f = (n) => n.toFixed(1);

/** @type {import('../lib/report.mjs').Scenario[]} */
export default [
  {
    name: 'orders-scale: order search and aggregate at 100,000 and 1,000,000 orders',
    async measure(ctx, server) {
      const selected = (process.env.BENCH_SCENARIOS ?? '').includes('orders-scale');
      if (!selected || server.database !== 'postgres') {
        return {
          lines: ['skipped: runs with BENCH_SCENARIOS=orders-scale on PostgreSQL (BENCH_DATABASE_URL)'],
          data: { skipped: true },
          checks: [],
        };
      }
      const lines = [];
      const load = async (n) => {
        const t = performance.now();
        await server.cli(['load-data', '--orders', String(n)]);
        const s = (performance.now() - t) / 1000;
        lines.push(`loaded ${n.toLocaleString('en-US')} orders in ${f(s)} s (with VACUUM ANALYZE)`);
        return s;
      };
      const loadSmall = await load(SMALL);
      const small = await timeAll(ctx);
      const loadLarge = await load(LARGE - SMALL);
      const large = await timeAll(ctx);

      const checks = [];
      for (const q of QUERIES) {
        const a = small[q.key];
        const b = large[q.key];
        const ratio = b.p50 / a.p50;
        lines.push(
          `${q.label}: p50/p95 ${f(a.p50)}/${f(a.p95)} ms at 100k, ${f(b.p50)}/${f(b.p95)} ms at 1M ` +
            `(median x${ratio.toFixed(2)}, p95 x${(b.p95 / a.p95).toFixed(2)})`,
        );
        if (q.budget != null) {
          checks.push({
            name: `orders-scale ${q.label} p95 <= ${q.budget} ms at 1M`,
            ok: b.p95 <= q.budget,
            detail: `p95 ${f(b.p95)} ms`,
          });
        }
        if (q.scales) {
          checks.push({
            name: `orders-scale ${q.label} median at 1M < 2x at 100k`,
            ok: ratio < 2,
            detail: `${f(b.p50)} vs ${f(a.p50)} ms (x${ratio.toFixed(2)})`,
          });
        }
      }
      return { lines, data: { loadSeconds: { small: loadSmall, large: loadLarge }, small, large }, checks };
    },
  },
];
