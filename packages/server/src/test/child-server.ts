import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Plaza as a real child process (the built dist/cli.js, as `plaza start` runs it), for tests that kill it with
// SIGKILL: its open transactions die mid-flight, as they would on a crashed node.

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const cli = path.join(repoRoot, 'packages/server/dist/cli.js');

export interface ChildServer {
  child: ChildProcess;
  /** Resolves with the exit code, or the signal that ended it. */
  exited: Promise<unknown>;
  /** What it printed so far (stdout and stderr): the first start's banner holds the owner's password. */
  output(): string;
}

/** Builds dist/ from the current sources, so the child runs the code under test. */
export async function buildServerForChild(): Promise<void> {
  const { buildServer } = (await import(path.join(repoRoot, 'scripts/build.mjs'))) as {
    buildServer: () => Promise<void>;
  };
  await buildServer();
}

/** A port free on `host` now (the e2e journeys probe 0.0.0.0, where Plaza listens by default). */
export const freePort = (host = '127.0.0.1') =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer().on('error', reject);
    s.listen(0, host, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * `plaza start` on `dbUrl` (PostgreSQL; without it, the embedded database in `env.PLAZA_DATA_DIR`) in production
 * mode; resolves once it prints that it runs.
 */
export async function startChildServer(opts: {
  port: number;
  dbUrl?: string;
  media: string;
  env?: Record<string, string>;
}): Promise<ChildServer> {
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    PLAZA_PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
    PLAZA_WEB_DIST: '',
    PLAZA_MEDIA_DIR: opts.media,
    ...(opts.dbUrl ? { DATABASE_URL: opts.dbUrl } : {}),
    ...opts.env,
  };
  const child = spawn(process.execPath, [cli, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready in 60 s:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += String(d);
      if (!out.includes('Plaza is running on ')) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${String(code)}):\n${out}`));
    });
  });
  return { child, exited, output: () => out };
}

/** Waits for a state a child server reaches on its own (a lock wait, a job's answer): 30 s, then fails naming it. */
export async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`still waiting for ${what}`);
}
