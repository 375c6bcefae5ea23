/** What a backup archive holds, written as its last entry (`manifest.json`), once every checksum is known. */
export interface Manifest {
  format: 'plaza-backup';
  formatVersion: 1;
  createdAt: string;
  /** The newest applied migration: a restore refuses an archive of a schema this Plaza does not know. */
  migration: { applied: number; latest: string | null };
  database: {
    driver: 'pglite' | 'postgres';
    /** The server's version (`SHOW server_version`). */
    serverVersion: string;
    /** The archive entry holding it: a PGlite data dir dump (tar), or a plain-SQL `pg_dump`. */
    entry: ArchiveEntry;
    /** Rows per table (`schema.table`), counted in the same snapshot as the dump; checked after a restore. */
    rows: Record<string, number>;
  };
  media:
    | { storage: 'local'; files: number; bytes: number; entries: ArchiveEntry[] }
    | { storage: 's3'; bucket: string; endpoint?: string };
}

export interface ArchiveEntry {
  name: string;
  bytes: number;
  sha256: string;
}

export const MANIFEST_NAME = 'manifest.json';
export const PGLITE_ENTRY = 'database/pglite.tar';
export const POSTGRES_ENTRY = 'database/postgres.sql';
export const MEDIA_PREFIX = 'media/';

/** Thrown for anything the operator must fix (bad file, non-empty target, missing pg_dump): printed as is. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const isEntry = (e: unknown): e is ArchiveEntry =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as ArchiveEntry).name === 'string' &&
  Number.isSafeInteger((e as ArchiveEntry).bytes) &&
  /^[0-9a-f]{64}$/.test(String((e as ArchiveEntry).sha256));

/** Parses and checks a manifest's shape; `file` names the archive in the message. */
export function parseManifest(text: string, file: string): Manifest {
  let m: Manifest;
  try {
    m = JSON.parse(text) as Manifest;
  } catch {
    throw new BackupError(`${file} is damaged: its manifest.json is not JSON.`);
  }
  if (m?.format !== 'plaza-backup') throw new BackupError(`${file} is not a Plaza backup (no plaza-backup manifest).`);
  if (m.formatVersion !== 1) {
    throw new BackupError(
      `${file} has backup format ${String(m.formatVersion)}; this Plaza reads format 1. Restore it with the Plaza version that made it.`,
    );
  }
  const db = m.database;
  const media = m.media;
  const ok =
    (db?.driver === 'pglite' || db?.driver === 'postgres') &&
    isEntry(db.entry) &&
    typeof db.rows === 'object' &&
    db.rows !== null &&
    typeof m.migration?.applied === 'number' &&
    (media?.storage === 's3'
      ? typeof media.bucket === 'string'
      : media?.storage === 'local' && Array.isArray(media.entries) && media.entries.every(isEntry));
  if (!ok) throw new BackupError(`${file} is damaged: its manifest.json lacks required fields.`);
  return m;
}
