import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * TOTP (RFC 6238) as authenticator apps use it: HMAC-SHA-1, 6 digits, 30-second steps, T0 = 0. Written on
 * node:crypto (about 40 lines) instead of a dependency; tested against the RFC's test vectors.
 */
export const TOTP = { DIGITS: 6, PERIOD_SECONDS: 30, ALGORITHM: 'SHA1', SECRET_BYTES: 20 } as const;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, without padding (what otpauth URIs carry). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case-insensitive; spaces and padding ignored). Throws on other characters. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const c of clean) {
    const i = BASE32.indexOf(c);
    if (i < 0) throw new Error(`Not a base32 character: ${c}`);
    value = ((value << 5) | i) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export const newTotpSecret = (): string => base32Encode(randomBytes(TOTP.SECRET_BYTES));

/** The time step of a moment. */
export const totpStep = (at: Date, period: number = TOTP.PERIOD_SECONDS): number =>
  Math.floor(at.getTime() / 1000 / period);

/** RFC 4226 HOTP of `counter`, `digits` long, with HMAC over `algorithm` (sha1, sha256, sha512). */
export function hotp(key: Buffer, counter: number, digits: number = TOTP.DIGITS, algorithm = 'sha1'): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code of a base32 secret for `step`. */
export const totpCode = (secret: string, step: number): string => hotp(base32Decode(secret), step);

/**
 * The step whose code `code` is, looking one step back and one ahead of `at` (clock drift, a code typed as it
 * changed); undefined when none matches. Only steps after `afterStep` count, so a used code can't be replayed.
 */
export function matchTotp(secret: string, code: string, at: Date, afterStep?: number | null): number | undefined {
  const typed = Buffer.from(code.replace(/\s+/g, ''));
  if (typed.length !== TOTP.DIGITS) return undefined;
  const key = base32Decode(secret);
  const now = totpStep(at);
  let matched: number | undefined;
  // Every step is computed and compared in constant time, so timing says nothing about which one matched.
  for (const step of [now - 1, now, now + 1]) {
    const ok = timingSafeEqual(Buffer.from(hotp(key, step)), typed);
    if (ok && (afterStep === null || afterStep === undefined || step > afterStep)) matched = step;
  }
  return matched;
}

/** The `otpauth://totp/…` URI authenticator apps read from a QR code (Key Uri Format). */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: TOTP.ALGORITHM,
    digits: String(TOTP.DIGITS),
    period: String(TOTP.PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString().replace(/\+/g, '%20')}`;
}
