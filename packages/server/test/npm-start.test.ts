import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot } from '../src/test/child-server.js';

// `npm start` for real, as an operator or a service manager runs it: a signal to the npm process must reach the
// server (npm forwards it to its child; a `sh -c` in between used to swallow it and leave the server running alone).
// PLAZA_WEB_DIST='' serves the API only, so npm start builds only the server: seconds, not a Vite build.

let dataDir: string;
const started: ChildProcess[] = [];
const serverPids: number[] = [];

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaza-npm-start-'));
});
afterEach(() => {
  for (const pid of [...serverPids.splice(0), ...started.splice(0).map((c) => c.pid)]) {
    try {
      if (pid) process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** `npm start` on a loopback port and the temp data dir; resolves with npm and the server's pid once it serves. */
async function npmStart(port: number) {
  const npm = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      PLAZA_DATA_DIR: path.join(dataDir, 'db'),
      PLAZA_WEB_DIST: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(npm);
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start not ready in 90 s:\n${out}`)), 90_000);
    const onData = (d: Buffer) => {
      out += String(d);
      if (out.includes('Plaza is running on ')) resolve(clearTimeout(timer));
    };
    npm.stdout.on('data', onData);
    npm.stderr.on('data', onData);
    npm.on('exit', (code) => reject(new Error(`npm start exited (${code}):\n${out}`)));
  });
  const children = descendants(npm.pid!);
  serverPids.push(...children.map((c) => c.pid));
  // npm's only child is the server itself (package.json execs it), not a shell holding it.
  expect(children.map((c) => c.args)).toEqual(['node scripts/start.mjs']);
  const server = children[0]!.pid;
  const exited = new Promise<unknown>((resolve) => npm.on('exit', (code, signal) => resolve(code ?? signal)));
  return { npm, server, exited };
}

/** The processes under `pid`, children first. */
function descendants(pid: number): { pid: number; args: string }[] {
  const lines = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' }).trim().split('\n');
  const all = lines.map((l) => l.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/)!);
  const found: { pid: number; args: string }[] = [];
  for (let parents = [pid]; parents.length;) {
    const next = all.filter((m) => parents.includes(Number(m[2]))).map((m) => ({ pid: Number(m[1]), args: m[3]! }));
    found.push(...next);
    parents = next.map((c) => c.pid);
  }
  return found;
}

/** A process that has not exited (a zombie has: only its parent has not collected it yet). */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => resolve(socket.destroy() && true));
    socket.once('error', () => resolve(false));
  });

/** Waits up to `ms` for the server process to be gone and its port closed on both loopbacks. */
async function expectStopped(server: number, port: number, ms: number) {
  const deadline = Date.now() + ms;
  while (running(server) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(running(server), `server ${server} still running ${ms} ms after the signal`).toBe(false);
  expect(await accepts('127.0.0.1', port)).toBe(false);
  expect(await accepts('::1', port)).toBe(false);
}

describe('npm start', { timeout: 150_000 }, () => {
  it('listens on both loopbacks only, and SIGTERM to npm drains and stops the server', async () => {
    const port = await freePort();
    const { npm, server, exited } = await npmStart(port);

    for (const base of [`http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
      expect((await fetch(`${base}/health`)).status).toBe(200);
    }
    // The embedded database's default HOST is the loopbacks: another interface of this machine gets no answer.
    const lan = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (lan) expect(await accepts(lan.address, port)).toBe(false);

    const inflight = Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status));
    await new Promise((r) => setTimeout(r, 5));
    npm.kill('SIGTERM');
    const statuses = await Promise.allSettled(inflight);
    for (const s of statuses) if (s.status === 'fulfilled') expect([200, 503]).toContain(s.value);
    await expectStopped(server, port, 15_000);
    // npm exits as the server did: 0 after a clean drain.
    expect(await exited).toBe(0);
  });

  it('stops the server on SIGINT to npm', async () => {
    const port = await freePort();
    const { npm, server } = await npmStart(port);
    npm.kill('SIGINT');
    await expectStopped(server, port, 15_000);
  });

  it('stops the server when npm itself is killed', async () => {
    const port = await freePort();
    const { npm, server } = await npmStart(port);
    npm.kill('SIGKILL');
    // The server notices its parent is gone within a second, then drains as on SIGTERM.
    await expectStopped(server, port, 15_000);
  });
});
