import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest (a payment provider's API keys): AES-256-GCM with the key from the environment, so a copy of
 * the database alone reveals nothing. `purpose` is bound in as associated data: a sealed value copied into another
 * column does not open there. The format `v1.<iv>.<tag>.<ciphertext>` (base64url) leaves room for a new scheme.
 */
export function seal(key: Buffer, plaintext: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plaintext of a sealed value; throws when the key or the purpose is not the one it was sealed with. */
export function unseal(key: Buffer, sealed: string, purpose: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
