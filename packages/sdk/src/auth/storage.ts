import { shareAcrossTabs, type CrossTabEnv } from './cross-tab.js';
import type { Tokens } from './tokens.js';

/**
 * Where an `OAuthStrategy` keeps its tokens. Each method may be synchronous or return a promise.
 * A storage shared by several tabs or strategies adds `lock` and `subscribe` (see `shareAcrossTabs`).
 */
export interface TokenStorage {
  get(): Tokens | null | Promise<Tokens | null>;
  set(tokens: Tokens): void | Promise<void>;
  clear(): void | Promise<void>;
  /** Runs `fn` while no other user of this storage (another tab) runs its own; the strategy renews tokens inside it. */
  lock?<T>(fn: () => Promise<T>): Promise<T>;
  /** Calls `listener` with the tokens another user of this storage wrote (`null`: cleared); returns an unsubscribe. */
  subscribe?(listener: (tokens: Tokens | null) => void): () => void;
}

/**
 * Keeps tokens in memory only (the default): they are gone when the page or process ends.
 *
 * @example
 * const auth = OAuthStrategy({ clientId, storage: memoryStorage() });
 */
export function memoryStorage(): TokenStorage {
  let tokens: Tokens | null = null;
  return {
    get: () => tokens,
    set: (t) => {
      tokens = t;
    },
    clear: () => {
      tokens = null;
    },
  };
}

/**
 * Keeps tokens in `localStorage` under `key` (default `plaza.tokens`), so a visitor keeps their session
 * (and cart) across reloads. Unreadable or malformed entries count as no tokens.
 * The tabs of a browser share these tokens: renewals run under the cross-tab lock `${key}.lock` (`navigator.locks`)
 * and every change is announced on the BroadcastChannel `key` (see `shareAcrossTabs`).
 *
 * @example
 * const auth = OAuthStrategy({ clientId, storage: localStorageAdapter('my-shop.tokens') });
 */
export function localStorageAdapter(
  key = 'plaza.tokens',
  store: Storage = globalThis.localStorage,
  env?: CrossTabEnv,
): TokenStorage {
  return shareAcrossTabs(localStore(key, store), key, env);
}

function localStore(key: string, store: Storage): TokenStorage {
  return {
    get: () => {
      try {
        const t = JSON.parse(store.getItem(key) ?? 'null') as Tokens | null;
        return t && typeof t.accessToken?.value === 'string' && typeof t.refreshToken?.value === 'string' ? t : null;
      } catch {
        return null;
      }
    },
    set: (t) => store.setItem(key, JSON.stringify(t)),
    clear: () => store.removeItem(key),
  };
}
