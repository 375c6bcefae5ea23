import { existsSync, statSync } from 'node:fs';
import { link, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/index.js';
import { localObjectsDir } from '../platform/media/index.js';
import { ArchiveWriter } from './archive.js';
import { archiveMedia, listMedia } from './media.js';
import { BackupError, MANIFEST_NAME, POSTGRES_ENTRY, type Manifest } from './manifest.js';
import { dumpPglite } from './pglite.js';
import { dumpPostgres } from './postgres.js';
import { createProgress, type Progress } from './progress.js';

export interface BackupResult {
  file: string;
  manifest: Manifest;
  archiveBytes: number;
  /** Things the operator should know (the S3 bucket left in place, the key kept apart). */
  notes: string[];
}

/** `plaza-backup-20250131-142501.tar.gz`, in UTC: sorts by time, and no `:` for other file systems. */
export function defaultBackupName(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/-/g, '')
    .replace('T', '-')
    .replace(/:/g, '');
  return `plaza-backup-${stamp}.tar.gz`;
}

function outputPath(out: string | undefined, cwd: string): string {
  const file = path.resolve(cwd, out ?? defaultBackupName());
  if (existsSync(file))
    throw new BackupError(`${file} already exists: choose another --out (a backup never overwrites).`);
  const dir = path.dirname(file);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new BackupError(`The folder ${dir} does not exist.`);
  return file;
}

type MediaPart = Manifest['media'];

async function localMedia(config: Config, writer: ArchiveWriter, progress: Progress): Promise<MediaPart> {
  const files = await listMedia(localObjectsDir(config.media.dir));
  const entries = await archiveMedia(files, writer, progress);
  return { storage: 'local', files: entries.length, bytes: entries.reduce((n, e) => n + e.bytes, 0), entries };
}

/**
 * Writes one archive of the configured database and the local media files, with the manifest last (it holds every
 * checksum, known only once the bytes went through). The archive appears under its name only when complete.
 */
export async function createBackup(
  config: Config,
  opts: { out?: string; cwd?: string; progress?: Progress } = {},
): Promise<BackupResult> {
  const file = outputPath(opts.out, opts.cwd ?? process.cwd());
  const progress = opts.progress ?? createProgress();
  const partial = `${file}.partial-${process.pid}`;
  const sqlFile = `${partial}.sql`;
  const writer = new ArchiveWriter(partial, (n) => progress.add(n));
  const s3 = config.media.s3;
  const media = async (): Promise<MediaPart> =>
    s3
      ? { storage: 's3', bucket: s3.bucket, ...(s3.endpoint ? { endpoint: s3.endpoint } : {}) }
      : localMedia(config, writer, progress);
  try {
    let manifest: Manifest;
    const base = { format: 'plaza-backup', formatVersion: 1, createdAt: new Date().toISOString() } as const;
    if (config.databaseUrl) {
      const { migration, ...database } = await dumpPostgres(config.databaseUrl, sqlFile, progress);
      progress.step('packing', (await stat(sqlFile)).size);
      const entry = await writer.addFile(POSTGRES_ENTRY, sqlFile);
      await rm(sqlFile, { force: true });
      // After the dump: a file uploaded meanwhile is an unused extra; one copied before could miss its row.
      manifest = { ...base, migration, database: { ...database, entry }, media: await media() };
    } else {
      const { database, migration, then } = await dumpPglite(config.dataDir, writer, progress, media);
      manifest = { ...base, migration, database, media: then };
    }
    await writer.addBuffer(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2)));
    await writer.finish();
    progress.stop();
    // link() refuses an existing name, so a file made meanwhile under that name is never replaced.
    await link(partial, file);
    await unlink(partial);
    return { file, manifest, archiveBytes: (await stat(file)).size, notes: notesOf(config, manifest) };
  } catch (e) {
    progress.stop();
    await writer.abort();
    await rm(partial, { force: true });
    await rm(sqlFile, { force: true });
    throw e;
  }
}

function notesOf(config: Config, manifest: Manifest): string[] {
  const notes: string[] = [];
  if (manifest.media.storage === 's3') {
    notes.push(
      `Media files are in the S3 bucket "${manifest.media.bucket}" and stay there: the archive names the bucket; ` +
        `back the bucket up with your storage provider's tools.`,
    );
  }
  const embeddedKey = `${config.dataDir.replace(/[/\\]+$/, '')}.key`;
  if (!config.databaseUrl && !config.payments.encryptionKey && existsSync(embeddedKey)) {
    notes.push(
      `The archive does not hold the encryption key of stored payment keys (${embeddedKey}): keep a copy of it ` +
        `apart from the archive, and put it back next to the data directory after a restore.`,
    );
  }
  return notes;
}
