#!/usr/bin/env node
// Builds what `npm start` serves: the server bundle (esbuild) and the web app (Vite).
// Usage: node scripts/build.mjs [--server] [--web] [--force]   (no flag: both; the web build is skipped when fresh)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = new Set(process.argv.slice(2));
const all = !args.has('--server') && !args.has('--web');
const force = args.has('--force');

/** esbuild options of the server bundle; `npm run dev` adds a restart plugin to the same options. */
export function serverBuildOptions(extraPlugins = []) {
  const serverDir = path.join(root, 'packages/server');
  return {
    entryPoints: [path.join(serverDir, 'src/cli.ts')],
    outdir: path.join(serverDir, 'dist'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        // Our workspace packages are bundled (they ship TypeScript); every npm dependency stays external.
        name: 'externals',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (a) =>
            a.path.startsWith('@plaza/') ? undefined : { path: a.path, external: true },
          );
        },
      },
      ...extraPlugins,
    ],
  };
}

export async function buildServer() {
  const esbuild = await import('esbuild');
  await esbuild.build(serverBuildOptions());
}

/** Newest modification time under `dir`, ignoring node_modules and dist. */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'test') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

export function buildWeb() {
  const dist = path.join(root, 'apps/web/dist/index.html');
  const sources = ['apps/web', 'packages/sdk/src', 'packages/react/src', 'packages/contracts/src'].map((d) =>
    path.join(root, d),
  );
  if (!force && fs.existsSync(dist) && fs.statSync(dist).mtimeMs > Math.max(...sources.map(newestMtime))) {
    precompress(path.join(root, 'apps/web/dist/assets'));
    console.log('Web app is up to date.');
    return;
  }
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('web build failed');
  precompress(path.join(root, 'apps/web/dist/assets'));
}

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|wasm)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to each text asset, at the strongest levels: done once here, the
 * server only picks the copy the browser accepts (@fastify/static preCompressed). Every text asset gets both, even a
 * file of a few dozen bytes that brotli cannot shrink: without a copy the server would pack it again on every request
 * (@fastify/compress does not know a stream's size). Fresh copies are kept.
 */
export function precompress(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(full);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const source = fs.readFileSync(full);
    const mtime = fs.statSync(full).mtimeMs;
    const variants = [
      ['.br', () => zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })],
      ['.gz', () => zlib.gzipSync(source, { level: 9 })],
    ];
    for (const [ext, compress] of variants) {
      const target = full + ext;
      if (fs.existsSync(target) && fs.statSync(target).mtimeMs >= mtime) continue;
      fs.writeFileSync(target, compress());
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  if (all || args.has('--server')) await buildServer();
  if (all || args.has('--web')) buildWeb();
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
