import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { BackupError, MANIFEST_NAME, type ArchiveEntry } from './manifest.js';

/** Largest manifest a restore reads into memory (a million media files list in about 150 MB). */
const MAX_MANIFEST_BYTES = 512 * 1024 * 1024;

/** A gzip'd tar being written, entry by entry, each hashed on its way in. */
export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly written: Promise<void>;

  constructor(
    file: string,
    private readonly onBytes: (n: number) => void = () => {},
  ) {
    this.written = pipeline(this.pack, createGzip({ level: 6 }), createWriteStream(file, { flags: 'wx' }));
    // Surfaced by finish() or by the entry being written; never as an unhandled rejection.
    this.written.catch(() => {});
  }

  /** Adds `size` bytes from `source` as `name`; the source must give exactly that many. */
  async add(
    name: string,
    size: number,
    source: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer>,
  ): Promise<ArchiveEntry> {
    const hash = createHash('sha256');
    let done!: (err?: Error | null) => void;
    const ended = new Promise<void>((resolve, reject) => (done = (err) => (err ? reject(err) : resolve())));
    const entry = this.pack.entry({ name, size, mode: 0o644, mtime: new Date() }, (err) => done(err));
    let bytes = 0;
    for await (const chunk of source) {
      hash.update(chunk);
      bytes += chunk.length;
      this.onBytes(chunk.length);
      if (!entry.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length))) {
        await Promise.race([once(entry, 'drain'), this.written]);
      }
    }
    if (bytes !== size) throw new Error(`${name} changed while it was being backed up (${size} → ${bytes} bytes)`);
    entry.end(() => {});
    await ended;
    return { name, bytes, sha256: hash.digest('hex') };
  }

  async addFile(name: string, file: string): Promise<ArchiveEntry> {
    const { size } = await stat(file);
    return this.add(name, size, createReadStream(file));
  }

  async addBuffer(name: string, data: Buffer): Promise<ArchiveEntry> {
    return this.add(name, data.length, [data]);
  }

  async finish(): Promise<void> {
    this.pack.finalize();
    await this.written;
  }

  /** Stops writing after a failure; the caller removes the file. */
  async abort(): Promise<void> {
    this.pack.destroy();
    await this.written.catch(() => {});
  }
}

export interface ExtractedArchive {
  manifestText: string;
  /** Every entry but the manifest, as found: name, size and sha256 of the bytes written to the staging folder. */
  entries: Map<string, ArchiveEntry>;
}

/** The staging path of an entry name; anything that would leave the folder, or isn't a plain relative path, is refused. */
function stagedPath(stagingDir: string, name: string, file: string): string {
  const full = path.resolve(stagingDir, name);
  if (
    name.startsWith('/') ||
    name.includes('\\') ||
    name.split('/').some((p) => p === '..' || p === '.' || p === '') ||
    !full.startsWith(stagingDir + path.sep)
  ) {
    throw new BackupError(`${file} is not a Plaza backup: it holds an entry named "${name}".`);
  }
  return full;
}

const hashing = (hash: ReturnType<typeof createHash>, count: { bytes: number }) =>
  new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      count.bytes += chunk.length;
      cb(null, chunk);
    },
  });

/**
 * Unpacks `file` into `stagingDir`, hashing every entry; reads the manifest into memory. A file that is not gzip,
 * not tar or cut short is a BackupError naming it; nothing is checked against the manifest here (see verify).
 */
export async function extractArchive(
  file: string,
  stagingDir: string,
  onBytes: (n: number) => void = () => {},
): Promise<ExtractedArchive> {
  const entries = new Map<string, ArchiveEntry>();
  let manifestText: string | undefined;
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    void (async () => {
      const name = header.name;
      if (header.type !== 'file') throw new BackupError(`${file} is not a Plaza backup: "${name}" is not a file.`);
      if (name === MANIFEST_NAME) {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > MAX_MANIFEST_BYTES) throw new BackupError(`${file} is damaged: its manifest is too large.`);
          chunks.push(chunk);
        }
        manifestText = Buffer.concat(chunks).toString('utf8');
        return;
      }
      if (entries.has(name)) throw new BackupError(`${file} is damaged: it holds "${name}" twice.`);
      const target = stagedPath(stagingDir, name, file);
      await mkdir(path.dirname(target), { recursive: true });
      const hash = createHash('sha256');
      const count = { bytes: 0 };
      await pipeline(stream, hashing(hash, count), createWriteStream(target, { flags: 'wx' }));
      entries.set(name, { name, bytes: count.bytes, sha256: hash.digest('hex') });
    })().then(
      () => next(),
      (err: unknown) => extract.destroy(err as Error),
    );
  });
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      onBytes(chunk.length);
      cb(null, chunk);
    },
  });
  try {
    await pipeline(createReadStream(file), counter, createGunzip(), extract);
  } catch (e) {
    if (e instanceof BackupError) throw e;
    const reason = e instanceof Error ? e.message : String(e);
    throw new BackupError(`${file} is damaged or not a Plaza backup (${reason}).`);
  }
  if (manifestText === undefined) {
    throw new BackupError(`${file} is incomplete or not a Plaza backup: it has no manifest.json.`);
  }
  return { manifestText, entries };
}
