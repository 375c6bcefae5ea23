import { pendingMigrations } from '../../db/migrate.js';
import type { Database } from '../../kernel/db.js';
import type { Config } from '../../config/index.js';
import { probeMediaStorage } from '../media/index.js';

/** A check that hangs (a bucket behind a dead network) counts as not ready, well within a probe's timeout. */
const CHECK_TIMEOUT_MS = 3000;

export type ReadyCheck = 'database' | 'migrations' | 'storage';

/** What keeps this node from serving, by check, with a short reason; empty when it is ready. */
export async function notReady(database: Database, config: Config): Promise<Partial<Record<ReadyCheck, string>>> {
  const problems: Partial<Record<ReadyCheck, string>> = {};
  const [db, storage] = await Promise.all([
    settle(database.ping().then(() => pendingMigrations(database))),
    settle(probeMediaStorage(config.media)),
  ]);
  if (!db.ok) problems.database = 'does not answer';
  else if (db.value.length) problems.migrations = `${db.value.length} not applied`;
  if (!storage.ok)
    problems.storage = config.media.s3 ? 'the bucket does not answer' : 'the media folder is not writable';
  return problems;
}

async function settle<T>(work: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    return { ok: true, value: await Promise.race([work, timeout]) };
  } catch (error) {
    return { ok: false, error };
  } finally {
    clearTimeout(timer);
  }
}
