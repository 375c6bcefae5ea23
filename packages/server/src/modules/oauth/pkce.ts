import { createHash, timingSafeEqual } from 'node:crypto';

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** RFC 7636 §4.6: BASE64URL(SHA256(verifier)) must equal the stored S256 challenge. */
export function verifyPkce(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
