import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { createClient, OAuthStrategy } from '@plaza/sdk';
import { freePort } from '../packages/server/src/test/child-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningPlaza {
  url: string;
  output(): string;
  /** The owner account `plaza start` printed on its first run. */
  owner: { email: string; password: string };
  /** The scratch folder holding the database (`db`) and the media files. */
  dataDir: string;
  /** Stops the server and removes its data, unless `keepData`. */
  stop(opts?: { keepData?: boolean }): Promise<void>;
}

/**
 * Starts the built server (`npm run test:e2e` builds first) on a scratch embedded database and a free port,
 * exactly as `npm start` runs it. SMTP is unset, so every e-mail lands in the dev mailbox. The database is a copy
 * of the one global-setup.ts made with a first start (migrated, demo data, owner), unless `fresh`.
 */
export async function startPlaza(
  env: Record<string, string> = {},
  opts: { fresh?: boolean } = {},
): Promise<RunningPlaza> {
  // A port free a moment ago can be taken before the server binds it (CI once lost a run to that): try again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, opts, await freePort('0.0.0.0'));
    } catch (e) {
      if (!(e instanceof PortTakenError) || attempt === 3) throw e;
    }
  }
}

class PortTakenError extends Error {}

async function startOnce(env: Record<string, string>, opts: { fresh?: boolean }, port: number): Promise<RunningPlaza> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaza-e2e-'));
  const template = opts.fresh ? undefined : inject('plazaTemplate');
  if (template) fs.cpSync(template.dir, dataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'packages/server/dist/cli.js'), 'start'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      PLAZA_DATA_DIR: path.join(dataDir, 'db'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 150_000);
    child.stdout!.on('data', () => {
      // On a first start, the owner's lines follow the "running" line in the same banner.
      if (out.includes('Plaza is running') && (template || /Password:\s+\S+/.test(out))) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (/is already in use/.test(out)) fs.rmSync(dataDir, { recursive: true, force: true });
      const Failure = /is already in use/.test(out) ? PortTakenError : Error;
      reject(new Failure(`server exited with ${code}:\n${out}`));
    });
  });
  const owner = template?.owner ?? {
    email: /Email:\s+(\S+)/.exec(out)?.[1] ?? '',
    password: /Password:\s+(\S+)/.exec(out)?.[1] ?? '',
  };
  return {
    url: `http://localhost:${port}`,
    output: () => out,
    owner,
    dataDir,
    stop: async ({ keepData = false } = {}) => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      child.kill('SIGKILL');
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The owner signed in through the SDK (password login, then the direct login), as a back-office script would. */
export async function ownerClient(plaza: RunningPlaza) {
  const auth = OAuthStrategy({ clientId: 'plaza-web', redirectUri: `${plaza.url}/auth/callback` });
  const client = createClient({ baseUrl: plaza.url, auth });
  const result = await auth.login(plaza.owner);
  if (result.loginState !== 'SUCCESS') throw new Error(`owner login: ${JSON.stringify(result)}`);
  return client;
}

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  createdDate: string;
}

/**
 * Reads the dev mailbox with an API key (scope `mailbox.read`) that the owner creates, as the spec's
 * `GET /dev/v1/mailbox?to=ADDRESS` is meant to be used by tests and scripts.
 */
export async function mailboxReader(plaza: RunningPlaza) {
  const owner = await ownerClient(plaza);
  const { key } = await owner.fetch<{ key: string }>('/settings/v1/api-keys', {
    method: 'POST',
    body: { name: 'e2e mailbox', scopes: ['mailbox.read'] },
  });
  const list = async (to: string): Promise<Mail[]> => {
    const res = await fetch(`${plaza.url}/dev/v1/mailbox?to=${encodeURIComponent(to)}`, {
      headers: { authorization: key },
    });
    if (!res.ok) throw new Error(`mailbox: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { messages: Mail[] }).messages;
  };
  /** The newest message to `to` matching `template`, waiting up to 10 s for it (mail is stored by a job). */
  const latest = async (to: string, template: string, after?: string): Promise<Mail> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = (await list(to)).find((m) => m.template === template && m.id !== after);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${template} mail to ${to}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  return {
    list,
    latest,
    /** The 6-digit code of the newest verification e-mail to `to` (other than the message `after`). */
    code: async (to: string, after?: string) => {
      const mail = await latest(to, 'VERIFICATION_CODE', after);
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`no code in: ${mail.text}`);
      return { code, mail };
    },
  };
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/**
 * A dashboard sidebar link by its label, with or without the waiting-count badge that joins its accessible name
 * once counts load ("Reviews" or "Reviews, 2 waiting"): exact on the label, so "Members" never matches "Members
 * settings", and independent of when the count arrives.
 */
export function sidebarLink(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page
    .getByRole('navigation', { name: 'Dashboard', exact: true })
    .getByRole('link', { name: new RegExp(`^${escaped}(\\s*,.+)?$`), exact: true });
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** Screenshots land in e2e/screenshots (git-ignored) for people to look at. */
export function screenshotPath(name: string): string {
  const dir = path.join(root, 'e2e/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}

/** A full-page screenshot, after checking that nothing overflows the viewport sideways (a broken mobile layout). */
export async function snap(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) throw new Error(`${name}: the page is ${overflow}px wider than the viewport`);
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

/** The tokens the web app keeps in localStorage. */
interface StoredTokens {
  accessToken: { value: string; expiresAt: number };
  refreshToken: { value: string; role: string };
}

export async function storedTokens(page: Page): Promise<StoredTokens | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('plaza.tokens') ?? 'null') as StoredTokens | null);
}

/** Logs in on the hosted login page the browser is on (or is being sent to). */
export async function fillHostedLogin(page: Page, email: string, password: string): Promise<void> {
  await page.waitForURL(/\/auth\/login\?/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Opens /admin in `page` and logs in there as the owner, through the hosted login page. */
export async function ownerIntoDashboard(page: Page, plaza: RunningPlaza): Promise<void> {
  await page.goto(`${plaza.url}/admin`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await fillHostedLogin(page, plaza.owner.email, plaza.owner.password);
  await page.waitForURL(`${plaza.url}/admin`);
  await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) of a base32 secret, as an authenticator app computes it. */
export function totp(secret: string, at = Date.now(), stepOffset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/[\s=]/g, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000) + stepOffset));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
