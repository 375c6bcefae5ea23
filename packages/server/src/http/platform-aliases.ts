/**
 * The hosted platform's published SDK calls some of Plaza's routes at other paths (issue 27). Each alias is a path
 * prefix that the server rewrites to its canonical prefix before routing (Fastify's `rewriteUrl`), so an alias
 * answers exactly as the canonical route does: same handler, hooks, access and validation. This table is the one
 * place they live; `/openapi.json` lists them on the canonical operations as `x-aliases`.
 */
export const PLATFORM_ALIASES: ReadonlyArray<{ alias: string; canonical: string }> = [
  { alias: '/_api/iam/authentication/v2', canonical: '/identity/v2' },
  { alias: '/_api/iam/verification/v1/auth', canonical: '/identity/v1/auth' },
  { alias: '/_api/redirects-api/v1', canonical: '/redirects/v1' },
  {
    alias: '/back-in-stock-service/v1/back-in-stock-notification-requests',
    canonical: '/ecom/v1/back-in-stock-notification-requests',
  },
  { alias: '/v1/recommendations', canonical: '/ecom/v1/recommendations' },
  { alias: '/site-media/v1', canonical: '/media/v1' },
];

/** True when `path` is `prefix` or below it by whole segments (a query may follow). */
function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);
}

/** The canonical URL of an aliased one (query kept), or the URL itself. */
export function canonicalUrl(url: string): string {
  for (const { alias, canonical } of PLATFORM_ALIASES) {
    if (under(url, alias)) return canonical + url.slice(alias.length);
  }
  return url;
}

/** The alias paths that reach a canonical route path (OpenAPI form, `{id}` kept). */
export function aliasesOf(path: string): string[] {
  return PLATFORM_ALIASES.filter(({ canonical }) => under(path, canonical)).map(
    ({ alias, canonical }) => alias + path.slice(canonical.length),
  );
}

/** Adds `x-aliases` to every operation of `/openapi.json` that an alias reaches. */
export function documentAliases<T extends { paths?: object }>(doc: T): T {
  for (const [path, operations] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    const aliases = aliasesOf(path);
    if (!aliases.length) continue;
    for (const op of Object.values(operations)) {
      if (op && typeof op === 'object') (op as Record<string, unknown>)['x-aliases'] = aliases;
    }
  }
  return doc;
}
