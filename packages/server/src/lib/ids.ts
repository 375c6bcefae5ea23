import { randomBytes, randomFillSync } from 'node:crypto';

/** Random bytes for ids, filled 4 KB at a time: one call to the system's generator per 256 ids, not one per id. */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

/** UUID v7 (RFC 9562): time-ordered, so rows listed by creation stay index-friendly. */
export function uuidv7(now = Date.now()): string {
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  // A copy: the pool is refilled in place later.
  const b = Buffer.from(pool.subarray(poolAt, (poolAt += 16)));
  b.writeUIntBE(now, 0, 6);
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A random URL-safe secret of `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
