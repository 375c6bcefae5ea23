import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './index.js';

/**
 * The embedded database's own encryption key, when PLAZA_ENCRYPTION_KEY is not set: made once next to the data
 * folder (`.plaza/data.key`, readable by its owner only), so `npm start` can keep Stripe keys with nothing to set.
 * It protects a copied database, not a copied `.plaza` folder: a server on PostgreSQL sets the variable instead.
 */
export function useEmbeddedEncryptionKey(config: Config): void {
  if (config.payments.encryptionKey || config.databaseUrl) return;
  const file = `${config.dataDir.replace(/[/\\]+$/, '')}.key`;
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length === 32) config.payments.encryptionKey = key;
}
