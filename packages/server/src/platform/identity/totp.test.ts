import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, totpCode, totpStep } from './totp.js';

// RFC 6238 Appendix B: the seeds are ASCII "1234567890" repeated to the hash's length; codes have 8 digits.
const SEED = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const RFC6238: Array<[number, string, string, string]> = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC6238)('at %i s gives the RFC test vectors for SHA-1, SHA-256 and SHA-512', (t, s1, s256, s512) => {
    const step = totpStep(new Date(t * 1000));
    expect(hotp(SEED.sha1, step, 8, 'sha1')).toBe(s1);
    expect(hotp(SEED.sha256, step, 8, 'sha256')).toBe(s256);
    expect(hotp(SEED.sha512, step, 8, 'sha512')).toBe(s512);
  });

  it('gives the RFC 4226 HOTP values (6 digits, SHA-1) for counters 0 to 9', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, c) => hotp(SEED.sha1, c))).toEqual(expected);
  });

  it('base32 round-trips and matches RFC 4648', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Encode(SEED.sha1)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('mzxw 6ytb oi==').toString()).toBe('foobar');
    expect(() => base32Decode('MZ1')).toThrow(/base32/);
  });

  it('accepts the codes of one step back and one ahead, nothing further, and never a step already used', () => {
    const secret = base32Encode(SEED.sha1);
    const at = new Date(1111111111 * 1000);
    const now = totpStep(at);
    expect(totpCode(secret, now)).toBe('050471'); // the 8-digit vector's last 6 digits
    expect(matchTotp(secret, totpCode(secret, now), at)).toBe(now);
    expect(matchTotp(secret, totpCode(secret, now - 1), at)).toBe(now - 1);
    expect(matchTotp(secret, totpCode(secret, now + 1), at)).toBe(now + 1);
    expect(matchTotp(secret, totpCode(secret, now - 2), at)).toBeUndefined();
    expect(matchTotp(secret, totpCode(secret, now + 2), at)).toBeUndefined();
    expect(matchTotp(secret, '050 471', at)).toBe(now);
    expect(matchTotp(secret, totpCode(secret, now), at, now)).toBeUndefined();
    expect(matchTotp(secret, totpCode(secret, now + 1), at, now)).toBe(now + 1);
    expect(matchTotp(secret, '12345', at)).toBeUndefined();
    expect(matchTotp(secret, '05047a', at)).toBeUndefined();
  });

  it('builds the otpauth URI authenticator apps read', () => {
    const uri = new URL(otpauthUri('Plaza Demo Store', 'ada@example.com', 'GEZDGNBVGY3TQOJQ'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Plaza Demo Store:ada@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'GEZDGNBVGY3TQOJQ',
      issuer: 'Plaza Demo Store',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });

  it('makes 160-bit base32 secrets, a different one each time', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(a);
  });
});
