import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
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
async function bundle(code: string): Promise<{ text: string; gzip: number }> {
  const out = await build({
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

const KB = 1024;
const report = (label: string, gzip: number, budget: number) =>
  console.log(`[sdk size] ${label}: ${(gzip / KB).toFixed(2)} KB gzip (budget ${budget / KB} KB)`);

describe('bundle size budgets (gzip)', () => {
  it('everything a client imports (index and every browser subpath) is at most 12 KB', async () => {
    // `events` is for app servers (webhook and service-plugin receivers), never shipped to a browser: it has its own
    // 2 KB budget below. Everything a client imports counts here.
    // `media` (the library and its upload helper) is for dashboards and upload forms: its own 3 KB budget below.
    // Every runtime export of each, imported by name and used: all of its code ships. (Not `import * as`, whose
    // namespace objects — a getter per export name — no app ships; docs/decisions.md "SDK size, measured by name".)
    const client = ['', ...SUBPATHS.filter((m) => m !== 'events' && m !== 'media').map((m) => `/${m}`)];
    const imports: string[] = [];
    const uses: string[] = [];
    for (const [i, m] of client.entries()) {
      const names = Object.keys((await import(`@plaza/sdk${m}`)) as object);
      imports.push(`import { ${names.map((n) => `${n} as m${i}_${n}`).join(', ')} } from '@plaza/sdk${m}';`);
      uses.push(...names.map((n) => `m${i}_${n}`));
    }
    const { gzip, text } = await bundle(`${imports.join('\n')}\nconsole.log(${uses.join(', ')});`);
    report('everything', gzip, 12 * KB);
    expect(SUBPATHS).toEqual(expect.arrayContaining(['site', 'members', 'reviews', 'jobs', 'events', 'catalog']));
    for (const marker of [
      'oauth2/token',
      '/site/v1/site',
      '/members/v1/members',
      '/reviews/v1/reviews',
      '/jobs/v1/jobs',
      '/catalog/v1/products',
      '/ecom/v1/carts/current',
    ])
      expect(text).toContain(marker);
    expect(gzip).toBeLessThanOrEqual(12 * KB);
  });

  it('the media library module with its upload helper is at most 3 KB', async () => {
    const { gzip, text } = await bundle(`import * as media from '@plaza/sdk/media'; console.log(media);`);
    report('media (files, folders, enterpriseMedia, uploadFile)', gzip, 3 * KB);
    for (const marker of ['generate-upload-url', '/media/v1/folders', 'Upload-Offset']) expect(text).toContain(marker);
    expect(gzip).toBeLessThanOrEqual(3 * KB);
  });

  it('a storefront set (OAuthStrategy, createClient, storefront modules) loads at most 6 KB up front', async () => {
    // The member sign-in flows are `import()`ed on first use, so the storefront's first load carries only stubs;
    // bundlers that split code (Vite, Rollup, esbuild, webpack) put them in a chunk of their own.
    const { first, lazy } = await splitBundle(`
      import { createClient, OAuthStrategy, localStorageAdapter, isPlazaError } from '@plaza/sdk';
      import { site } from '@plaza/sdk/site';
      const auth = OAuthStrategy({ clientId: 'web', storage: localStorageAdapter() });
      const client = createClient({ baseUrl: '', auth, modules: { site } });
      client.site.getSite().catch((e) => console.log(isPlazaError(e)));
      document.querySelector('form').onsubmit = () => auth.login({ email: 'a@b.c', password: 'x' });`);
    report('storefront, first load', first.gzip, 6 * KB);
    console.log(
      `[sdk size] storefront, member sign-in chunk loaded on first use: ${(lazy.gzip / KB).toFixed(2)} KB gzip`,
    );
    expect(first.text).toContain('oauth2/token');
    expect(first.text).not.toContain('/identity/v2/login');
    expect(lazy.text).toContain('/identity/v2/login');
    expect(first.gzip).toBeLessThanOrEqual(6 * KB);
  });

  it('a store front (OAuthStrategy, current cart, checkouts, sign-in redirects) loads at most 6 KB up front', async () => {
    // What a shop page needs: visitor tokens, the cart, the checkout; sign-in (redirect session) is loaded on use.
    const { first, lazy } = await splitBundle(`
      import { createClient, OAuthStrategy, localStorageAdapter } from '@plaza/sdk';
      import { currentCart, checkouts } from '@plaza/sdk/ecom';
      const auth = OAuthStrategy({ clientId: 'web', storage: localStorageAdapter() });
      const client = createClient({ baseUrl: '', auth, modules: { currentCart, checkouts }, onError: console.warn });
      client.currentCart.addToCurrentCart({ lineItems: [] }).then(() => client.checkouts.getCheckoutUrl('x'));
      document.querySelector('a').onclick = () => auth.generateOAuthData('/cb').then((d) => auth.getAuthUrl(d));`);
    report('store front (cart + checkouts), first load', first.gzip, 6 * KB);
    console.log(`[sdk size] store front, sign-in chunk loaded on first use: ${(lazy.gzip / KB).toFixed(2)} KB gzip`);
    for (const marker of ['oauth2/token', '/ecom/v1/carts/current', 'add-to-cart', '/ecom/v1/checkouts'])
      expect(first.text).toContain(marker);
    expect(first.text + lazy.text).toContain('redirect-session');
    expect(first.gzip).toBeLessThanOrEqual(6 * KB);
  });

  it('OAuthStrategy alone, member sign-in included, is at most 5 KB', async () => {
    // Without code splitting: every method's code in one file.
    const { gzip, text } = await bundle(
      `import { OAuthStrategy } from '@plaza/sdk/auth'; console.log(OAuthStrategy({ clientId: 'web' }));`,
    );
    report('OAuthStrategy (all of it)', gzip, 5 * KB);
    for (const marker of ['oauth2/token', '/identity/v2/login', 'OAuth flow timed out', 'S256'])
      expect(text).toContain(marker);
    expect(gzip).toBeLessThanOrEqual(5 * KB);
    const { first } = await splitBundle(
      `import { OAuthStrategy } from '@plaza/sdk/auth'; console.log(OAuthStrategy({ clientId: 'web' }));`,
    );
    console.log(`[sdk size] OAuthStrategy, first load of a visitor-only page: ${(first.gzip / KB).toFixed(2)} KB gzip`);
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

  it('@plaza/sdk/events (webhooks and service plugins for an app server) is at most 2 KB and carries no client code', async () => {
    const { text, gzip } = await bundle(
      `import { webhooks, servicePlugins, ServicePluginError } from '@plaza/sdk/events'; console.log(webhooks, servicePlugins, ServicePluginError);`,
    );
    report('events module alone', gzip, 2 * KB);
    for (const marker of ['JWT is not valid', 'Unexpected event type', 'no service plugin implementation found'])
      expect(text).toContain(marker);
    for (const marker of ['oauth2/token', 'Authorization', 'x-plaza-consistency', '/members/v1'])
      expect(text).not.toContain(marker);
    expect(gzip).toBeLessThanOrEqual(2 * KB);
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
