import { desc, eq, isNull } from 'drizzle-orm';
import {
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { Db } from '../../db/client.js';
import { randomToken } from '../../lib/ids.js';
import { signingKeys } from './tables.js';

const ALG = 'ES256';

interface LoadedKey {
  kid: string;
  publicKey: CryptoKey;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * Signing keys live in the database so every node of a cluster signs and verifies with the same keys.
 * This store caches them per server instance; a kid it has not seen is looked up again (another node rotated).
 */
export class KeyStore {
  #byKid = new Map<string, LoadedKey>();
  #current: LoadedKey | undefined;

  constructor(private readonly db: Db) {}

  /** Makes sure a signing key exists; called at start-up (after migrations). */
  async init(): Promise<void> {
    const [row] = await this.db
      .select()
      .from(signingKeys)
      .where(isNull(signingKeys.retiredDate))
      .orderBy(desc(signingKeys.createdDate))
      .limit(1);
    if (row) {
      this.#current = await this.#load(row.kid, row.privateJwk as JWK, row.publicJwk as JWK);
      return;
    }
    const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = randomToken(12);
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG, use: 'sig' };
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
    // Two nodes may race on a fresh database; each inserts its own key and both stay valid for verification.
    await this.db.insert(signingKeys).values({ kid, alg: ALG, privateJwk, publicJwk });
    this.#current = await this.#load(kid, privateJwk, publicJwk);
  }

  async #load(kid: string, privateJwk: JWK, publicJwk: JWK): Promise<LoadedKey> {
    const loaded: LoadedKey = {
      kid,
      privateKey: (await importJWK(privateJwk, ALG)) as CryptoKey,
      publicKey: (await importJWK(publicJwk, ALG)) as CryptoKey,
      publicJwk,
    };
    this.#byKid.set(kid, loaded);
    return loaded;
  }

  /** Signs an access token (`typ: at+jwt`, RFC 9068) or, with `typ: 'JWT'` and an audience, an ID token. */
  async sign(
    claims: JWTPayload,
    opts: { issuer: string; subject: string; expiresInSeconds: number; typ?: 'at+jwt' | 'JWT'; audience?: string },
  ): Promise<string> {
    if (!this.#current) await this.init();
    const key = this.#current!;
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT(claims);
    if (opts.audience) jwt.setAudience(opts.audience);
    return jwt
      .setProtectedHeader({ alg: ALG, kid: key.kid, typ: opts.typ ?? 'at+jwt' })
      .setIssuer(opts.issuer)
      .setSubject(opts.subject)
      .setIssuedAt(now)
      .setExpirationTime(now + opts.expiresInSeconds)
      .sign(key.privateKey);
  }

  /** Verifies signature, issuer, expiry and that it is an access token. Throws on any failure. */
  async verify(token: string, issuer: string): Promise<JWTPayload> {
    const { payload } = await jwtVerify(
      token,
      async (header) => {
        const kid = header.kid ?? '';
        const known = this.#byKid.get(kid) ?? (await this.#fetch(kid));
        if (!known) throw new Error('unknown signing key');
        return known.publicKey;
      },
      // typ: an ID token (also signed by us) must never pass as an access token.
      { issuer, algorithms: [ALG], typ: 'at+jwt' },
    );
    return payload;
  }

  async #fetch(kid: string): Promise<LoadedKey | undefined> {
    if (!kid || kid.length > 64) return undefined;
    const [row] = await this.db.select().from(signingKeys).where(eq(signingKeys.kid, kid)).limit(1);
    if (!row || row.retiredDate) return undefined;
    return this.#load(row.kid, row.privateJwk as JWK, row.publicJwk as JWK);
  }

  /** The public keys for the JWKS endpoint. */
  async jwks(): Promise<{ keys: JWK[] }> {
    const rows = await this.db
      .select({ publicJwk: signingKeys.publicJwk })
      .from(signingKeys)
      .where(isNull(signingKeys.retiredDate));
    return { keys: rows.map((r) => r.publicJwk as JWK) };
  }
}
