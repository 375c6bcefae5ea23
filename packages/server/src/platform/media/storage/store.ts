import type { Readable } from 'node:stream';
import type { MediaConfig } from '../config.js';
import { LocalStore } from './local.js';
import { S3Store } from './s3.js';

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
}

/** Object keys: `<sha256>/<file id>/<asset>`. The hash spreads keys; the id keeps two uploads of one file apart. */
export const objectKey = (hash: string, fileId: string, asset: string): string => `${hash}/${fileId}/${asset}`;

export function openObjectStore(config: MediaConfig): ObjectStore {
  return config.s3 ? new S3Store(config.s3) : new LocalStore(config.dir);
}

const stores = new WeakMap<MediaConfig, ObjectStore>();
/** The object store of this server's configuration (one client per process). */
export function storeOf(config: MediaConfig): ObjectStore {
  let store = stores.get(config);
  if (!store) stores.set(config, (store = openObjectStore(config)));
  return store;
}
