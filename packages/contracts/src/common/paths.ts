/**
 * Every path prefix the API server owns (DESIGN.md §3: `/<service>/<version>/…` plus the platform's own). The server
 * never answers these with the web app's HTML, and the Vite dev server forwards them to the API.
 */
export const API_PATH_PREFIXES = [
  '/oauth2',
  '/site',
  '/identity',
  '/members/v1',
  '/reviews/v1',
  '/jobs/v1',
  '/ecom',
  '/catalog',
  '/media',
  '/redirects',
  '/graphql',
  '/settings',
  '/dev',
  '/health',
  '/openapi.json',
  '/docs',
  '/.well-known',
  '/web',
] as const;

/**
 * API-style paths of any service, ours or another platform's: `/_api/…`, `/v<n>/…`, and `/<service>/v<n>/<more>`
 * (three segments at least, so a page such as `/members/:slug` or `/products/:slug` stays a page whatever its slug).
 * An unknown one answers a JSON 404, never the web app's page.
 */
export const API_STYLE = /^\/(_api(\/|\?|$)|v\d+\/|[^/?]+\/v\d+\/)/;

/** True when `path` is one of the prefixes or below one, by whole segments (`/members` never matches `/membership`). */
export function isApiPath(path: string): boolean {
  return (
    API_STYLE.test(path) ||
    API_PATH_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`))
  );
}
