import { scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';

/**
 * Argon2id at OWASP's minimum (m=19 MiB, t=2, p=1), stored as a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) so
 * the parameters travel with the hash. About 45 ms per hash on the reference 2-core machine, which keeps the login
 * budget (p99 < 300 ms at 4 concurrent logins). See docs/decisions.md.
 */
// `Algorithm` is a const enum, which this build can't read as a value: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id;
export const ARGON2_PARAMS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** A new Argon2id hash of `password`, with a random 16-byte salt. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

/**
 * Constant-time check of a password against a stored hash: Argon2 (PHC string) or, for hashes made before Argon2,
 * `scrypt$logN$r$p$salt$key`. Anything else (or a malformed hash) is simply "no".
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  return false;
}

/** True when a stored hash is not Argon2id with today's parameters: rehash it after a successful login. */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    const o = parseOptions(stored);
    return (
      o.memoryCost !== ARGON2_PARAMS.memoryCost ||
      o.timeCost !== ARGON2_PARAMS.timeCost ||
      o.parallelism !== ARGON2_PARAMS.parallelism
    );
  } catch {
    return true;
  }
}

// Legacy: hashes from before Argon2 (scrypt N=2^logN). Only verified, never made; the next login replaces them.
const SCRYPT_MAXMEM = 256 * 1024 * 1024;

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, logN, r, p, salt, key] = stored.split('$');
  if (!salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await new Promise<Buffer | undefined>((resolve) =>
    scryptCb(
      password,
      Buffer.from(salt, 'base64url'),
      expected.length,
      { N: 2 ** Number(logN), r: Number(r), p: Number(p), maxmem: SCRYPT_MAXMEM },
      (err, derived) => resolve(err ? undefined : derived),
    ),
  );
  return !!actual && actual.length === expected.length && timingSafeEqual(actual, expected);
}
