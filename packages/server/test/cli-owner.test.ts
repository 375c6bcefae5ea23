import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/test/child-server.js';

// `plaza owner …` and the start-up output, run as real processes of the built CLI on a real embedded data dir.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = path.join(root, 'packages/server/dist/cli.js');
let dataDir: string;
let port: number;
let base: string;

beforeAll(async () => {
  const { buildServer } = (await import(path.join(root, 'scripts/build.mjs'))) as { buildServer: () => Promise<void> };
  await buildServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaza-owner-'));
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
}, 120_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const env = () => ({
  PATH: process.env.PATH,
  PLAZA_DATA_DIR: path.join(dataDir, 'db'),
  PLAZA_PUBLIC_URL: base,
  PLAZA_WEB_DIST: '',
});

function plaza(args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    env: { ...env(), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, lastLine: r.stdout.trim().split('\n').at(-1) ?? '' };
}

/** `plaza start` with readable logs at info level; resolves once the banner is out. */
async function withServer<T>(fn: (output: () => string) => Promise<T>): Promise<T> {
  const child = spawn(process.execPath, [cli, 'start'], {
    env: { ...env(), PORT: String(port), LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => out.includes('Plaza is running') && resolve());
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  try {
    return await fn(() => out);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function json(res: Response) {
  return (await res.json()) as Record<string, unknown>;
}

async function login(email: string, password: string) {
  return fetch(`${base}/identity/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId: { email }, password }),
  });
}

/** Signs in with a password the way the web app does (login, authorize with PKCE, code exchange); an access token. */
async function accessToken(email: string, password: string): Promise<string> {
  const loggedIn = await json(await login(email, password));
  expect(loggedIn.state).toBe('SUCCESS');
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${base}/oauth2/authorize`);
  for (const [k, v] of Object.entries({
    client_id: 'plaza-web',
    redirect_uri: `${base}/auth/callback`,
    response_type: 'code',
    response_mode: 'query',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 's',
    sessionToken: String(loggedIn.sessionToken),
  }))
    authorize.searchParams.set(k, v);
  const redirect = await fetch(authorize, { redirect: 'manual' });
  const code = new URL(redirect.headers.get('location') ?? '').searchParams.get('code');
  expect(code, redirect.headers.get('location') ?? '').toBeTruthy();
  const tokens = await json(
    await fetch(`${base}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grantType: 'authorization_code',
        clientId: 'plaza-web',
        code,
        codeVerifier: verifier,
        redirectUri: `${base}/auth/callback`,
      }),
    }),
  );
  return String(tokens.access_token);
}

const userinfo = async (token: string) =>
  (await fetch(`${base}/oauth2/userinfo`, { headers: { authorization: `Bearer ${token}` } })).status;

// Each CLI run opens the embedded database in a new process: seconds each, more while the other test worker is busy.
describe('plaza owner', { timeout: 120_000 }, () => {
  it('reset-password prints a password that signs in, and ends the sessions signed in with the old one', async () => {
    const first = plaza(['seed']);
    const [, email, oldPassword] = /Owner login: (\S+) \/ (\S+)/.exec(first.stdout) ?? [];
    expect(oldPassword).toBeTruthy();

    const oldToken = await withServer(async (output) => {
      // The banner is the last thing printed at start; the start-up log lines come before it.
      await new Promise((r) => setTimeout(r, 300));
      expect(output().trimEnd().split('\n').at(-1)).toContain('plaza owner reset-password');
      const token = await accessToken(email!, oldPassword!);
      expect(await userinfo(token)).toBe(200);
      await fetch(`${base}/health`);
      await new Promise((r) => setTimeout(r, 100));
      // One readable line per request; health checks only at debug.
      expect(output()).toMatch(/\d\d:\d\d:\d\d GET \/oauth2\/userinfo 200 \d+ ms/);
      expect(output()).not.toContain('GET /health');
      expect(output()).not.toContain('incoming request');
      return token;
    });

    const reset = plaza(['owner', 'reset-password']);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toContain(`New password for ${email}`);
    const newPassword = reset.lastLine;
    expect(newPassword).toMatch(/^\S{16}$/);
    expect(newPassword).not.toBe(oldPassword);

    await withServer(async () => {
      expect(await userinfo(oldToken)).toBe(401);
      expect((await login(email!, oldPassword!)).status).toBe(403);
      expect(await userinfo(await accessToken(email!, newPassword))).toBe(200);
    });
  }, 300_000);

  it('create adds another owner with a printed password; reset-password then asks which owner', async () => {
    const created = plaza(['owner', 'create', '--email', 'second.owner@example.com']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.lastLine).toMatch(/^\S{16}$/);
    expect(plaza(['owner', 'create', '--email', 'second.owner@example.com']).stderr).toContain('exists already');
    expect(plaza(['owner', 'create']).stderr).toContain('--email is required');

    const ambiguous = plaza(['owner', 'reset-password']);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toContain('several owners');
    const chosen = plaza(['owner', 'reset-password', '--email', 'SECOND.owner@example.com']);
    expect(chosen.code, chosen.stderr).toBe(0);

    await withServer(async () => {
      const res = await login('second.owner@example.com', chosen.lastLine);
      expect((await json(res)).state).toBe('SUCCESS');
    });
  }, 300_000);
});
