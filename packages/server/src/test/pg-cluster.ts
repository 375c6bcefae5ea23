import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/** Debian's PostgreSQL server binaries (the newest installed): tests that make clusters run only where they exist. */
const PG_BIN = (() => {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(root, newest, 'bin') : '';
})();
export const hasPostgresBinaries = (): boolean =>
  !!PG_BIN && ['initdb', 'pg_ctl', 'pg_basebackup'].every((b) => existsSync(path.join(PG_BIN, b)));

const run = promisify(execFile);

/** The server binaries refuse root: run them as the postgres user (a no-op wrapper when we are not root). */
async function asPostgres(bin: string, args: string[]): Promise<void> {
  const command = path.join(PG_BIN, bin);
  if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', command, ...args]);
  else await run(command, args);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A PostgreSQL cluster of the test's own, in a temporary folder, listening on a free loopback port. */
export interface Cluster {
  port: number;
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m immediate`: as a crash or a pulled cable would. */
  stop(): Promise<void>;
  /** Runs one statement on its `postgres` database. */
  query<R extends pg.QueryResultRow>(text: string): Promise<R[]>;
  /** Stops it (if running) and removes its folder. */
  destroy(): Promise<void>;
}

function cluster(dir: string, port: number): Cluster {
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const log = path.join(dir, 'server.log');
  const data = path.join(dir, 'data');
  let running = false;
  const self: Cluster = {
    port,
    url,
    start: async () => {
      await asPostgres('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '30', 'start']);
      running = true;
    },
    stop: async () => {
      await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      running = false;
    },
    query: async <R extends pg.QueryResultRow>(text: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<R>(text)).rows;
      } finally {
        await client.end();
      }
    },
    destroy: async () => {
      try {
        if (running) await self.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  return self;
}

function scratchDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'plaza-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  return dir;
}

/**
 * A primary made with initdb: trust on the loopback (replication included, initdb's default), WAL for replicas,
 * no fsync (a test's data need not survive the machine). Started.
 */
export async function startPrimary(): Promise<Cluster> {
  const dir = scratchDir();
  try {
    const port = await freePort();
    await asPostgres('initdb', ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    appendFileSync(path.join(dir, 'data', 'postgresql.conf'), serverSettings(dir, port) + 'wal_level = replica\n');
    const primary = cluster(dir, port);
    await primary.start();
    return primary;
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** A hot standby streaming from `primary` (pg_basebackup -R), on its own port. Started. */
export async function startReplica(primary: Cluster): Promise<Cluster> {
  const dir = scratchDir();
  try {
    const port = await freePort();
    const data = path.join(dir, 'data');
    await asPostgres(
      'pg_basebackup',
      ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'].concat([
        '-D',
        data,
        '-R',
        '-X',
        'stream',
        '--no-sync',
      ]),
    );
    appendFileSync(path.join(data, 'postgresql.conf'), serverSettings(dir, port) + 'hot_standby = on\n');
    const replica = cluster(dir, port);
    await replica.start();
    return replica;
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

const serverSettings = (dir: string, port: number) =>
  [
    '',
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    'fsync = off',
    'synchronous_commit = on',
    'shared_buffers = 16MB',
    'max_connections = 60',
    'max_wal_senders = 4',
    '',
  ].join('\n');
