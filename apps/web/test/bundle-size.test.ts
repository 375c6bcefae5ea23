import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// DESIGN.md §7: the storefront's first page ships at most 120 KB of gzipped JS.
const BUDGET = 120 * 1000;
const DASHBOARD_ENTRY = 'src/admin/routes.tsx';
const EXPLORER_CHUNK = 'GraphQLExplorerPage';

const root = fileURLToPath(new URL('..', import.meta.url));
let outDir: string;
let manifest: Manifest;
let html: string;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'plaza-web-build-'));
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  html = await readFile(join(outDir, 'index.html'), 'utf8');
});

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** JS files the browser fetches for the first page: the entry chunks and their static imports, never dynamic ones. */
function initialJs(): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

/** JS the built index.html itself references (module scripts and modulepreload links). */
function htmlJs(): string[] {
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)];
  return refs.map((m) => m[1]!);
}

async function gzipSize(file: string): Promise<number> {
  return gzipSync(await readFile(join(outDir, file))).length;
}

describe('storefront first page', () => {
  it('loads only the entry and its static imports, as index.html says', () => {
    const fromHtml = htmlJs();
    expect(fromHtml.length).toBeGreaterThan(0);
    for (const file of fromHtml) expect(initialJs()).toContain(file);
  });

  it(`ships at most ${BUDGET / 1000} KB of gzipped JS`, async () => {
    const files = [...initialJs()];
    const sizes = await Promise.all(files.map(gzipSize));
    const total = sizes.reduce((a, b) => a + b, 0);
    console.info(`first-page JS: ${files.join(', ')} = ${(total / 1000).toFixed(1)} KB gzip`);
    expect(total).toBeGreaterThan(50_000); // React alone is more; a smaller sum means we measured nothing.
    expect(total).toBeLessThanOrEqual(BUDGET);
  });

  it('keeps the dashboard in its own dynamic chunk', async () => {
    const dashboard = manifest[DASHBOARD_ENTRY];
    expect(dashboard, `${DASHBOARD_ENTRY} in the manifest`).toBeDefined();
    expect(dashboard!.isDynamicEntry).toBe(true);
    expect(initialJs()).not.toContain(dashboard!.file);
    const entry = Object.values(manifest).find((c) => c.isEntry)!;
    expect(entry.dynamicImports).toContain(DASHBOARD_ENTRY);
    // And no dashboard code was inlined into the first page: its gate's text lives only in the dashboard's chunks
    // (the gate is a chunk of its own, shared with the GraphQL explorer).
    const gate = 'Sign in as the owner';
    const own = [dashboard!.file, ...(dashboard!.imports ?? []).map((key) => manifest[key]!.file)];
    const texts = await Promise.all(own.map((file) => readFile(join(outDir, file), 'utf8')));
    expect(texts.some((text) => text.includes(gate))).toBe(true);
    for (const file of initialJs()) expect(await readFile(join(outDir, file), 'utf8')).not.toContain(gate);
  });

  it('keeps GraphiQL in the explorer’s own chunks, out of the first page and the dashboard', async () => {
    // Rollup keys the page's chunk by its name (GraphiQL's own lazy parts make it a shared chunk), not its path.
    const [key, explorer] =
      Object.entries(manifest).find(([, c]) => c.isDynamicEntry && c.name === EXPLORER_CHUNK) ?? [];
    expect(explorer, `the ${EXPLORER_CHUNK} chunk in the manifest`).toBeDefined();
    expect(Object.values(manifest).find((c) => c.isEntry)!.dynamicImports).toContain(key);
    const graphiql = 'graphiql-container';
    expect(await readFile(join(outDir, explorer!.file), 'utf8')).toContain(graphiql);
    const dashboard = manifest[DASHBOARD_ENTRY]!;
    for (const file of [...initialJs(), dashboard.file, ...(dashboard.imports ?? []).map((k) => manifest[k]!.file)])
      expect(await readFile(join(outDir, file), 'utf8')).not.toContain(graphiql);
  });

  it('keeps the sign-in screens and the hosted pages out of the first page', async () => {
    const first = (await Promise.all([...initialJs()].map((f) => readFile(join(outDir, f), 'utf8')))).join('\n');
    // Texts of the sign-in flow, the hosted login page and the QR encoder (account security).
    for (const text of [
      'Check your e-mail',
      'Use the e-mail and password of your account',
      'Text too long for a QR code',
    ]) {
      expect(first).not.toContain(text);
    }
    const entry = Object.values(manifest).find((c) => c.isEntry)!;
    for (const page of ['src/hosted/routes.tsx', 'src/account/SignUpPage.tsx', 'src/account/SecurityPage.tsx']) {
      expect(entry.dynamicImports).toContain(page);
    }
  });

  it('keeps the config placeholder the server replaces, before the app script', () => {
    const placeholder = html.indexOf('<!--plaza-config-->');
    expect(placeholder).toBeGreaterThan(html.indexOf('<head>'));
    expect(placeholder).toBeLessThan(html.indexOf('</head>'));
    expect(placeholder).toBeLessThan(html.indexOf('<script type="module"'));
  });
});
