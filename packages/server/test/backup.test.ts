import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/kernel/db.js';
import { png, settled, upload } from '../src/platform/media/testing.js';
import {
  buildServerForChild,
  freePort,
  repoRoot,
  startChildServer,
  type ChildServer,
} from '../src/test/child-server.js';
import type { TestServer } from '../src/test/harness.js';

// `plaza backup` and `plaza restore` as real processes, on the driver this suite runs on: PGlite, or a fresh
// PostgreSQL database made here when TEST_DATABASE_URL is set (the CI's second run). A shop with members, orders
// and uploaded pictures is backed up, wiped and restored; every row of every table and every media byte must match.

const cli = path.join(repoRoot, 'packages/server/dist/cli.js');
const baseUrl = process.env.TEST_DATABASE_URL;
const driver = baseUrl ? 'postgres' : 'pglite';
const dbName = `plaza_backup_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const dbUrl = baseUrl ? Object.assign(new URL(baseUrl), { pathname: `/${dbName}` }).toString() : undefined;

let dir: string;
let env: Record<string, string>;
let server: ChildServer | undefined;

const dataDir = () => path.join(dir, 'data', 'db');
const mediaDir = () => path.join(dir, 'data', 'media');

function plaza(args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { env, cwd: dir, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, lastLine: r.stdout.trim().split('\n').at(-1) ?? '' };
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Empties the shop: a new database (or data dir) and no media folder. */
async function wipe(): Promise<void> {
  fs.rmSync(path.join(dir, 'data'), { recursive: true, force: true });
  if (baseUrl) {
    await admin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await c.query(`CREATE DATABASE "${dbName}"`);
    });
  }
}

/** Every table of every user schema as JSON rows in a stable order, read in this process. */
async function tableRows(): Promise<Record<string, string>> {
  const listSql = `SELECT n.nspname AS s, c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
    ORDER BY 1, 2`;
  const dump = async (query: (text: string) => Promise<Record<string, unknown>[]>) => {
    const out: Record<string, string> = {};
    for (const { s, t } of (await query(listSql)) as { s: string; t: string }[]) {
      const [row] = await query(`SELECT coalesce(json_agg(x ORDER BY x::text), '[]')::text AS j FROM "${s}"."${t}" x`);
      out[`${s}.${t}`] = String(row!.j);
    }
    return out;
  };
  if (dbUrl) {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    try {
      return await dump(async (text) => (await c.query(text)).rows as Record<string, unknown>[]);
    } finally {
      await c.end();
    }
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: dataDir() });
  try {
    return await dump(async (text) => (await database.pglite!.query<Record<string, unknown>>(text)).rows);
  } finally {
    await database.close();
  }
}

/** sha256 of every stored media object, by its path under the media folder. */
function mediaHashes(): Record<string, string> {
  const root = path.join(mediaDir(), 'objects');
  if (!fs.existsSync(root)) return {};
  const out: Record<string, string> = {};
  for (const f of fs.readdirSync(root, { recursive: true }) as string[]) {
    const file = path.join(root, f);
    if (fs.statSync(file).isFile()) out[f] = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return out;
}

/** The target holds nothing after a refused restore: no rows, no tables, no media files. */
async function expectEmptyTarget(): Promise<void> {
  expect(mediaHashes()).toEqual({});
  if (dbUrl) {
    const tables = await admin(async () => {
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      try {
        const r = await c.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`,
        );
        return r.rows[0]!.n;
      } finally {
        await c.end();
      }
    });
    expect(tables).toBe(0);
  } else {
    expect(fs.existsSync(dataDir()) ? fs.readdirSync(dataDir()) : []).toEqual([]);
  }
}

/** The archive's entries in memory (test archives are a few MB), to make damaged copies of it. */
async function readArchive(file: string): Promise<{ name: string; data: Buffer }[]> {
  const entries: { name: string; data: Buffer }[] = [];
  const extract = tar.extract();
  extract.end(gunzipSync(fs.readFileSync(file)));
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const c of entry) chunks.push(c as Buffer);
    entries.push({ name: entry.header.name, data: Buffer.concat(chunks) });
  }
  return entries;
}

async function writeArchive(file: string, entries: { name: string; data: Buffer }[]): Promise<void> {
  const pack = tar.pack();
  for (const e of entries) pack.entry({ name: e.name }, e.data);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack) chunks.push(c as Buffer);
  fs.writeFileSync(file, gzipSync(Buffer.concat(chunks)));
}

beforeAll(async () => {
  await buildServerForChild();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaza-backup-'));
  env = {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: 'silent',
    PLAZA_DATA_DIR: dataDir(),
    PLAZA_MEDIA_DIR: mediaDir(),
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
  };
  if (baseUrl) await admin((c) => c.query(`CREATE DATABASE "${dbName}"`));
}, 120_000);

