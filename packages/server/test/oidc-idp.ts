import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (the `oidc-provider` package) on a random local port, for SSO tests. Its development
 * login form accepts any user name; every account gets the e-mail `<name>@idp.example`.
 */
export async function startIdp(opts: {
  redirectUri: string;
  clientId: string;
  clientSecret: string;
  emailVerified?: boolean;
}) {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: `${id}@idp.example`,
        email_verified: opts.emailVerified ?? true,
        name: `User ${id}`,
      }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['plaza-test-idp'] },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));
  return { issuer, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Drives a browser-like round trip: follows redirects with a cookie jar and submits the IdP's login and consent forms. */
export async function browse(start: string, stopWhen: (url: URL) => boolean, login = 'alice'): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(start);
  let init: RequestInit = {};
  for (let hop = 0; hop < 30; hop++) {
    if (stopWhen(url)) return url;
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as object), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    init = {};
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url);
      continue;
    }
    const html = await res.text();
    if (res.status === 200 && url.pathname.startsWith('/interaction/')) {
      const action = new URL(/action="([^"]+)"/.exec(html)![1]!, url);
      const prompt = /name="login"/.test(html) ? `prompt=login&login=${login}&password=x` : 'prompt=consent';
      url = action;
      init = { method: 'POST', body: prompt, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
      continue;
    }
    throw new Error(`unexpected ${res.status} at ${url}: ${html.replace(/<[^>]+>/g, ' ').slice(0, 800)}`);
  }
  throw new Error('too many redirects');
}
