import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyTokens, hasValidAccessToken, isExpired, nowSeconds, tokensFromResponse } from '../src/auth/tokens.js';
import { localStorageAdapter, memoryStorage } from '../src/auth/storage.js';

afterEach(() => vi.useRealTimers());

describe('token expiry (seconds)', () => {
  it('counts a token as expired only when its expiry is earlier than now', () => {
    vi.useFakeTimers({ now: 1_700_000_000_500 });
    expect(nowSeconds()).toBe(1_700_000_000);
    expect(isExpired({ value: 't', expiresAt: 1_699_999_999 })).toBe(true);
    expect(isExpired({ value: 't', expiresAt: 1_700_000_000 })).toBe(false);
    expect(isExpired({ value: 't', expiresAt: 1_700_000_001 })).toBe(false);
  });

  it('sets expiresAt to now plus expires_in seconds and keeps the role', () => {
    vi.useFakeTimers({ now: 1_700_000_000_999 });
    const t = tokensFromResponse({ access_token: 'a', refresh_token: 'r', expires_in: 3600 }, 'member');
    expect(t).toEqual({
      accessToken: { value: 'a', expiresAt: 1_700_003_600 },
      refreshToken: { value: 'r', role: 'member', renewKey: expect.stringMatching(/^\d+-\d+-\d+-\d+$/) },
    });
    // Each new pair gets its own renewal key.
    const again = tokensFromResponse({ access_token: 'a', refresh_token: 'r', expires_in: 3600 }, 'member');
    expect(again.refreshToken.renewKey).not.toBe(t.refreshToken.renewKey);
  });

  it('accepts only non-expired visitor or member access tokens', () => {
    const at = (expiresAt: number) => ({ value: 'a', expiresAt });
    const now = nowSeconds();
    expect(hasValidAccessToken(emptyTokens())).toBe(false);
    expect(hasValidAccessToken({ accessToken: at(now + 60), refreshToken: { value: 'r', role: 'visitor' } })).toBe(
      true,
    );
    expect(hasValidAccessToken({ accessToken: at(now + 60), refreshToken: { value: 'r', role: 'member' } })).toBe(true);
    expect(hasValidAccessToken({ accessToken: at(now + 60), refreshToken: { value: 'r', role: 'none' } })).toBe(false);
    expect(hasValidAccessToken({ accessToken: at(now - 1), refreshToken: { value: 'r', role: 'visitor' } })).toBe(
      false,
    );
    expect(hasValidAccessToken(null)).toBe(false);
  });
});

describe('token storage', () => {
  const tokens = { accessToken: { value: 'a', expiresAt: 5 }, refreshToken: { value: 'r', role: 'visitor' as const } };

  it('memoryStorage keeps and clears tokens', async () => {
    const s = memoryStorage();
    expect(s.get()).toBeNull();
    await s.set(tokens);
    expect(s.get()).toEqual(tokens);
    await s.clear();
    expect(s.get()).toBeNull();
  });

  it('localStorageAdapter stores JSON under its key and ignores malformed entries', async () => {
    const map = new Map<string, string>();
    const store = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    } as Storage;
    const s = localStorageAdapter('shop.tokens', store);
    expect(s.get()).toBeNull();
    await s.set(tokens);
    expect(JSON.parse(map.get('shop.tokens')!)).toEqual(tokens);
    expect(s.get()).toEqual(tokens);
    map.set('shop.tokens', '{not json');
    expect(s.get()).toBeNull();
    map.set('shop.tokens', '{"accessToken":1}');
    expect(s.get()).toBeNull();
    await s.clear();
    expect(map.has('shop.tokens')).toBe(false);
  });
});
