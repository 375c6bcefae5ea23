import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BackupError } from './manifest.js';

/** A PostgreSQL client program found on this machine, with its major version. */
export interface PgProgram {
  path: string;
  major: number;
}

/** Debian/Ubuntu install every major version's programs here; PATH often has only a wrapper or one of them. */
const VERSIONED_BIN = '/usr/lib/postgresql';

/** Every `name` on PATH and in /usr/lib/postgresql/<n>/bin, with the version it reports. */
export function findPrograms(name: 'pg_dump' | 'psql', env: NodeJS.ProcessEnv = process.env): PgProgram[] {
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  try {
    for (const v of fs.readdirSync(VERSIONED_BIN)) dirs.push(path.join(VERSIONED_BIN, v, 'bin'));
  } catch {
    /* not a Debian layout */
  }
  const found: PgProgram[] = [];
  const seen = new Set<string>();
  for (const dir of dirs) {
    const file = path.join(dir, name);
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    const r = spawnSync(file, ['--version'], { encoding: 'utf8', timeout: 10_000 });
    const major = /\(PostgreSQL\)\s+(\d+)/.exec(r.stdout ?? '')?.[1];
    if (major) found.push({ path: file, major: Number(major) });
  }
  return found;
}

/**
 * The program to use with a server of `serverMajor`: its own version when present (what it writes restores on the
 * same server without newer-only settings), else the oldest newer one. pg_dump refuses servers newer than itself,
 * so an older one is an error that says what to install.
 */
export function pickProgram(name: string, found: PgProgram[], serverMajor: number): PgProgram {
  if (!found.length) {
    throw new BackupError(
      `${name} was not found on PATH or in ${VERSIONED_BIN}/*/bin. Install the PostgreSQL ${serverMajor} client ` +
        `programs (Debian: apt install postgresql-client-${serverMajor}).`,
    );
  }
  const usable = found.filter((p) => p.major >= serverMajor).sort((a, b) => a.major - b.major);
  if (!usable.length) {
    const versions = [...new Set(found.map((p) => p.major))].sort((a, b) => a - b).join(', ');
    throw new BackupError(
      `${name} ${versions} is older than the PostgreSQL ${serverMajor} server and cannot read it. Install the ` +
        `PostgreSQL ${serverMajor} client programs (Debian: apt install postgresql-client-${serverMajor}).`,
    );
  }
  return usable[0]!;
}

/**
 * A connection URL without its password, and the environment that carries it instead: command lines are visible
 * to every user of the machine (ps), the environment is not.
 */
export function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env, PGCONNECT_TIMEOUT: '10' };
  if (password) env.PGPASSWORD = password;
  return { dbname: u.toString(), env };
}
