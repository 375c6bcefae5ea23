// Starts the built server (packages/server/dist/cli.js) as a child process on a scratch database and stops it.
// PGlite in a fresh temp dir by default; a fresh `plaza_bench_<random>` database when a PostgreSQL URL is given.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built server; BENCH_SERVER_CLI points at another build (e.g. to compare two branches). */
const CLI = path.resolve(root, process.env.BENCH_SERVER_CLI || 'packages/server/dist/cli.js');
const READY = /Plaza is running on /;

/** Children still running; killed synchronously if this process exits for any reason. */
const live = new Set();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** A TCP port that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux build Node supports

/** @param {number | undefined} pid */
export function processCpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime, stime
  } catch {
    return null;
  }
}

/**
 * Creates an empty database `plaza_bench_<random>` on the server of `adminUrl`.
 * @param {string} adminUrl a postgres:// URL of a role allowed to CREATE DATABASE
 * @returns {Promise<{ url: string, name: string, drop(): Promise<void> }>}
 */
export async function createScratchPostgres(adminUrl) {
  const name = `plaza_bench_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/**
 * @typedef {object} BenchServer
 * @property {string} url            base URL, e.g. http://localhost:41234
 * @property {number} pid
 * @property {'pglite' | 'postgres'} database
 * @property {Array<{ args: string[], output: string }>} prepared  what each `prepare` command printed
 * @property {() => string} log      everything the server printed so far
 * @property {() => string[]} logRecords  the JSON log records printed (LOG_LEVEL=warn: warnings and errors)
 * @property {() => number | null} cpuSeconds  user+system CPU the server used so far (Linux /proc; null elsewhere)
 * @property {(args: string[]) => Promise<string>} cli  runs `plaza <args>` on the server's database while it runs
 *   (PostgreSQL only: PGlite's data dir is locked by the server); resolves with what it printed
 * @property {() => Promise<number | null>} stop  SIGTERM, wait for the drain, then drop the scratch database
 */

/**
 * Starts a server on a scratch database and resolves once it prints that it is running.
 * `prepare`: CLI commands (`plaza <args>`, such as load-data) run on the scratch database before the server starts;
 * their output is in `prepared`.
 * @param {{ postgresUrl?: string, nodeArgs?: string[], env?: Record<string, string>, readyTimeoutMs?: number, prepare?: string[][] }} [opts]
 * @returns {Promise<BenchServer>}
 */
export async function startServer(opts = {}) {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run node scripts/build.mjs --server`);
  const port = await freePort();
  const scratch = opts.postgresUrl ? await createScratchPostgres(opts.postgresUrl) : undefined;
  // PGlite's data dir goes one level down: the server puts its lock file next to it, inside our temp dir.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'plaza-bench-'));
  const dataDir = path.join(tmp, 'data');
  const cleanup = async () => {
    fs.rmSync(tmp, { recursive: true, force: true });
    if (scratch) await scratch.drop();
  };

  const env = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  env.PLAZA_WEB_DIST = '';
  // Media files in the scratch folder too (on PostgreSQL there is no data dir to sit next to).
  env.PLAZA_MEDIA_DIR = path.join(tmp, 'media');
  env.PLAZA_PUBLIC_URL = `http://localhost:${port}`;
  delete env.DATABASE_URL;
  if (scratch) env.DATABASE_URL = scratch.url;
  else env.PLAZA_DATA_DIR = dataDir;
  Object.assign(env, opts.env);

  /** @type {Array<{ args: string[], output: string }>} */
  const prepared = [];
  for (const args of opts.prepare ?? []) {
    const run = spawnSync(process.execPath, [CLI, ...args], { cwd: root, env, encoding: 'utf8', timeout: 600_000 });
    if (run.status !== 0) {
      await cleanup().catch(() => {});
      throw new Error(`plaza ${args.join(' ')} failed (${run.status}):\n${run.stdout}${run.stderr}`);
    }
    prepared.push({ args, output: run.stdout });
  }

  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), CLI, 'start'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: a Ctrl-C reaches only the bench, which then stops it in order
  });
  live.add(child);
  let output = '';
  let ready = false;
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  exited.then(() => live.delete(child));

  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('server did not start within the timeout')),
        opts.readyTimeoutMs ?? 60_000,
      );
      const onData = (chunk) => {
        output += chunk;
        if (output.length > 4_000_000) output = output.slice(-2_000_000); // a server logging every request
        if (!ready && READY.test(output)) {
          ready = true;
          clearTimeout(timer);
          resolve(undefined);
        }
      };
      child.stdout.setEncoding('utf8').on('data', onData);
      child.stderr.setEncoding('utf8').on('data', onData);
      exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code}) before it was ready`));
      });
    });
  } catch (e) {
    child.kill('SIGKILL');
    await exited;
    await cleanup().catch(() => {});
    throw new Error(`${e.message}\n--- server output ---\n${output}`);
  }

  return {
    // The address it listens on, not the banner's `localhost`, which may resolve to ::1 first.
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    /** The scratch folder (the server's media and, on PGlite, its database): the disk uploads land on. */
    tmp,
    database: scratch ? 'postgres' : 'pglite',
    prepared,
    log: () => output,
    cpuSeconds: () => processCpuSeconds(child.pid),
    cli: (args) =>
      new Promise((resolve, reject) => {
        const run = spawn(process.execPath, [CLI, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        run.stdout.setEncoding('utf8').on('data', (c) => (out += c));
        run.stderr.setEncoding('utf8').on('data', (c) => (out += c));
        run.on('error', reject);
        run.on('exit', (code) =>
          code === 0 ? resolve(out) : reject(new Error(`plaza ${args.join(' ')} failed (${code}):\n${out}`)),
        );
      }),
    logRecords: () => output.split('\n').filter((l) => l.startsWith('{')),
    async stop() {
      let code = null;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 35_000);
        code = await exited;
        clearTimeout(killer);
      } else {
        code = child.exitCode ?? child.signalCode;
      }
      await cleanup();
      return code;
    },
  };
}
