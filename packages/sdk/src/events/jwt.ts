/**
 * Verifying Plaza's ES256 JWTs (webhook bodies and service-plugin requests) with Web Crypto only, so it runs in
 * Node 20+, Deno, Bun and edge runtimes. Every failure is the same `JWT is not valid` error: a receiver has nothing
 * to branch on, and the reason is not leaked to whoever sent a forged token.
 */

/** A P-256 public key as a JWK, a JWKS `{ keys }` (Plaza's /webhooks/v1/public-keys) or a PEM (SPKI) string. */
export type PublicKeyInput = JsonWebKey | { keys: JsonWebKey[] } | string;

/**
 * Where the verifying keys come from: a fixed `publicKey`, or `fetchKeys` (the JWKS URL, or a function returning
 * the JWKS) fetched on first use and again when a token names a key id not seen yet (key rotation).
 */
export type KeyOptions =
  | { publicKey: PublicKeyInput; fetchKeys?: undefined; issuer?: string }
  | { fetchKeys: string | (() => Promise<{ keys: JsonWebKey[] }>); publicKey?: undefined; issuer?: string };

export const JWT_NOT_VALID = 'JWT is not valid';

const notValid = () => new Error(JWT_NOT_VALID);

const fromB64Url = (s: string): Uint8Array<ArrayBuffer> => {
  const b = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(b, (c) => c.charCodeAt(0));
};

const ALG = { name: 'ECDSA', namedCurve: 'P-256' } as const;

const importKey = (key: JsonWebKey | string): Promise<CryptoKey> =>
  typeof key === 'string'
    ? crypto.subtle.importKey('spki', fromB64Url(key.replace(/-----[^-]+-----|\s/g, '')), ALG, false, ['verify'])
    : crypto.subtle.importKey('jwk', { kty: key.kty, crv: key.crv, x: key.x, y: key.y }, ALG, false, ['verify']);

type Keys = Array<{ kid?: string; key: JsonWebKey | string }>;

const toKeys = (input: PublicKeyInput | { keys: JsonWebKey[] }): Keys =>
  typeof input === 'string'
    ? [{ key: input }]
    : 'keys' in input && Array.isArray(input.keys)
      ? input.keys.map((k) => ({ kid: (k as { kid?: string }).kid, key: k }))
      : [{ kid: (input as { kid?: string }).kid, key: input as JsonWebKey }];

/** Fetched key sets by source (URL or function), shared by every verification in this process. */
const fetched = new Map<unknown, Promise<Keys>>();

async function loadKeys(opts: KeyOptions, refresh: boolean): Promise<Keys> {
  if (opts.publicKey !== undefined) return toKeys(opts.publicKey);
  const source = opts.fetchKeys;
  let keys = refresh ? undefined : fetched.get(source);
  if (!keys) {
    keys = (typeof source === 'string' ? fetch(source).then((r) => r.json()) : source()).then(toKeys);
    fetched.set(source, keys);
    // A failed fetch is not remembered.
    keys.catch(() => fetched.delete(source));
  }
  return keys;
}

/**
 * Verifies an ES256 JWT against the keys and returns its payload. Checks the signature, `alg`, `exp` (and `iss`
 * when `issuer` is given). Throws `JWT is not valid` on any failure.
 */
export async function verifyJwt<T = Record<string, unknown>>(jwt: string, opts: KeyOptions): Promise<T> {
  try {
    const [h, p, s, extra] = String(jwt).trim().split('.');
    if (!h || !p || !s || extra !== undefined) throw notValid();
    const dec = new TextDecoder();
    const header = JSON.parse(dec.decode(fromB64Url(h))) as { alg?: string; kid?: string };
    if (header.alg !== 'ES256') throw notValid();
    const pick = (keys: Keys) => keys.filter((k) => !header.kid || !k.kid || k.kid === header.kid);
    let candidates = pick(await loadKeys(opts, false));
    if (!candidates.length && opts.fetchKeys) candidates = pick(await loadKeys(opts, true));
    const data = new TextEncoder().encode(`${h}.${p}`);
    const signature = fromB64Url(s);
    let ok = false;
    for (const k of candidates) {
      if (await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, await importKey(k.key), signature, data)) {
        ok = true;
        break;
      }
    }
    if (!ok) throw notValid();
    const payload = JSON.parse(dec.decode(fromB64Url(p))) as { exp?: unknown; iss?: unknown };
    if (typeof payload.exp !== 'number' || payload.exp * 1000 < Date.now()) throw notValid();
    if (opts.issuer !== undefined && payload.iss !== opts.issuer) throw notValid();
    return payload as T;
  } catch {
    throw notValid();
  }
}
