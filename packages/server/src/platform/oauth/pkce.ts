import { createHash } from 'node:crypto';

/**
 * RFC 7636 §4.2: the S256 challenge of a verifier, BASE64URL(SHA256(verifier)). The code exchange compares it with
 * the stored challenge inside its single statement (§4.6).
 */
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');
