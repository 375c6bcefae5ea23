#!/usr/bin/env node
// `npm start`: install what is missing, build, then migrate, seed and serve on PORT (default 3000).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
ensureInstalled();
const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

process.env.NODE_ENV ??= 'production';
// Someone is watching `npm start`: readable log lines (LOG_FORMAT=json for log collectors).
process.env.LOG_FORMAT ??= 'pretty';
process.argv = [process.argv[0], 'plaza', 'start'];
await import(path.join(root, 'packages/server/dist/cli.js'));
