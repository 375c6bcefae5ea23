/** PKCE and the authorization response: pure functions, exact messages (SPEC §5, §9). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseFromUrl } from '../src/auth/authorization-response.js';
import { codeChallengeOf, generateCodeVerifier, generateOAuthData } from '../src/auth/pkce.js';

const CHARSET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('generateCodeVerifier', () => {
  it('makes 43 characters by default, from letters, digits and -._~ only', () => {
    const v = generateCodeVerifier();
    expect(v).toHaveLength(43);
    expect(v).toMatch(/^[A-Za-z0-9\-._~]+$/);
    expect(generateCodeVerifier()).not.toBe(v);
  });

  it('takes any length from 43 to 128', () => {
    for (const n of [43, 44, 100, 128]) expect(generateCodeVerifier(n)).toHaveLength(n);
  });

  it('rejects other lengths with the exact message', () => {
    expect(() => generateCodeVerifier(42)).toThrow(new Error('Expected a length between 43 and 128. Received 42.'));
    expect(() => generateCodeVerifier(129)).toThrow(new Error('Expected a length between 43 and 128. Received 129.'));
    expect(() => generateCodeVerifier(0)).toThrow('Expected a length between 43 and 128. Received 0.');
    expect(() => generateCodeVerifier(50.5)).toThrow('Expected a length between 43 and 128. Received 50.5.');
  });

  it('draws from crypto.getRandomValues and rejects bytes of 198 and above (no modulo bias)', () => {
    // 66 characters: bytes 0..197 map evenly (3 bytes per character); 198..255 would favour the first 58.
    const script = [255, 198, 0, 65, 66, 131, 132, 197, 200, 1];
    let calls = 0;
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      const bytes = array as unknown as Uint8Array;
      bytes.forEach((_, i) => (bytes[i] = calls === 0 ? (script[i] ?? 7) : 7));
      calls++;
      return array;
    });
    const v = generateCodeVerifier();
    expect(v.slice(0, 7)).toBe('A~A~A~B');
    expect(v).toHaveLength(43);
    // 2 of the first 43 bytes were rejected, so a second draw filled the rest.
    expect(calls).toBe(2);
    expect(v.slice(-2)).toBe(CHARSET[7]!.repeat(2));
  });

  it('uses every character about equally often (a chi-square test that modulo bias would fail)', () => {
    const counts = new Map<string, number>();
    const n = 3000;
    for (let i = 0; i < n; i++) for (const c of generateCodeVerifier(128)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(66);
    const expected = (n * 128) / 66;
    const chi2 = [...counts.values()].reduce((s, k) => s + (k - expected) ** 2 / expected, 0);
    // 65 degrees of freedom: P(chi2 > 140) is below 1e-7. With `byte % 66` and no rejection, chi2 is about 2700.
    expect(chi2).toBeLessThan(140);
  });
});

describe('codeChallengeOf', () => {
  it('is base64url(SHA-256(verifier)) without padding (RFC 7636 appendix B)', async () => {
    expect(await codeChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});

describe('generateOAuthData', () => {
  it('returns a verifier, its S256 challenge, a random state and the URIs', async () => {
    const a = await generateOAuthData('https://shop.example.com/auth/callback', 'https://shop.example.com/cart');
    expect(a).toEqual({
      codeVerifier: expect.stringMatching(/^[A-Za-z0-9\-._~]{43}$/),
      codeChallenge: await codeChallengeOf(a.codeVerifier),
      state: expect.stringMatching(/^[A-Za-z0-9\-._~]{43}$/),
      redirectUri: 'https://shop.example.com/auth/callback',
      originalUri: 'https://shop.example.com/cart',
    });
    const b = await generateOAuthData('https://shop.example.com/auth/callback');
    expect(b.state).not.toBe(a.state);
    expect(b.codeVerifier).not.toBe(a.codeVerifier);
    expect(b.originalUri).toBe(''); // no page outside browsers
  });

  it('defaults originalUri to the current page in browsers', async () => {
    vi.stubGlobal('location', { href: 'https://shop.example.com/products/1' });
    expect((await generateOAuthData('https://x/cb')).originalUri).toBe('https://shop.example.com/products/1');
  });
});

describe('parseFromUrl', () => {
  it('reads code and state from the fragment by default, or from the query', () => {
    expect(parseFromUrl('https://shop.example.com/auth/callback#code=c1&state=s1')).toEqual({
      code: 'c1',
      state: 's1',
    });
    expect(parseFromUrl('https://shop.example.com/auth/callback?code=c2&state=s2', 'query')).toEqual({
      code: 'c2',
      state: 's2',
    });
  });

  it('reads the current page when no URL is given', () => {
    vi.stubGlobal('location', { href: 'https://shop.example.com/auth/callback#state=s&code=c' });
    expect(parseFromUrl()).toEqual({ code: 'c', state: 's' });
  });

  it('throws exactly `Missing code or _state` when either is missing', () => {
    for (const url of ['https://x/cb', 'https://x/cb#code=c', 'https://x/cb#state=s', 'https://x/cb?code=c&state=s']) {
      expect(() => parseFromUrl(url)).toThrow(new Error('Missing code or _state'));
    }
    expect(() => parseFromUrl('https://x/cb#code=c&state=s', 'query')).toThrow(new Error('Missing code or _state'));
  });

  it('throws the error of an error answer, with its description', () => {
    let error: unknown;
    try {
      parseFromUrl('https://x/cb#error=login_required&error_description=No%20sign-in%20session&state=s');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      message: 'login_required',
      error: 'login_required',
      errorDescription: 'No sign-in session',
    });
  });
});
