import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { BackupError, type Manifest } from './manifest.js';
import { connectionFor, findPrograms, pickProgram } from './pg-clients.js';
import type { Progress } from './progress.js';
import { countRows, migrationLevel, occupants, verifyRowsSql, type Query } from './tables.js';

type DatabasePart = Omit<Manifest['database'], 'entry'> & { migration: Manifest['migration'] };

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (e) {
    throw new BackupError(`Cannot reach the database in DATABASE_URL: ${(e as Error).message}`);
  }
  return client;
}

const queryOf =
  (client: pg.Client): Query =>
  async (text) =>
    (await client.query(text)).rows as Record<string, unknown>[];

async function serverMajor(query: Query): Promise<{ version: string; major: number }> {
  const [row] = await query(
    `SELECT current_setting('server_version') AS v, current_setting('server_version_num') AS n`,
  );
  return { version: String(row!.v), major: Math.floor(Number(row!.n) / 10_000) };
}

const counting = (progress: Progress) =>
  new Transform({
    transform(chunk: Buffer, _enc, cb) {
      progress.add(chunk.length);
      cb(null, chunk);
    },
  });

/** Runs a client program, its stdin from or stdout to a file, counting those bytes; stderr's tail is the error. */
async function run(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  io: { stdinFile?: string; stdoutFile?: string; progress: Progress },
): Promise<void> {
  const child = spawn(program, args, {
    env,
    stdio: [io.stdinFile ? 'pipe' : 'ignore', io.stdoutFile ? 'pipe' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + String(d)).slice(-4000)));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const flows: Promise<void>[] = [];
  if (io.stdinFile) flows.push(pipeline(createReadStream(io.stdinFile), counting(io.progress), child.stdin!));
  if (io.stdoutFile) {
    flows.push(pipeline(child.stdout!, counting(io.progress), createWriteStream(io.stdoutFile, { flags: 'wx' })));
  }
  // A program that fails early closes its stdin: that broken pipe is not the error to report, its stderr is.
  const [code] = await Promise.all([exited, ...flows.map((f) => f.catch(() => {}))]);
  if (code !== 0) {
    const name = program.split('/').at(-1);
    throw new BackupError(`${name} failed (exit ${code}): ${stderr.trim().split('\n').slice(-8).join('\n')}`);
  }
  await Promise.all(flows);
}

/**
 * Dumps the DATABASE_URL database as plain SQL into `file`. The counts and pg_dump share one exported snapshot, held
 * by a read-only transaction here until pg_dump is done, so the manifest describes exactly what the file holds.
 */
export async function dumpPostgres(url: string, file: string, progress: Progress): Promise<DatabasePart> {
  const client = await connect(url);
  try {
    const query = queryOf(client);
    const server = await serverMajor(query);
    const pgDump = pickProgram('pg_dump', findPrograms('pg_dump'), server.major);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [{ snapshot }] = (await client.query('SELECT pg_export_snapshot() AS snapshot')).rows as [
      { snapshot: string },
    ];
    const migration = await migrationLevel(query);
    const rows = await countRows(query);
    const [{ size }] = (await client.query('SELECT pg_database_size(current_database())::text AS size')).rows as [
      { size: string },
    ];
    // The on-disk size is a rough guide to the dump's: indexes are not dumped, text is; good enough for a bar.
    progress.step('database', Number(size));
    const { dbname, env } = connectionFor(url);
    await run(
      pgDump.path,
      ['--format=plain', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--dbname=${dbname}`],
      env,
      { stdoutFile: file, progress },
    );
    await client.query('COMMIT');
    return { driver: 'postgres', serverVersion: server.version, rows, migration };
  } finally {
    await client.end();
  }
}

/** Refuses a target database that already holds anything a restore would collide with. */
export async function checkPostgresEmpty(url: string): Promise<void> {
  const client = await connect(url);
  try {
    const all = await occupants(queryOf(client));
    // Tables say more than the schema that holds them; a lone schema is named when nothing else is there.
    const found = all.some((n) => !n.startsWith('schema ')) ? all.filter((n) => !n.startsWith('schema ')) : all;
    if (found.length) {
      throw new BackupError(
        `The database in DATABASE_URL is not empty (it has ${found.join(', ')}${found.length >= 5 ? ', …' : ''}). ` +
          `Restore into a new, empty database (CREATE DATABASE …) and point DATABASE_URL at it.`,
      );
    }
  } finally {
    await client.end();
  }
}

/**
 * Loads a plain-SQL dump with psql in one transaction, ending with a check of every table's row count: a failure
 * anywhere (a collision, a damaged statement, a count that differs) rolls the whole restore back.
 */
export async function restorePostgres(
  url: string,
  sqlFile: string,
  expectedRows: Record<string, number>,
  size: number,
  progress: Progress,
): Promise<void> {
  await checkPostgresEmpty(url);
  const client = await connect(url);
  let major: number;
  try {
    major = (await serverMajor(queryOf(client))).major;
  } finally {
    await client.end();
  }
  const psql = pickProgram('psql', findPrograms('psql'), major);
  const verifyFile = `${sqlFile}.verify.sql`;
  await writeFile(verifyFile, verifyRowsSql(expectedRows));
  const { dbname, env } = connectionFor(url);
  progress.step('database', size);
  await run(
    psql.path,
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', `--dbname=${dbname}`, '-f', '-', '-f', verifyFile],
    env,
    { stdinFile: sqlFile, progress },
  );
}
