import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/kernel/db.js';
import { DataDirLockedError } from '../src/kernel/data-dir-lock.js';
import { freePort } from '../src/test/child-server.js';

// These run the built CLI as real processes on a real embedded data dir.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = path.join(root, 'packages/server/dist/cli.js');
let dataDir: string;

beforeAll(async () => {
  const { buildServer } = (await import(path.join(root, 'scripts/build.mjs'))) as { buildServer: () => Promise<void> };
  await buildServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaza-cli-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function plaza(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH, PLAZA_DATA_DIR: path.join(dataDir, 'db'), LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, lastLine: r.stdout.trim().split('\n').at(-1) ?? '' };
}

function startServer(port: number) {
  const child = spawn(process.execPath, [cli, 'start'], {
    env: {
      PATH: process.env.PATH,
      PLAZA_DATA_DIR: path.join(dataDir, 'db'),
      PORT: String(port),
      LOG_LEVEL: 'warn',
      PLAZA_WEB_DIST: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => out.includes('Plaza is running') && resolve());
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, ready, exited, output: () => out };
}

// Each CLI run opens the embedded database in a new process: seconds each, more while the other test worker is busy.
describe('plaza CLI', { timeout: 120_000 }, () => {
  it('exits non-zero with "Invalid environment variables" and one line per bad variable', () => {
    const r = plaza(['start'], { PORT: 'abc', PLAZA_PUBLIC_URL: 'nope' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Invalid environment variables\n  PORT: must be a whole number');
    expect(r.stderr).toContain('\n  PLAZA_PUBLIC_URL: must be an absolute http(s) URL');
  });

  it('migrates, seeds once, and prints API keys and client ids on the last line', () => {
    expect(plaza(['migrate']).stdout).toContain('Migrations applied.');
    const first = plaza(['seed']);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Owner login: owner@plaza\.local \/ \S{16}/);
    expect(plaza(['seed']).stdout).not.toContain('Owner login');

    const key = plaza(['api-key', 'create', '--name', 'CI', '--scopes', 'site.manage,members']);
    expect(key.code).toBe(0);
    expect(key.lastLine).toMatch(/^plz_[A-Za-z0-9_-]{43}$/);

    const client = plaza([
      'client',
      'create',
      '--name',
      'Shop',
      '--redirect-uri',
      'https://shop.example/cb',
      '--origin',
      'https://shop.example',
    ]);
    expect(client.code).toBe(0);
    expect(client.lastLine).toMatch(/^[0-9a-f-]{36}$/);
    // Five processes each open the embedded database (migrations, seeding): slow on a busy 2-core machine.
  }, 120_000);

  it('explains bad usage', () => {
    const r = plaza(['api-key', 'create', '--scopes', 'root']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--name is required');
    expect(plaza(['api-key', 'create', '--name', 'x', '--scopes', 'root']).stderr).toContain('Unknown scope(s): root');
    expect(plaza(['client', 'create', '--name', 'x', '--redirect-uri', 'javascript:x']).stderr).toContain(
      'Not an http(s) URL',
    );
    expect(plaza(['frobnicate']).stderr).toContain('Unknown command "frobnicate"');
  });

  it('refuses a second process on the same embedded data dir, serves the key it made, and shuts down cleanly', async () => {
    const key = plaza(['api-key', 'create', '--name', 'Live', '--scopes', 'site.manage']).lastLine;
    const port = await freePort();
    const server = startServer(port);
    try {
      await server.ready;
      const locked = plaza(['migrate']);
      expect(locked.code).toBe(1);
      expect(locked.stderr).toContain('is in use by another Plaza process');

      const res = await fetch(`http://127.0.0.1:${port}/site/v1/site`, {
        method: 'PATCH',
        headers: { authorization: key, 'content-type': 'application/json' },
        body: JSON.stringify({ site: { name: 'From the CLI key' }, fieldMask: { paths: ['name'] } }),
      });
      expect(res.status).toBe(200);

      // In-flight requests finish after SIGTERM, then the process exits 0 and releases the data dir.
      const inflight = Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status));
      await new Promise((r) => setTimeout(r, 5));
      server.child.kill('SIGTERM');
      const statuses = await Promise.allSettled(inflight);
      expect(await server.exited).toBe(0);
      const completed = statuses.filter((s) => s.status === 'fulfilled').map((s) => s.value);
      for (const status of completed) expect([200, 503]).toContain(status);
    } finally {
      server.child.kill('SIGKILL');
    }
    expect(plaza(['migrate']).code).toBe(0);
  });

  it('lets one process hold an embedded data dir and takes over a stale lock', async () => {
    const dir = path.join(dataDir, 'lock-test');
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await first.close();
    }
    // A lock left by a process that died is taken over.
    fs.writeFileSync(`${dir}.lock`, '999999');
    const again = await openDatabase({ kind: 'pglite', dataDir: dir });
    await again.ping();
    await again.close();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });
});
