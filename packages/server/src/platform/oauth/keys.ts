import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db.js';
import { randomToken } from '../../lib/ids.js';
import type { JwtClaims, SigningKeys } from '../../kernel/context.js';
import { signingKeys } from './tables.js';

const ALG = 'ES256';

export type { JwtClaims };

interface LoadedKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Verified access tokens stay trusted until they expire; bounded so a flood of tokens can't grow memory. */
const VERIFIED_CACHE_LIMIT = 50_000;

/** Arbitrary constant: serializes creating the first signing key across nodes. */
const KEY_CREATION_LOCK = 72_114_003;

/**
 * JWT signing keys (ES256). They live in the database so every node of a cluster signs and verifies with the same
 * keys; this store caches them per server instance, and a kid it has not seen is looked up again (another node
 * rotated). Signing and verifying use node:crypto directly: about twice as fast as going through Web Crypto, and
 * verified tokens are remembered until they expire, which takes crypto off the hot path of every request.
 */
export class KeyStore implements SigningKeys {
  #byKid = new Map<string, LoadedKey>();
  #current: LoadedKey | undefined;
  #secretRoot: LoadedKey | undefined;
  #verified = new Map<string, JwtClaims>();
  #secrets = new Map<string, { kid: string; value: Buffer }>();

  constructor(private readonly db: Db) {}

  /**
   * Makes sure a signing key exists and loads the live ones; called at start-up (after migrations). Creating the first
   * key is serialized with an advisory lock, so nodes starting together on a fresh database agree on one key.
   */
  async init(): Promise<void> {
    const rows = await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${KEY_CREATION_LOCK})`);
      const live = await tx
        .select()
        .from(signingKeys)
        .where(isNull(signingKeys.retiredDate))
        .orderBy(asc(signingKeys.createdDate), asc(signingKeys.kid));
      if (live.length) return live;
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const kid = randomToken(12);
      const privateJwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: ALG, use: 'sig' };
      const publicJwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: ALG, use: 'sig' };
      return tx.insert(signingKeys).values({ kid, alg: ALG, privateJwk, publicJwk }).returning();
    });
    const loaded = rows.map((r) => this.#load(r.kid, r.privateJwk as JsonWebKey, r.publicJwk as JsonWebKey));
    // The newest key signs; the oldest is the root of derived secrets, the same on every node.
    this.#current = loaded.at(-1);
    this.#secretRoot = loaded[0];
  }

  #load(kid: string, privateJwk: JsonWebKey, publicJwk: JsonWebKey): LoadedKey {
    const loaded = {
      kid,
      privateKey: createPrivateKey({ key: privateJwk, format: 'jwk' }),
      publicKey: createPublicKey({ key: publicJwk, format: 'jwk' }),
    };
    this.#byKid.set(kid, loaded);
    return loaded;
  }

  /** Signs an access token (`typ: at+jwt`, RFC 9068) or, with `typ: 'JWT'` and an audience, an ID token. */
  async sign(
    claims: JwtClaims,
    opts: { issuer: string; subject: string; expiresInSeconds: number; typ?: 'at+jwt' | 'JWT'; audience?: string },
  ): Promise<string> {
    if (!this.#current) await this.init();
    const key = this.#current!;
    const now = Math.floor(Date.now() / 1000);
    const header = b64({ alg: ALG, kid: key.kid, typ: opts.typ ?? 'at+jwt' });
    const payload = b64({
      ...claims,
      iss: opts.issuer,
      sub: opts.subject,
      ...(opts.audience ? { aud: opts.audience } : {}),
      iat: now,
      exp: now + opts.expiresInSeconds,
    });
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
      key: key.privateKey,
      dsaEncoding: 'ieee-p1363',
    });
    return `${header}.${payload}.${signature.toString('base64url')}`;
  }

  /**
   * Verifies an access token: ES256 signature by one of our keys, `typ: at+jwt` (an ID token never passes), issuer
   * and expiry. Throws on any failure.
   */
  async verify(token: string, issuer: string): Promise<JwtClaims> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const cached = this.#verified.get(token);
    if (cached && cached.iss === issuer && (cached.exp ?? 0) > nowSeconds) return cached;

    const [h, p, s, extra] = token.split('.');
    if (!h || !p || !s || extra !== undefined) throw new Error('malformed token');
    const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string; kid?: string; typ?: string };
    if (header.alg !== ALG || header.typ !== 'at+jwt') throw new Error('not an access token');
    const key = this.#byKid.get(header.kid ?? '') ?? (await this.#fetch(header.kid ?? ''));
    if (!key) throw new Error('unknown signing key');
    const valid = verify(
      'sha256',
      Buffer.from(`${h}.${p}`),
      { key: key.publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(s, 'base64url'),
    );
    if (!valid) throw new Error('bad signature');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as JwtClaims;
    if (claims.iss !== issuer) throw new Error('wrong issuer');
    if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) throw new Error('expired');
    if (typeof claims.nbf === 'number' && claims.nbf > nowSeconds) throw new Error('not yet valid');

    if (this.#verified.size >= VERIFIED_CACHE_LIMIT) this.#verified.delete(this.#verified.keys().next().value!);
    this.#verified.set(token, claims);
    return claims;
  }

  async #fetch(kid: string): Promise<LoadedKey | undefined> {
    if (!kid || kid.length > 64) return undefined;
    const [row] = await this.db.select().from(signingKeys).where(eq(signingKeys.kid, kid)).limit(1);
    if (!row || row.retiredDate) return undefined;
    return this.#load(row.kid, row.privateJwk, row.publicJwk);
  }

  /**
   * A secret for `purpose` (HMACs of short-lived values: authorization codes, captcha challenges), derived from the
   * oldest live signing key, so every node has the same one without another table.
   */
  secret(purpose: string): Buffer {
    const key = this.#secretRoot;
    if (!key) throw new Error('KeyStore not initialised');
    let derived = this.#secrets.get(purpose);
    if (!derived || derived.kid !== key.kid) {
      const d = key.privateKey.export({ format: 'jwk' }).d!;
      derived = { kid: key.kid, value: createHash('sha256').update(`plaza:${purpose}:`).update(d).digest() };
      this.#secrets.set(purpose, derived);
    }
    return derived.value;
  }

  /** The public keys for the JWKS endpoint. */
  async jwks(): Promise<{ keys: JsonWebKey[] }> {
    const rows = await this.db
      .select({ publicJwk: signingKeys.publicJwk })
      .from(signingKeys)
      .where(isNull(signingKeys.retiredDate));
    return { keys: rows.map((r) => r.publicJwk as JsonWebKey) };
  }
}
