import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

const sdkDir = fileURLToPath(new URL('..', import.meta.url));
/** Every subpath export of the package (`./site`, `./auth`, ...), so the "everything" budget covers new modules too. */
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, unknown>;
};
const SUBPATHS = Object.keys(pkg.exports)
  .filter((k) => k !== '.')
  .map((k) => k.slice(2));

/** Bundles `code` as an app would (minified, tree-shaken ESM for the browser) and returns it with its gzip size. */
async function bundle(code: string, plugins: Plugin[] = []): Promise<{ text: string; gzip: number }> {
  const out = await build({
    plugins,
    stdin: { contents: code, resolveDir: sdkDir, loader: 'ts' },
    bundle: true,
    minify: true,
    treeShaking: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const text = out.outputFiles[0]!.text;
  return { text, gzip: gzipSync(text, { level: 9 }).length };
}

/**
 * Bundles `code` with code splitting, as Vite/Rollup apps do: `import()`ed code (the member sign-in flows) becomes its
 * own chunk. `first` is what a page loads up front (the entry and every chunk it imports statically), `lazy` the rest;
 * gzip sizes are per file, summed.
 */
async function splitBundle(code: string) {
  const out = await build({
    stdin: { contents: code, resolveDir: sdkDir, loader: 'ts' },
    bundle: true,
    minify: true,
    treeShaking: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    absWorkingDir: sdkDir,
    outdir: join(sdkDir, 'size-out'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const files = new Map(out.outputFiles.map((f) => [relative(sdkDir, f.path), f.text]));
  const entry = Object.entries(out.metafile.outputs).find(([, o]) => o.entryPoint)![0];
  const first = new Set<string>();
  const visit = (file: string) => {
    if (first.has(file)) return;
    first.add(file);
    for (const i of out.metafile.outputs[file]!.imports) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(entry);
  const part = (inFirst: boolean) => {
    const texts = [...files].filter(([f]) => first.has(f) === inFirst).map(([, t]) => t);
    return { text: texts.join('\n'), gzip: texts.reduce((n, t) => n + gzipSync(t, { level: 9 }).length, 0) };
  };
  return { first: part(true), lazy: part(false) };
}

/** Every runtime export name of one subpath (`''` is the index), as an app imports them: by name. */
async function importsOf(subpaths: string[]) {
  const imports: string[] = [];
  const uses: string[] = [];
  for (const [i, m] of subpaths.entries()) {
    const names = Object.keys((await import(`@plaza/sdk${m}`)) as object);
    imports.push(`import { ${names.map((n) => `${n} as m${i}_${n}`).join(', ')} } from '@plaza/sdk${m}';`);
    uses.push(...names.map((n) => `m${i}_${n}`));
  }
  return `${imports.join('\n')}\nconsole.log(${uses.join(', ')});`;
}

/** Leaves these files out of a bundle (kept as `import()`s): flows a set does not use. */
const leaveOut = (...files: RegExp[]): Plugin => ({
  name: 'leave-out',
  setup(b) {
    for (const filter of files) b.onResolve({ filter }, (a) => ({ path: a.path, external: true }));
  },
});

const KB = 1024;
const report = (label: string, gzip: number, budget?: number) =>
  console.log(`[sdk size] ${label}: ${(gzip / KB).toFixed(2)} KB gzip${budget ? ` (budget ${budget / KB} KB)` : ''}`);

// The two budgets of DESIGN §6, as written there; docs/sdk.md "Size" lists the figures.
describe('bundle size budgets (gzip)', () => {
  it('the whole SDK, the index and every subpath together (GraphQL, media and events included), is at most 17 KB', async () => {
    // Every runtime export of each, imported by name and used: all of its code ships, in one file. (Not
    // `import * as`, whose namespace objects (a getter per export name) no app ships; docs/decisions.md.)
    const { gzip, text } = await bundle(await importsOf(['', ...SUBPATHS.map((m) => `/${m}`)]));
    report('everything', gzip, 17 * KB);
    expect(SUBPATHS).toEqual(
      expect.arrayContaining(['site', 'members', 'reviews', 'jobs', 'catalog', 'auth', 'ecom', 'media', 'events']),
    );
    for (const marker of [
      'oauth2/token',
      '/identity/v2/login',
      'redirect-session',
      '/graphql/',
      '/site/v1/site',
      '/members/v1/members',
      '/reviews/v1/reviews',
      '/jobs/v1/jobs',
      '/catalog/v1/products',
      '/ecom/v1/carts/current',
      '/ecom/v1/orders',
      '/media/v1/folders',
      '/plans/v1/plans',
      'Upload-Offset',
      'JWT is not valid',
    ])
      expect(text).toContain(marker);
    expect(gzip).toBeLessThanOrEqual(17 * KB);
  });

  it('the storefront set (OAuth, current cart, checkout, redirects) is at most 6 KB, all of its code', async () => {
    // What a shop needs: visitor tokens and their renewal, the current cart, the checkout, and members signing in and
    // out through the hosted page (a redirect session, PKCE, the code exchange). One file, lazy code included.
    // Left out: the flows a shop that signs in on the hosted page never calls, each its own lazy file: the password
    // forms (login, register, verification, second factor: member-login.ts) and the iframe logins (frame-login.ts).
    const { gzip, text } = await bundle(
      `
      import { createClient, OAuthStrategy, localStorageAdapter, isPlazaError } from '@plaza/sdk';
      import { currentCart, checkouts } from '@plaza/sdk/ecom';
      const auth = OAuthStrategy({ clientId: 'web', storage: localStorageAdapter() });
      const client = createClient({ baseUrl: '', auth, modules: { currentCart, checkouts }, onError: console.warn });
      client.currentCart.addToCurrentCart({ lineItems: [] }).then(() => client.checkouts.getCheckoutUrl('x'));
      document.querySelector('a').onclick = () => auth.generateOAuthData('/cb').then((d) => auth.getAuthUrl(d));
      const { code, state } = auth.parseFromUrl();
      auth.getMemberTokens(code, state, JSON.parse(sessionStorage.oauth)).catch((e) => console.log(isPlazaError(e)));
      document.querySelector('b').onclick = () => auth.logout(location.href);`,
      [leaveOut(/member-login\.js$/, /frame-login\.js$/)],
    );
    report('storefront set, all of its code', gzip, 6 * KB);
    for (const marker of [
      'oauth2/token',
      'anonymous',
      'refresh_token',
      'S256',
      'redirect-session',
      '/ecom/v1/carts/current',
      'add-to-cart',
      '/ecom/v1/checkouts',
    ])
      expect(text).toContain(marker);
    for (const marker of ['/identity/v2/login', 'OAuth flow timed out']) expect(text).not.toContain(marker);
    expect(gzip).toBeLessThanOrEqual(6 * KB);
  });
});

describe('docs/sdk.md "Size"', () => {
  it('lists both budgets and every subpath (events and media included)', () => {
    const docs = readFileSync(new URL('../../../docs/sdk.md', import.meta.url), 'utf8');
    const section = docs.slice(docs.indexOf('## Size'), docs.indexOf('\n## ', docs.indexOf('## Size') + 1));
    expect(section).toMatch(/everything.*\| 17 KB/);
    expect(section).toMatch(/storefront set.*\| 6 KB/);
    for (const m of SUBPATHS) expect(section).toMatch(new RegExp(`\\| \`${m}\`[^|]*\\|`));
  });
});

describe('what loads when (code splitting, as Vite and Rollup apps split)', () => {
  it('a visitor-only page loads no sign-in code up front; each sign-in flow is a chunk of its own', async () => {
    const { first, lazy } = await splitBundle(`
      import { createClient, OAuthStrategy, localStorageAdapter, isPlazaError } from '@plaza/sdk';
      import { site } from '@plaza/sdk/site';
      const auth = OAuthStrategy({ clientId: 'web', storage: localStorageAdapter() });
      const client = createClient({ baseUrl: '', auth, modules: { site } });
      client.site.getSite().catch((e) => console.log(isPlazaError(e)));
      document.querySelector('form').onsubmit = () => auth.login({ email: 'a@b.c', password: 'x' });`);
    report('visitor page, first load', first.gzip);
    report('sign-in chunks, loaded on first use', lazy.gzip);
    expect(first.text).toContain('oauth2/token');
    for (const marker of ['/identity/v2/login', 'redirect-session', 'OAuth flow timed out']) {
      expect(first.text).not.toContain(marker);
      expect(lazy.text).toContain(marker);
    }
  });

  it('the lazily loaded sign-in files import no shared runtime code: they get it from the strategy (SignInKit)', () => {
    // A runtime import of errors, transport or tokens from one of these makes a one-file bundle wrap that module (and
    // what it imports) in a lazy-init function: bytes of the "everything" budget (docs/decisions.md). Types are free.
    const lazyOnly = ['redirect-login', 'frame-login', 'member-login', 'silent-login', 'login-state', 'pkce'];
    for (const file of lazyOnly) {
      const source = readFileSync(join(sdkDir, 'src/auth', `${file}.ts`), 'utf8');
      const runtime = [...source.matchAll(/^import (?!type )[^;]*?from '([^']+)';/gms)].map((m) => m[1]);
      for (const from of runtime)
        expect(
          lazyOnly.map((f) => `./${f}.js`),
          `${file}.ts imports ${from}`,
        ).toContain(from);
    }
  });

  it('reports the other sets (no budget of their own: the two above hold them)', async () => {
    const all = await bundle(
      `import { OAuthStrategy } from '@plaza/sdk/auth'; console.log(OAuthStrategy({ clientId: 'w' }));`,
    );
    report('OAuthStrategy, every flow', all.gzip);
    for (const m of ['media', 'ecom', 'auth']) report(`${m} alone`, (await bundle(await importsOf([`/${m}`]))).gzip);
    expect(all.text).toContain('/identity/v2/login');
  });
});

describe('tree shaking', () => {
  it('importing @plaza/sdk/site alone pulls in no auth or client code', async () => {
    const { text, gzip } = await bundle(`import { site } from '@plaza/sdk/site'; console.log(site);`);
    console.log(`[sdk size] site module alone: ${(gzip / KB).toFixed(2)} KB gzip`);
    expect(text).toContain('/site/v1/site');
    for (const marker of [
      'oauth2/token',
      'anonymous',
      'refresh_token',
      'Authorization',
      'x-plaza-consistency',
      'graphql',
    ]) {
      expect(text).not.toContain(marker);
    }
  });

  it.each([
    ['members', '/members/v1/members', ['/reviews/v1', '/jobs/v1', '/site/v1']],
    ['reviews', '/reviews/v1/reviews', ['/members/v1', '/jobs/v1', '/site/v1']],
    ['jobs', '/jobs/v1/jobs', ['/members/v1', '/reviews/v1', '/site/v1']],
  ])('importing @plaza/sdk/%s alone pulls in no other module, auth or client code', async (name, own, others) => {
    const { text, gzip } = await bundle(`import { ${name} } from '@plaza/sdk/${name}'; console.log(${name});`);
    console.log(`[sdk size] ${name} module alone: ${(gzip / KB).toFixed(2)} KB gzip`);
    expect(text).toContain(own);
    for (const marker of [...others, 'oauth2/token', 'Authorization', 'x-plaza-consistency'])
      expect(text).not.toContain(marker);
  });

  it('importing @plaza/sdk/catalog alone pulls in no other module, auth or client code', async () => {
    const { text, gzip } = await bundle(
      `import { products, collections } from '@plaza/sdk/catalog'; console.log(products, collections);`,
    );
    console.log(`[sdk size] catalog module alone: ${(gzip / KB).toFixed(2)} KB gzip`);
    expect(text).toContain('/catalog/v1/products');
    for (const marker of ['/members/v1', '/reviews/v1', '/site/v1', 'oauth2/token', 'Authorization'])
      expect(text).not.toContain(marker);
  });

  it('@plaza/sdk/events (webhooks and service plugins for an app server) carries no client code', async () => {
    const { text, gzip } = await bundle(
      `import { webhooks, servicePlugins, ServicePluginError } from '@plaza/sdk/events'; console.log(webhooks, servicePlugins, ServicePluginError);`,
    );
    report('events module alone', gzip);
    for (const marker of ['JWT is not valid', 'Unexpected event type', 'no service plugin implementation found'])
      expect(text).toContain(marker);
    for (const marker of ['oauth2/token', 'Authorization', 'x-plaza-consistency', '/members/v1'])
      expect(text).not.toContain(marker);
  });

  it('an API-key back-office client carries no OAuth code', async () => {
    const { text } = await bundle(`
      import { createClient, ApiKeyStrategy } from '@plaza/sdk';
      import { site } from '@plaza/sdk/site';
      console.log(createClient({ baseUrl: 'https://x', auth: ApiKeyStrategy({ apiKey: 'k' }), modules: { site } }));`);
    expect(text).toContain('x-plaza-consistency');
    expect(text).not.toContain('oauth2/token');
    expect(text).not.toContain('refresh_token');
  });
});
