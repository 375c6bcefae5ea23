#!/usr/bin/env node
// `npx plaza <command>`: runs the built CLI, building the server first on a fresh clone.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const serverDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(serverDir, 'dist', 'cli.js');
if (!existsSync(cli)) {
  execFileSync(process.execPath, [path.join(serverDir, '..', '..', 'scripts', 'build.mjs'), '--server'], {
    stdio: 'inherit',
  });
}
await import(cli);
