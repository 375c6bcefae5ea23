import type { TokenStorage } from './storage.js';
import type { Tokens } from './tokens.js';

/** The browser APIs {@link shareAcrossTabs} uses; injectable for tests. */
export interface CrossTabEnv {
  locks?: { request<T>(name: string, fn: () => Promise<T>): Promise<T> } | undefined;
  BroadcastChannel?: (new (name: string) => BroadcastChannel) | undefined;
}

/**
 * Makes a storage that tabs share (such as `localStorage`) safe to use from many tabs at once:
 * - `lock(fn)` runs `fn` under the cross-tab lock `name` (`navigator.locks`). `OAuthStrategy` renews tokens inside
 *   it and re-reads the storage first, so N calls in M tabs with an expired token cause exactly one refresh.
 * - every `set`/`clear` is announced on the BroadcastChannel `name`, and `subscribe` hears the other tabs' changes,
 *   so a login, logout or refresh in one tab reaches the others at once.
 * Without `navigator.locks` there is no `lock` (each tab still renews once: in-tab single flight), and without
 * `BroadcastChannel` no `subscribe`.
 *
 * @example
 * const storage = shareAcrossTabs(myIndexedDbStorage, 'plaza.tokens');
 */
export function shareAcrossTabs(
  storage: TokenStorage,
  name: string,
  env: CrossTabEnv = {
    locks: globalThis.navigator?.locks,
    BroadcastChannel: globalThis.BroadcastChannel,
  },
): TokenStorage {
  let channel: BroadcastChannel | undefined;
  const open = () => {
    if (!channel && env.BroadcastChannel) {
      channel = new env.BroadcastChannel(name);
      // Node: a channel must not keep the process alive.
      (channel as { unref?: () => void }).unref?.();
    }
    return channel;
  };
  const announce = (tokens: Tokens | null) => {
    try {
      open()?.postMessage(tokens);
    } catch {
      // a closed channel: the other tabs read the storage on their next renewal
    }
  };
  return {
    get: () => storage.get(),
    set: async (tokens) => {
      await storage.set(tokens);
      announce(tokens);
    },
    clear: async () => {
      await storage.clear();
      announce(null);
    },
    lock: env.locks && ((fn) => env.locks!.request(`${name}.lock`, fn)),
    subscribe:
      env.BroadcastChannel &&
      ((listener) => {
        const onMessage = (e: MessageEvent) => listener(e.data as Tokens | null);
        open()!.addEventListener('message', onMessage);
        return () => channel?.removeEventListener('message', onMessage);
      }),
  };
}
