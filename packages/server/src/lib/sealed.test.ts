import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from './sealed.js';

describe('sealed secrets', () => {
  const key = randomBytes(32);

  it('opens with the same key and purpose, and never shows the plaintext', () => {
    const sealed = seal(key, 'sk_test_abc123', 'stripe.secretKey');
    expect(sealed).not.toContain('sk_test');
    expect(unseal(key, sealed, 'stripe.secretKey')).toBe('sk_test_abc123');
    // A fresh IV each time: the same secret never seals to the same text.
    expect(seal(key, 'sk_test_abc123', 'stripe.secretKey')).not.toBe(sealed);
  });

  it('refuses another key, another purpose and a changed byte', () => {
    const sealed = seal(key, 'whsec_1', 'stripe.webhookSecret');
    expect(() => unseal(randomBytes(32), sealed, 'stripe.webhookSecret')).toThrow();
    expect(() => unseal(key, sealed, 'stripe.secretKey')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() =>
      unseal(key, [...parts.slice(0, 3), body.toString('base64url')].join('.'), 'stripe.webhookSecret'),
    ).toThrow();
    expect(() => unseal(key, 'plain', 'stripe.webhookSecret')).toThrow('not a sealed value');
  });
});
