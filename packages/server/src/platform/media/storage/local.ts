import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ByteRange, ObjectStore } from './object-store.js';

/** Where the local store keeps its objects: `<media dir>/objects` (what `plaza backup` copies). */
export const localObjectsDir = (mediaDir: string): string => path.join(mediaDir, 'objects');

/** Objects as files under `<media dir>/objects`; a finished upload is renamed into place (no copy on one disk). */
export class LocalStore implements ObjectStore {
  readonly kind = 'local';
  private readonly root: string;

  constructor(dir: string) {
    this.root = localObjectsDir(dir);
  }

  /** The file of a key; keys are server-made, and this refuses anything that would leave the root anyway. */
  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`object key outside the store: ${key}`);
    return full;
  }

  async probe(): Promise<void> {
    // Writing a file is the only honest test: a folder can exist, and even be listed, on a read-only disk.
    await mkdir(this.root, { recursive: true });
    const file = path.join(this.root, `.probe-${process.pid}`);
    await writeFile(file, '');
    await rm(file, { force: true });
  }

  async putFile(key: string, tempPath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(tempPath, target);
    } catch (err) {
      // Temporary files on another disk: copy, then remove.
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await copyFile(tempPath, target);
      await rm(tempPath, { force: true });
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const stream = createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
    // Surface a missing file as a rejected promise, not a later stream error.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return stream;
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    // Drop the now-empty <hash>/<id> folders.
    for (let dir = path.dirname(file); dir !== this.root; dir = path.dirname(dir)) {
      try {
        await rm(dir, { recursive: false });
      } catch {
        break;
      }
    }
  }
}
