import { createHash } from 'node:crypto';

/** SHA-256 hex of a high-entropy secret (tokens, API keys). Passwords use Argon2id instead (identity/password.ts). */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
