#!/usr/bin/env node
// `npm start`: install what is missing, build, then migrate, seed and serve on PORT (default 3000).
// package.json runs this with `exec`: npm forwards SIGTERM and SIGINT to its child, and a `sh -c` in between would
// take the signal and die, leaving the server running on its own.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
ensureInstalled();
// With PLAZA_WEB_DIST set (empty: the API only; a path: a web app built elsewhere) apps/web/dist is not served.
const only = process.env.PLAZA_WEB_DIST === undefined ? [] : ['--server'];
const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), ...only], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

process.env.NODE_ENV ??= 'production';
// Someone is watching `npm start`: readable log lines (LOG_FORMAT=json for log collectors).
process.env.LOG_FORMAT ??= 'pretty';
process.argv = [process.argv[0], 'plaza', 'start'];
const parent = process.ppid;
await import(path.join(root, 'packages/server/dist/cli.js'));

// If npm itself is killed (SIGKILL forwards nothing), this process is handed to another parent: shut down as on
// SIGTERM (draining requests) instead of serving on alone.
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 1000).unref();
