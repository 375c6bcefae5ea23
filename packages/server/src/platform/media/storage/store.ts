import type { MediaConfig } from '../../../config/media.js';
import { LocalStore } from './local.js';
import { S3Store } from './s3.js';
import type { ByteRange, ObjectStore } from './object-store.js';

export type { ByteRange, ObjectStore };

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

/** Throws unless this server's media storage takes writes now (`/ready`). */
export async function probeMediaStorage(config: MediaConfig): Promise<void> {
  await storeOf(config).probe();
}
