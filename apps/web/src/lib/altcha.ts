/**
 * A solver for the server's ALTCHA proof-of-work challenges (v2, PBKDF2 deterministic mode), on Web Crypto:
 * find the counter whose key PBKDF2(nonce ‖ uint32be(counter), salt, cost) starts with the signed `keyPrefix`.
 * Several derivations run at once, so the browser's crypto threads share the work; the page stays responsive.
 * The answer is the widget's payload: base64(JSON({ challenge, solution: { counter, derivedKey } })).
 */

interface Challenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength?: number;
    keyPrefix: string;
    [k: string]: unknown;
  };
  signature: string;
}

const HASHES: Record<string, string> = {
  'PBKDF2/SHA-256': 'SHA-256',
  'PBKDF2/SHA-384': 'SHA-384',
  'PBKDF2/SHA-512': 'SHA-512',
};

const hexToBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16));
const bytesToHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Fetches a challenge for `siteKey` from the server at `baseUrl` ('' = this origin). */
export async function fetchChallenge(baseUrl: string, siteKey: string): Promise<Challenge> {
  const res = await fetch(`${baseUrl}/identity/v1/captcha/challenge?siteKey=${encodeURIComponent(siteKey)}`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`The captcha could not be loaded (HTTP ${res.status}). Try again.`);
  return (await res.json()) as Challenge;
}

export interface SolveOptions {
  /** Called now and then with the number of keys tried so far. */
  onProgress?: (tried: number) => void;
  signal?: AbortSignal;
  /** Derivations in flight at once. */
  parallel?: number;
}

/** Solves `challenge`; resolves to the payload to send as a captcha token. */
export async function solveChallenge(challenge: Challenge, options: SolveOptions = {}): Promise<string> {
  const p = challenge.parameters;
  const hash = HASHES[p.algorithm];
  if (!hash) throw new Error(`Unsupported captcha algorithm ${p.algorithm}`);
  const nonce = hexToBytes(p.nonce);
  const salt = hexToBytes(p.salt);
  const prefix = p.keyPrefix.toLowerCase();
  const bits = (p.keyLength ?? 32) * 8;
  const parallel = options.parallel ?? Math.max(2, Math.min(8, (navigator.hardwareConcurrency || 2) * 2));

  const derive = async (counter: number): Promise<string> => {
    const password = new Uint8Array(nonce.length + 4);
    password.set(nonce);
    new DataView(password.buffer).setUint32(nonce.length, counter, false);
    const key = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
    const derived = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash, salt, iterations: p.cost }, key, bits);
    return bytesToHex(new Uint8Array(derived));
  };

  for (let start = 0; start < 0xffffffff; start += parallel) {
    if (options.signal?.aborted) throw new DOMException('The captcha was cancelled', 'AbortError');
    const counters = Array.from({ length: parallel }, (_, i) => start + i);
    const keys = await Promise.all(counters.map(derive));
    const found = keys.findIndex((k) => k.startsWith(prefix));
    if (found >= 0) {
      const solution = { counter: counters[found]!, derivedKey: keys[found]! };
      return btoa(JSON.stringify({ challenge, solution }));
    }
    if (start % (parallel * 25) === 0) options.onProgress?.(start + parallel);
  }
  throw new Error('The captcha could not be solved');
}
