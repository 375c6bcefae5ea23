/**
 * Tokens shared across tabs: several strategies over one `localStorage` (each one a "tab"), with Node's real
 * BroadcastChannel and a FIFO stand-in for `navigator.locks` (Node 20 has none). The same behaviour in Chromium tabs is
 * the e2e suite's; against the real server in integration/member.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CrossTabEnv } from '../src/auth/cross-tab.js';
import { OAuthStrategy } from '../src/auth/oauth.js';
import { localStorageAdapter } from '../src/auth/storage.js';
import { nowSeconds, type Tokens } from '../src/auth/tokens.js';
import { fakeApi, tokenAnswer } from './fake-api.js';

/** `navigator.locks.request` semantics that matter here: one holder per name, waiters served in order. */
function fakeLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const stats = { held: 0, maxHeld: 0, requests: 0 };
  const locks: NonNullable<CrossTabEnv['locks']> = {
    request<T>(name: string, fn: () => Promise<T>): Promise<T> {
      stats.requests++;
      const run = (tails.get(name) ?? Promise.resolve()).then(async () => {
        stats.maxHeld = Math.max(stats.maxHeld, ++stats.held);
        try {
          return await fn();
        } finally {
          stats.held--;
        }
      });
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  return { locks, stats };
}

/** The `Storage` every tab of one origin shares. */
function sharedStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

const expiredMember = (): Tokens => ({
  accessToken: { value: 'old-access', expiresAt: nowSeconds() - 10 },
  refreshToken: { value: 'old-refresh', role: 'member' },
});

let channelSerial = 0;
function tabs(count: number, env: CrossTabEnv) {
  const store = sharedStorage();
  // A channel name per test, so tests don't hear each other.
  const key = `plaza.tokens.test-${++channelSerial}`;
  store.setItem(key, JSON.stringify(expiredMember()));
  const api = fakeApi({ 'POST /oauth2/token': () => tokenAnswer('renewed') }, 15);
  const all = Array.from({ length: count }, () =>
    OAuthStrategy({
      clientId: 'web',
      baseUrl: 'https://api.example.com',
      fetch: api.fetch,
      storage: localStorageAdapter(key, store, env),
    }),
  );
  return { all, api, store, key };
}

describe('tokens shared across tabs', () => {
  it('20 calls in each of 3 tabs with an expired token cause exactly one refresh', async () => {
    const { locks, stats } = fakeLocks();
    const { all, api, store, key } = tabs(3, { locks, BroadcastChannel });
    const headers = await Promise.all(all.flatMap((auth) => Array.from({ length: 20 }, () => auth.getAuthHeaders())));
    expect(api.calls.map((c) => c.body)).toEqual([
      { grantType: 'refresh_token', clientId: 'web', refreshToken: 'old-refresh' },
    ]);
    expect(new Set(headers.map((h) => h.Authorization)).size).toBe(1);
    // One renewal per tab asked for the lock (in-tab single flight), and they took turns.
    expect(stats.requests).toBe(3);
    expect(stats.maxHeld).toBe(1);
    const stored = JSON.parse(store.getItem(key)!) as Tokens;
    for (const auth of all) expect(auth.getTokens()).toEqual(stored);
    expect(stored.refreshToken.role).toBe('member');
  });

  it('a login or logout in one tab reaches the others (BroadcastChannel) and their listeners', async () => {
    const { locks } = fakeLocks();
    const [a, b] = tabs(2, { locks, BroadcastChannel }).all as [OAuthStrategy, OAuthStrategy];
    const heard: string[] = [];
    b.onTokensChange((t) => heard.push(t.refreshToken.role));
    const member: Tokens = {
      accessToken: { value: 'm-access', expiresAt: nowSeconds() + 3600 },
      refreshToken: { value: 'm-refresh', role: 'member' },
    };
    a.setTokens(member);
    await vi.waitFor(() => expect(b.getTokens()).toEqual(member));
    expect(b.loggedIn()).toBe(true);
    a.setTokens({ accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: 'none' } });
    await vi.waitFor(() => expect(b.getTokens().refreshToken.role).toBe('none'));
    expect(heard).toEqual(['member', 'none']);
  });

  it('a tab that waited for the lock uses the tokens the other tab stored, even before their message arrives', async () => {
    const { locks } = fakeLocks();
    // No BroadcastChannel: the second tab learns of the renewal only from the storage, under the lock.
    const { all, api } = tabs(2, { locks, BroadcastChannel: undefined });
    const [first, second] = await Promise.all(all.map((auth) => auth.getAuthHeaders()));
    expect(api.calls).toHaveLength(1);
    expect(second).toEqual(first);
  });

  it('without navigator.locks each tab still renews only once (in-tab single flight)', async () => {
    const { all, api } = tabs(3, { locks: undefined, BroadcastChannel });
    await Promise.all(all.flatMap((auth) => Array.from({ length: 20 }, () => auth.getAuthHeaders())));
    expect(api.calls).toHaveLength(3);
  });
});
