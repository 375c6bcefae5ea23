import { existsSync } from 'node:fs';
import { openAsBlob } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DataDirLockedError, lockDataDir } from '../kernel/data-dir-lock.js';
import type { ArchiveWriter } from './archive.js';
import { BackupError, PGLITE_ENTRY, type ArchiveEntry, type Manifest } from './manifest.js';
import type { Progress } from './progress.js';
import { countRows, migrationLevel, occupants, rowDifferences, type Query } from './tables.js';

const queryOf =
  (db: PGlite): Query =>
  async (text) =>
    (await db.query<Record<string, unknown>>(text)).rows;

/** Takes the data dir's lock, or explains that Plaza (or another command) is using it. */
function lock(dataDir: string, doing: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    throw new BackupError(
      `Cannot ${doing}: the embedded database at ${dataDir} is in use by another Plaza process (pid ${e.pid}). ` +
        `Stop Plaza first (systemctl stop plaza, or Ctrl-C on npm start): a copy taken while it writes would be torn.`,
    );
  }
}

/**
 * Dumps the embedded database with PGlite's own dumpDataDir into the archive, holding the data dir's lock from
 * before the dump until `whileLocked` (the media copy) is done, so no Plaza process can write in between.
 */
export async function dumpPglite<T>(
  dataDir: string,
  writer: ArchiveWriter,
  progress: Progress,
  whileLocked: () => Promise<T>,
): Promise<{ database: Manifest['database']; migration: Manifest['migration']; then: T }> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new BackupError(`No embedded database at ${dataDir} (PLAZA_DATA_DIR): nothing to back up.`);
  }
  const release = lock(dataDir, 'back up');
  try {
    const db = await PGlite.create({ dataDir });
    let database: Manifest['database'];
    let migration: Manifest['migration'];
    try {
      const query = queryOf(db);
      migration = await migrationLevel(query);
      const rows = await countRows(query);
      const [version] = await query(`SELECT current_setting('server_version') AS v`);
      // Everything on disk before the copy: the dump then needs no recovery when it is loaded.
      await db.query('CHECKPOINT');
      const dump = await db.dumpDataDir('none');
      progress.step('database', dump.size);
      const entry = await writer.add(PGLITE_ENTRY, dump.size, dump.stream());
      database = { driver: 'pglite', serverVersion: String(version!.v), entry, rows };
    } finally {
      await db.close();
    }
    return { database, migration, then: await whileLocked() };
  } finally {
    release();
  }
}

/** Refuses a data dir that holds anything; returns the lock's release, held until the restore is over. */
export async function lockEmptyDataDir(dataDir: string): Promise<() => void> {
  const release = lock(dataDir, 'restore');
  const present = await readdir(dataDir);
  if (present.length) {
    release();
    throw new BackupError(
      `The data directory ${dataDir} (PLAZA_DATA_DIR) is not empty (${present.slice(0, 3).join(', ')}` +
        `${present.length > 3 ? ', …' : ''}). Restore into an empty or new folder: move this one away, or point ` +
        `PLAZA_DATA_DIR elsewhere.`,
    );
  }
  return release;
}

/**
 * Loads a PGlite dump into the empty, locked `dataDir` and checks every table's row count against the manifest; on
 * any failure the folder is emptied again, so a restore leaves either the whole database or nothing.
 */
export async function restorePglite(
  dataDir: string,
  dumpFile: string,
  entry: ArchiveEntry,
  expectedRows: Record<string, number>,
  progress: Progress,
): Promise<void> {
  progress.step('database', entry.bytes);
  try {
    const db = await PGlite.create({ dataDir, loadDataDir: await openAsBlob(dumpFile) });
    try {
      const query = queryOf(db);
      const differences = rowDifferences(expectedRows, await countRows(query));
      if (differences.length) {
        throw new BackupError(`The restored database differs from the backup: ${differences.slice(0, 5).join('; ')}.`);
      }
      if (!(await occupants(query)).length) throw new BackupError('The restored database is empty.');
    } finally {
      await db.close();
    }
    progress.add(entry.bytes);
  } catch (e) {
    for (const name of await readdir(dataDir)) await rm(path.join(dataDir, name), { recursive: true, force: true });
    throw e;
  }
}
