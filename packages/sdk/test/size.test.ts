import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
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

const KB = 1024;
const report = (label: string, gzip: number, budget: number) =>
  console.log(`[sdk size] ${label}: ${(gzip / KB).toFixed(2)} KB gzip (budget ${budget / KB} KB)`);

describe('bundle size budgets (gzip)', () => {
  it('everything (index and all module subpaths) is at most 12 KB', async () => {
    const imports = SUBPATHS.map((m, i) => `import * as m${i} from '@plaza/sdk/${m}';`).join('\n');
    const uses = SUBPATHS.map((_, i) => `m${i}`).join(', ');
    const { gzip, text } = await bundle(`import * as sdk from '@plaza/sdk';\n${imports}\nconsole.log(sdk, ${uses});`);
    report('everything', gzip, 12 * KB);
    expect(SUBPATHS).toContain('site');
    expect(text).toContain('oauth2/token');
    expect(text).toContain('/site/v1/site');
    expect(gzip).toBeLessThanOrEqual(12 * KB);
  });

  it('a storefront set (OAuthStrategy, createClient, storefront modules) is at most 6 KB', async () => {
    const { gzip, text } = await bundle(`
      import { createClient, OAuthStrategy, localStorageAdapter, isPlazaError } from '@plaza/sdk';
      import { site } from '@plaza/sdk/site';
      const client = createClient({ baseUrl: '', auth: OAuthStrategy({ clientId: 'web', storage: localStorageAdapter() }), modules: { site } });
      client.site.getSite().catch((e) => console.log(isPlazaError(e)));`);
    report('storefront', gzip, 6 * KB);
    expect(text).toContain('oauth2/token');
    expect(gzip).toBeLessThanOrEqual(6 * KB);
  });

  it('OAuthStrategy alone is at most 5 KB', async () => {
    const { gzip, text } = await bundle(
      `import { OAuthStrategy } from '@plaza/sdk/auth'; console.log(OAuthStrategy({ clientId: 'web' }));`,
    );
    report('OAuthStrategy', gzip, 5 * KB);
    expect(text).toContain('oauth2/token');
    expect(gzip).toBeLessThanOrEqual(5 * KB);
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
