import { HOTP, Secret, TOTP as Totp } from 'otpauth';

/**
 * TOTP (RFC 6238) as authenticator apps use it: HMAC-SHA-1, 6 digits, 30-second steps, T0 = 0, on the maintained
 * `otpauth` library. This file only adds what Plaza needs on top: replay protection (a step is used once) and the
 * one-step drift window. Tested against the RFC's vectors.
 */
export const TOTP = { DIGITS: 6, PERIOD_SECONDS: 30, ALGORITHM: 'SHA1', SECRET_BYTES: 20 } as const;

/** RFC 4648 base32, without padding (what otpauth URIs carry). */
export const base32Encode = (bytes: Uint8Array): string => new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32;

/** Decodes base32 (case-insensitive; spaces and padding ignored). Throws on other characters. */
export function base32Decode(text: string): Buffer {
  try {
    return Buffer.from(Secret.fromBase32(text.replace(/\s+/g, '')).bytes);
  } catch (err) {
    throw new Error(`Not a base32 secret: ${(err as Error).message}`);
  }
}

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export const newTotpSecret = (): string => new Secret({ size: TOTP.SECRET_BYTES }).base32;

/** The time step of a moment. */
export const totpStep = (at: Date, period: number = TOTP.PERIOD_SECONDS): number =>
  Totp.counter({ period, timestamp: at.getTime() });

/** RFC 4226 HOTP of `counter`, `digits` long, with HMAC over `algorithm` (sha1, sha256, sha512). */
export const hotp = (key: Buffer, counter: number, digits: number = TOTP.DIGITS, algorithm = 'sha1'): string =>
  HOTP.generate({ secret: new Secret({ buffer: Uint8Array.from(key).buffer }), counter, digits, algorithm });

/** The code of a base32 secret for `step`. */
export const totpCode = (secret: string, step: number): string =>
  HOTP.generate({ secret: Secret.fromBase32(secret), counter: step, digits: TOTP.DIGITS });

/**
 * The step whose code `code` is, looking one step back and one ahead of `at` (clock drift, a code typed as it
 * changed); undefined when none matches. Only steps after `afterStep` count, so a used code can't be replayed.
 * (The library compares in constant time.)
 */
export function matchTotp(secret: string, code: string, at: Date, afterStep?: number | null): number | undefined {
  const token = code.replace(/\s+/g, '');
  if (!/^\d+$/.test(token) || token.length !== TOTP.DIGITS) return undefined;
  const delta = Totp.validate({
    token,
    secret: Secret.fromBase32(secret),
    digits: TOTP.DIGITS,
    period: TOTP.PERIOD_SECONDS,
    timestamp: at.getTime(),
    window: 1,
  });
  if (delta === null) return undefined;
  const step = totpStep(at) + delta;
  return afterStep === null || afterStep === undefined || step > afterStep ? step : undefined;
}

/** The `otpauth://totp/…` URI authenticator apps read from a QR code (Key Uri Format). */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  return new Totp({
    issuer,
    label: account,
    secret,
    algorithm: TOTP.ALGORITHM,
    digits: TOTP.DIGITS,
    period: TOTP.PERIOD_SECONDS,
  }).toString();
}