afterAll(async () => {
  server?.child.kill('SIGKILL');
  if (server) await server.exited;
  if (baseUrl) await admin((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe(`plaza backup and restore (${driver})`, { timeout: 240_000 }, () => {
  let archive: string;
  let rowsBefore: Record<string, string>;
  let mediaBefore: Record<string, string>;

  it('backs up a shop with members, orders and uploaded pictures; a running embedded database is refused', async () => {
    const key = plaza(['api-key', 'create', '--name', 'Backup test', '--scopes', 'media']);
    expect(key.code, key.stderr).toBe(0);
    const loaded = plaza(['load-data', '--members', '40', '--reviews', '10', '--orders', '30']);
    expect(loaded.code, loaded.stderr).toBe(0);

    const port = await freePort();
    server = await startChildServer({ port, media: mediaDir(), ...(dbUrl ? { dbUrl } : {}), env });
    const srv = { url: `http://127.0.0.1:${port}` } as TestServer;
    for (const [w, h] of [
      [640, 480],
      [300, 900],
    ] as const) {
      const { put } = await upload(srv, key.lastLine, await png(w, h, { r: w % 256, g: h % 256, b: 90 }));
      expect(put.status).toBe(200);
      expect((await settled(srv, key.lastLine, put.body.file.id)).operationStatus).toBe('READY');
    }

    if (driver === 'pglite') {
      const refused = plaza(['backup', '--out', 'while-running.tar.gz']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Cannot back up: the embedded database at');
      expect(refused.stderr).toContain('Stop Plaza first');
      expect(fs.readdirSync(dir).filter((f) => f.startsWith('while-running'))).toEqual([]);
    }
    server.child.kill('SIGTERM');
    await server.exited;
    server = undefined;

    rowsBefore = await tableRows();
    mediaBefore = mediaHashes();
    expect(Object.keys(mediaBefore).length).toBeGreaterThanOrEqual(2);
    const count = (table: string) => (JSON.parse(rowsBefore[table]!) as unknown[]).length;
    expect(count('public.members')).toBeGreaterThanOrEqual(40);
    expect(count('public.orders')).toBeGreaterThanOrEqual(30);

    const backup = plaza(['backup']);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.lastLine).toMatch(/^Backed up \d+ tables \(\d+ rows\) and \d+ media files \(.+\) to .+ in .+ s\.$/);
    const made = fs.readdirSync(dir).filter((f) => /^plaza-backup-\d{8}-\d{6}\.tar\.gz$/.test(f));
    expect(made).toHaveLength(1);
    archive = path.join(dir, made[0]!);
    expect(backup.lastLine).toContain(`${Object.keys(mediaBefore).length} media files`);

    const again = plaza(['backup', '--out', made[0]!]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
  });

  it('refuses damaged archives and leaves the wiped target empty', async () => {
    await wipe();
    const bytes = fs.readFileSync(archive);

    const flipped = Buffer.from(bytes);
    for (let i = 0; i < 64; i++) flipped[Math.floor(bytes.length / 2) + i]! ^= 0xff;
    fs.writeFileSync(path.join(dir, 'flipped.tar.gz'), flipped);
    const r1 = plaza(['restore', 'flipped.tar.gz']);
    expect(r1.code).toBe(1);
    expect(r1.stderr).toMatch(/flipped\.tar\.gz is damaged/);

    fs.writeFileSync(path.join(dir, 'cut.tar.gz'), bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    const r2 = plaza(['restore', 'cut.tar.gz']);
    expect(r2.code).toBe(1);
    expect(r2.stderr).toMatch(/cut\.tar\.gz is (damaged|incomplete)/);

    // A media file whose bytes differ from the manifest's checksum (the gzip itself intact).
    const entries = await readArchive(archive);
    const swapped = entries.map((e) => (e.name.startsWith('media/') ? { ...e, data: randomBytes(e.data.length) } : e));
    await writeArchive(path.join(dir, 'swapped.tar.gz'), swapped);
    const r3 = plaza(['restore', 'swapped.tar.gz']);
    expect(r3.code).toBe(1);
    expect(r3.stderr).toMatch(/swapped\.tar\.gz is damaged: media\/\S+ does not match its checksum/);

    // A manifest that claims another row count: the database loads, the check fails, nothing stays.
    const edited = entries.map((e) => {
      if (e.name !== 'manifest.json') return e;
      const m = JSON.parse(e.data.toString()) as { database: { rows: Record<string, number> } };
      m.database.rows['public.members']! += 1;
      return { ...e, data: Buffer.from(JSON.stringify(m)) };
    });
    await writeArchive(path.join(dir, 'miscounted.tar.gz'), edited);
    const r4 = plaza(['restore', 'miscounted.tar.gz']);
    expect(r4.code).toBe(1);
    expect(r4.stderr).toMatch(/public\.members.* rows, the backup has \d+/);

    const missing = plaza(['restore', 'nope.tar.gz']);
    expect(missing.stderr).toContain(`No such file: ${path.join(dir, 'nope.tar.gz')}`);
    expect(plaza(['restore']).stderr).toContain('restore takes one archive file');

    await expectEmptyTarget();
    // No staging folder left behind, and no folder made by the refused restores.
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.plaza-restore-') || f === 'data')).toEqual([]);
  });

  it('restores every row and every media byte, then refuses a target that is no longer empty', async () => {
    const restored = plaza(['restore', path.basename(archive)]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.lastLine).toMatch(/^Restored \d+ tables .* checksums verified, in .+ s\.$/);

    expect(mediaHashes()).toEqual(mediaBefore);
    const rowsAfter = await tableRows();
    expect(Object.keys(rowsAfter)).toEqual(Object.keys(rowsBefore));
    for (const table of Object.keys(rowsBefore)) expect(rowsAfter[table], table).toBe(rowsBefore[table]);

    const twice = plaza(['restore', path.basename(archive)]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(
      driver === 'pglite' ? /data directory .* is not empty/ : /database in DATABASE_URL is not empty/,
    );
  });
});
