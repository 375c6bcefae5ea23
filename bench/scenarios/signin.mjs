// Sign-in scenarios (issue 3): password login and the authorization-code exchange.
import { createHash, randomBytes } from 'node:crypto';

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Logs the owner in and returns the session cookie the authorize endpoint sets for that browser. */
async function ownerSessionCookie(ctx, verifier) {
  const login = await ctx.postJson('/identity/v2/login', {
    loginId: { email: ctx.owner.email },
    password: ctx.owner.password,
  });
  const res = await fetch(authorizeUrl(ctx, verifier, { sessionToken: login.sessionToken, response_mode: 'query' }), {
    redirect: 'manual',
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`no session cookie: ${res.status}`);
  return cookie;
}

// The web app's client is registered for the server's public URL, which the bench sets to localhost.
const redirectUri = (ctx) => `${ctx.url.replace('127.0.0.1', 'localhost')}/auth/callback`;

function authorizeUrl(ctx, verifier, extra = {}) {
  const params = new URLSearchParams({
    client_id: ctx.clientId,
    redirect_uri: redirectUri(ctx),
    response_type: 'code',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'bench',
    ...extra,
  });
  return `${ctx.url}/oauth2/authorize?${params}`;
}

/** @type {import('../lib/report.mjs').Scenario[]} */
export default [
  {
    name: 'POST /identity/v2/login (4 conns)',
    // The budget is for real logins: every request runs the Argon2id password check.
    async setup(ctx) {
      if (!ctx.owner) throw new Error('the server did not print the owner login (not a fresh database?)');
      return {
        connections: 4,
        method: 'POST',
        path: '/identity/v2/login',
        headers: JSON_HEADERS,
        body: JSON.stringify({ loginId: { email: ctx.owner.email }, password: ctx.owner.password }),
      };
    },
    target: { maxP99Ms: 300 },
  },
  {
    name: 'POST /oauth2/token authorization_code',
    // Each code works once and lives 60 s: mint a pool just before the run (silent authorize with the session cookie,
    // web_message answers 200 with the code in the page), then exchange exactly that many, with no warm-up.
    noWarmup: true,
    async setup(ctx) {
      const verifier = randomBytes(32).toString('base64url');
      const cookie = await ownerSessionCookie(ctx, verifier);
      const url = authorizeUrl(ctx, verifier, { prompt: 'none', response_mode: 'web_message' });
      const codes = [];
      const want = Math.min(8000, 600 * ctx.duration);
      const mint = async () => {
        while (codes.length < want) {
          const html = await (await fetch(url, { headers: { cookie } })).text();
          const code = /"code":"([^"]+)"/.exec(html)?.[1];
          if (!code) throw new Error(`no code from the authorize endpoint: ${html.slice(0, 200)}`);
          codes.push(code);
        }
      };
      await Promise.all(Array.from({ length: 10 }, mint));
      return {
        amount: codes.length,
        requests: [
          {
            method: 'POST',
            path: '/oauth2/token',
            headers: JSON_HEADERS,
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({
                grantType: 'authorization_code',
                clientId: ctx.clientId,
                code: codes.pop(),
                codeVerifier: verifier,
                redirectUri: redirectUri(ctx),
              }),
            }),
          },
        ],
      };
    },
    target: { minRatio: 0.2 },
  },
];
