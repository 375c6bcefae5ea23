/**
 * The fetch a project on the hosted platform's SDK uses to reach Plaza instead (docs/platform-sdk.md): requests to
 * the platform's API hosts go to the Plaza server, with path, query, method, headers and body kept. In the suite any
 * other host (but the server itself) throws, so no request ever leaves the machine.
 */
const PLATFORM_HOSTS = new Set(['www.wixapis.com', 'edge.wixapis.com']);

export function platformFetch(plazaUrl: string, realFetch: typeof fetch): typeof fetch {
  const plaza = new URL(plazaUrl);
  return async (input, init) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    if (PLATFORM_HOSTS.has(url.host)) {
      // As docs/platform-sdk.md does it: a new request from the parts (browsers refuse to re-send a Request's body).
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer();
      const { method, headers, signal } = req;
      return realFetch(`${plaza.origin}${url.pathname}${url.search}`, { method, headers, body, signal });
    }
    if (url.origin === plaza.origin) return realFetch(req);
    throw new Error(`platform SDK suite: request to ${url.origin} refused (only the platform's hosts and Plaza)`);
  };
}
