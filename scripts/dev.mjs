#!/usr/bin/env node
// `npm run dev`: the server (rebuilt and restarted on every change) plus the Vite dev server with hot reload.
// Open the Vite URL (default http://localhost:5173); it proxies API paths to the server on PORT (default 3000).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure.mjs';
import { serverBuildOptions } from './build.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
ensureInstalled();
const esbuild = await import('esbuild');

const port = process.env.PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const env = { ...process.env, PORT: port, PLAZA_DEV_WEB_ORIGIN: `http://localhost:${webPort}`, PLAZA_WEB_DIST: '' };
let server;

function restartServer() {
  const start = () => {
    server = spawn(process.execPath, [path.join(root, 'packages/server/dist/cli.js'), 'start'], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
  };
  if (!server || server.exitCode !== null) return start();
  // Wait for the old process to release the embedded database before the new one opens it.
  server.once('exit', start);
  server.kill('SIGTERM');
}

const ctx = await esbuild.context(
  serverBuildOptions([
    { name: 'restart', setup: (build) => build.onEnd((result) => result.errors.length === 0 && restartServer()) },
  ]),
);
await ctx.watch();

const vite = spawn(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', webPort, '--strictPort'],
  {
    cwd: path.join(root, 'apps/web'),
    env,
    stdio: 'inherit',
  },
);

const stop = async () => {
  await ctx.dispose();
  vite.kill('SIGTERM');
  server?.kill('SIGTERM');
  setTimeout(() => process.exit(0), 2000).unref();
};
vite.on('exit', (code) => {
  if (code) console.error('The Vite dev server stopped; stopping.');
  void stop();
});
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
