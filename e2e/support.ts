import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningPlaza {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the built server (`npm run test:e2e` builds first) on a scratch embedded database and a free port,
 * exactly as `npm start` runs it.
 */
export async function startPlaza(env: Record<string, string> = {}): Promise<RunningPlaza> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaza-e2e-'));
  const port = 41000 + Math.floor(Math.random() * 20000);
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
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    child.stdout!.on('data', () => {
      if (out.includes('Plaza is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return {
    url: `http://localhost:${port}`,
    output: () => out,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
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

/** Screenshots land in e2e/screenshots (git-ignored) for people to look at. */
export function screenshotPath(name: string): string {
  const dir = path.join(root, 'e2e/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}
