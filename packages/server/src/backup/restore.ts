import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/index.js';
import { localObjectsDir } from '../platform/media/index.js';
import { extractArchive, type ExtractedArchive } from './archive.js';
import { checkMediaEmpty, placeMedia } from './media.js';
import { BackupError, MEDIA_PREFIX, parseManifest, PGLITE_ENTRY, POSTGRES_ENTRY, type Manifest } from './manifest.js';
import { lockEmptyDataDir, restorePglite } from './pglite.js';
import { checkPostgresEmpty, restorePostgres } from './postgres.js';
import { createProgress, type Progress } from './progress.js';
import { checkMigrationKnown } from './tables.js';

export interface RestoreResult {
  file: string;
  manifest: Manifest;
  notes: string[];
}

/** Every entry the manifest lists is there with its size and sha256, and nothing else is. */
function verifyEntries(manifest: Manifest, found: ExtractedArchive['entries'], file: string): void {
  const expected = [manifest.database.entry, ...(manifest.media.storage === 'local' ? manifest.media.entries : [])];
  const listed = new Set(expected.map((e) => e.name));
  for (const e of expected) {
    const got = found.get(e.name);
    if (!got) throw new BackupError(`${file} is incomplete: ${e.name} is missing.`);
    if (got.bytes !== e.bytes || got.sha256 !== e.sha256) {
      throw new BackupError(`${file} is damaged: ${e.name} does not match its checksum.`);
    }
  }
  for (const name of found.keys()) {
    if (!listed.has(name))
      throw new BackupError(`${file} is damaged: it holds ${name}, which its manifest does not list.`);
  }
}

/** The archive fits this configuration: same database driver, known schema, and local media only into a local store. */
function checkFits(config: Config, manifest: Manifest, file: string): string[] {
  const driver = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.driver !== driver) {
    throw new BackupError(
      manifest.database.driver === 'pglite'
        ? `${file} holds an embedded (PGlite) database, but DATABASE_URL is set. Unset it to restore into PLAZA_DATA_DIR.`
        : `${file} holds a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it.`,
    );
  }
  const entryName = driver === 'pglite' ? PGLITE_ENTRY : POSTGRES_ENTRY;
  if (manifest.database.entry.name !== entryName)
    throw new BackupError(`${file} is damaged: its database entry is misnamed.`);
  if (manifest.media.storage === 'local' && manifest.media.entries.some((e) => !e.name.startsWith(MEDIA_PREFIX))) {
    throw new BackupError(`${file} is damaged: a media entry lies outside media/.`);
  }
  checkMigrationKnown(manifest, file);
  const s3 = config.media.s3;
  if (manifest.media.storage === 'local' && s3 && manifest.media.files > 0) {
    throw new BackupError(
      `${file} holds ${manifest.media.files} local media file(s), but this Plaza keeps media in the S3 bucket ` +
        `"${s3.bucket}". Unset PLAZA_S3_BUCKET to restore them into PLAZA_MEDIA_DIR.`,
    );
  }
  if (manifest.media.storage !== 's3') return [];
  const bucket = manifest.media.bucket;
  return [
    `Media files were not in the archive: they are in the S3 bucket "${bucket}", left where it is.` +
      (s3?.bucket === bucket ? '' : ` Set PLAZA_S3_BUCKET=${bucket} (and its endpoint and credentials) to serve them.`),
  ];
}

/** Refuses non-empty targets before reading the archive; on the embedded database, keeps its lock until done. */
async function claimTargets(config: Config): Promise<() => void> {
  const release = config.databaseUrl ? () => {} : await lockEmptyDataDir(config.dataDir);
  try {
    if (config.databaseUrl) await checkPostgresEmpty(config.databaseUrl);
    if (!config.media.s3) await checkMediaEmpty(localObjectsDir(config.media.dir));
  } catch (e) {
    release();
    throw e;
  }
  return release;
}

/**
 * Restores an archive into an empty database (data dir or DATABASE_URL) and an empty media folder. Everything is
 * unpacked and checked against the manifest first; media then move into place and the database loads in one go
 * (PostgreSQL: one transaction, ending with a row count check); if the database fails, the media go again.
 */
export async function restoreBackup(
  config: Config,
  archive: string,
  opts: { cwd?: string; progress?: Progress } = {},
): Promise<RestoreResult> {
  const file = path.resolve(opts.cwd ?? process.cwd(), archive);
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`No such file: ${file}`);
  const progress = opts.progress ?? createProgress();
  // Folders this restore makes (the data dir, the media folder's parent) go again if it fails.
  const made = [config.dataDir, config.media.dir].flatMap(missingFolders).sort((a, b) => b.length - a.length);
  let succeeded = false;
  const release = await claimTargets(config).catch(async (e: unknown) => {
    await removeEmpty(made);
    throw e;
  });
  // Next to the media folder, so the verified files move into place by rename.
  await mkdir(path.dirname(config.media.dir), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(config.media.dir), '.plaza-restore-'));
  try {
    progress.step('reading', statSync(file).size);
    const extracted = await extractArchive(file, staging, (n) => progress.add(n));
    const manifest = parseManifest(extracted.manifestText, file);
    verifyEntries(manifest, extracted.entries, file);
    const notes = checkFits(config, manifest, file);
    const objectsDir = localObjectsDir(config.media.dir);
    const hasMedia = manifest.media.storage === 'local' && manifest.media.files > 0;
    if (hasMedia) await placeMedia(path.join(staging, 'media'), objectsDir);
    const dbFile = path.join(staging, manifest.database.entry.name);
    try {
      if (config.databaseUrl) {
        const { rows, entry } = manifest.database;
        await restorePostgres(config.databaseUrl, dbFile, rows, entry.bytes, progress);
      } else {
        await restorePglite(config.dataDir, dbFile, manifest.database.entry, manifest.database.rows, progress);
      }
    } catch (e) {
      if (hasMedia) await rm(objectsDir, { recursive: true, force: true });
      throw e;
    }
    progress.stop();
    succeeded = true;
    return { file, manifest, notes };
  } finally {
    progress.stop();
    await rm(staging, { recursive: true, force: true });
    release();
    if (!succeeded) await removeEmpty(made);
  }
}

/** `folder` and those of its parents that do not exist yet, deepest first. */
function missingFolders(folder: string): string[] {
  const missing: string[] = [];
  for (let f = folder; !existsSync(f) && path.dirname(f) !== f; f = path.dirname(f)) missing.push(f);
  return missing;
}

async function removeEmpty(folders: string[]): Promise<void> {
  for (const f of folders) await rmdir(f).catch(() => {});
}
