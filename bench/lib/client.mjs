// The context scenarios set themselves up with: the server's address and helpers that call it with fetch.

export const WEB_CLIENT_ID = 'plaza-web';

/**
 * @typedef {{ access_token: string, refresh_token: string, expires_in: number }} Tokens
 * @typedef {object} BenchContext
 * @property {string} url               the server's base URL
 * @property {string} clientId          the seeded web app's OAuth client
 * @property {number} connections       connections each scenario runs with
 * @property {number} duration          seconds each scenario runs
 * @property {(path: string, body: unknown, headers?: Record<string, string>) => Promise<any>} postJson
 * @property {(path: string, headers?: Record<string, string>) => Promise<any>} getJson
 * @property {(admin: Record<string, string>, title: string, amount: string) => Promise<void>} worldwideShipping
 * @property {(n: number) => Promise<Tokens[]>} visitorTokens  n fresh anonymous visitor token pairs
 * @property {{ email: string, password: string } | undefined} owner  the owner's login, as the server printed it
 * @property {(command: string) => string} prepared  the output of the `prepare` command starting with this text
 */

/**
 * @param {{ url: string, connections: number, duration: number }} opts
 * @returns {BenchContext}
 */
export function createContext({ url, connections, duration, serverLog = () => '', prepared: preparedRuns = [] }) {
  async function postJson(path, body, headers = {}) {
    const res = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  }

  async function getJson(path, headers = {}) {
    const res = await fetch(url + path, { headers });
    const text = await res.text();
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  }

  /** A shipping option of `amount` to anywhere: in the worldwide region a fresh site already has (or a new one). */
  async function worldwideShipping(admin, title, amount) {
    const { shippingRegions } = await getJson('/ecom/v1/shipping-regions', admin);
    const regionId =
      shippingRegions.find((r) => r.destinationScope === 'WORLDWIDE')?.id ??
      (
        await postJson(
          '/ecom/v1/shipping-regions',
          { shippingRegion: { name: 'World', destinationScope: 'WORLDWIDE' } },
          admin,
        )
      ).shippingRegion.id;
    await postJson(
      '/ecom/v1/shipping-options',
      { shippingOption: { shippingRegionId: regionId, title, rates: [{ price: { amount } }] } },
      admin,
    );
  }

  async function visitorTokens(n) {
    const out = [];
    let next = 0;
    const worker = async () => {
      while (next < n) {
        next++;
        out.push(await postJson('/oauth2/token', { grantType: 'anonymous', clientId: WEB_CLIENT_ID }));
      }
    };
    await Promise.all(Array.from({ length: Math.min(n, 10) }, worker));
    return out;
  }

  // A fresh database prints the owner's login once at start (see `npm start`).
  const email = /Email:\s+(\S+)/.exec(serverLog())?.[1];
  const password = /Password:\s+(\S+)/.exec(serverLog())?.[1];
  const owner = email && password ? { email, password } : undefined;

  const prepared = (command) => {
    const run = preparedRuns.find((r) => r.args.join(' ').startsWith(command));
    if (!run) throw new Error(`no prepare command "${command}" ran: declare it in the scenario's prepare`);
    return run.output;
  };

  return {
    url,
    clientId: WEB_CLIENT_ID,
    connections,
    duration,
    postJson,
    getJson,
    worldwideShipping,
    visitorTokens,
    owner,
    prepared,
  };
}
