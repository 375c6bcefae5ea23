#!/usr/bin/env node
// Builds what `npm start` serves: the server bundle (esbuild) and the web app (Vite).
// Usage: node scripts/build.mjs [--server] [--web] [--force]   (no flag: both; the web build is skipped when fresh)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
    console.log('Web app is up to date.');
    return;
  }
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('web build failed');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  if (all || args.has('--server')) await buildServer();
  if (all || args.has('--web')) buildWeb();
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
