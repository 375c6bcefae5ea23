import { cp, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ArchiveWriter } from './archive.js';
import { BackupError, MEDIA_PREFIX, type ArchiveEntry } from './manifest.js';
import type { Progress } from './progress.js';

export interface MediaFile {
  /** The object key: its path under the store's folder, with `/`. */
  key: string;
  file: string;
  bytes: number;
}

/** Every stored object under the local store's folder (none when it does not exist yet). */
export async function listMedia(objectsDir: string): Promise<MediaFile[]> {
  let entries;
  try {
    entries = await readdir(objectsDir, { recursive: true, withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const files: MediaFile[] = [];
  for (const e of entries) {
    if (!e.isFile()) continue;
    // The storage probe's scratch file (/ready) is not an object.
    if (e.path === objectsDir && e.name.startsWith('.probe-')) continue;
    const file = path.join(e.path, e.name);
    const key = path.relative(objectsDir, file).split(path.sep).join('/');
    files.push({ key, file, bytes: (await stat(file)).size });
  }
  return files.sort((a, b) => a.key.localeCompare(b.key));
}

export async function archiveMedia(
  files: MediaFile[],
  writer: ArchiveWriter,
  progress: Progress,
): Promise<ArchiveEntry[]> {
  progress.step(
    'media',
    files.reduce((n, f) => n + f.bytes, 0),
  );
  const entries: ArchiveEntry[] = [];
  for (const f of files) entries.push(await writer.addFile(MEDIA_PREFIX + f.key, f.file));
  return entries;
}

/** Refuses a media folder that already holds objects: a restore would mix two shops' files. */
export async function checkMediaEmpty(objectsDir: string): Promise<void> {
  const present = await listMedia(objectsDir);
  if (present.length) {
    throw new BackupError(
      `The media folder ${path.dirname(objectsDir)} (PLAZA_MEDIA_DIR) already holds ${present.length} stored ` +
        `file(s). Restore into an empty folder: move it away, or point PLAZA_MEDIA_DIR elsewhere.`,
    );
  }
}

/** Moves the verified, staged media files into the (empty) store folder: a rename on one disk, a copy across. */
export async function placeMedia(stagedMediaDir: string, objectsDir: string): Promise<void> {
  await checkMediaEmpty(objectsDir);
  await mkdir(path.dirname(objectsDir), { recursive: true });
  await rm(objectsDir, { recursive: true, force: true });
  try {
    await rename(stagedMediaDir, objectsDir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    try {
      await cp(stagedMediaDir, objectsDir, { recursive: true, errorOnExist: true });
    } catch (copyError) {
      await rm(objectsDir, { recursive: true, force: true });
      throw copyError;
    }
  }
}
