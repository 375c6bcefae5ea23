import type { Readable } from 'node:stream';

/** An inclusive byte range, as HTTP Range requests name them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media bytes live. Keys are made by the server (content hash and file id), never from user input. Every
 * method streams: no whole file is held in memory.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Stores a finished temporary file under `key`; the temporary file is gone afterwards (moved or uploaded). */
  putFile(key: string, tempPath: string, contentType: string): Promise<void>;
  /** The bytes of `key` (or of `range`). */
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** Throws unless the store can be written now (the readiness probe): a writable folder, or a bucket that answers. */
  probe(): Promise<void>;
}
