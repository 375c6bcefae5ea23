import type { AuthEnv } from '../core/types.js';
import type { OAuthStrategy, OAuthStrategyOptions } from './oauth.js';
import { memoryStorage, type TokenStorage } from './storage.js';
import { isRejection, requestTokens, withRetry } from './token-endpoint.js';
import {
  emptyTokens,
  hasValidAccessToken,
  randomKey,
  tokensFromResponse,
  type RefreshToken,
  type Tokens,
} from './tokens.js';

/** The part of {@link OAuthStrategy} that keeps, stores and renews the tokens (the member sign-in is elsewhere). */
export type TokenSession = Pick<
  OAuthStrategy,
  | 'bind'
  | 'getContext'
  | 'getAuthHeaders'
  | 'onUnauthorized'
  | 'getTokens'
  | 'setTokens'
  | 'onTokensChange'
  | 'generateVisitorTokens'
  | 'renewToken'
  | 'loggedIn'
>;

/** What the session's parts share: the tokens, and what is loading, renewing or being written. */
interface State {
  env: Partial<AuthEnv>;
  current: Tokens;
  /** Tokens were set here: a slow storage read must not overwrite them. */
  touched: boolean;
  loading: Promise<void> | undefined;
  inflight: Promise<Tokens> | null;
  writes: Promise<unknown>;
  listeners: Set<(tokens: Tokens) => void>;
}

/**
 * The tokens of one strategy: loaded from the storage, renewed once for all parallel calls (single flight; across
 * tabs too when the storage has a lock), stored in order, and told to the listeners.
 */
export function tokenSession(options: OAuthStrategyOptions): TokenSession {
  const storage = options.storage ?? memoryStorage();
  const st: State = {
    env: {},
    current: emptyTokens(),
    touched: false,
    loading: undefined,
    inflight: null,
    writes: Promise.resolve(),
    listeners: new Set(),
  };
  const store = tokenWrites(storage, st);
  const renew = renewal(options, storage, st, store);
  loadTokens(options, storage, st, store);

  return {
    bind: (e) => {
      st.env = e;
    },
    getContext: renew.getContext,
    getAuthHeaders: async () => ({ Authorization: `Bearer ${(await renew.ensure()).accessToken.value}` }),
    onUnauthorized: async (sent) => {
      await st.loading;
      if (st.current.refreshToken.role === 'none') return false;
      // Renew only the token the server refused; if another call renewed it meanwhile, just send again.
      if (sent.Authorization === `Bearer ${st.current.accessToken.value}`)
        st.current = { ...st.current, accessToken: { ...st.current.accessToken, expiresAt: 0 } };
      await renew.ensure();
      return true;
    },
    getTokens: () => st.current,
    setTokens: store.setTokens,
    onTokensChange: (listener) => {
      st.listeners.add(listener);
      return () => void st.listeners.delete(listener);
    },
    generateVisitorTokens: (tokens) => (tokens ? renew.refreshOrStartOver(tokens) : renew.ensure()),
    renewToken: renew.renewToken,
    loggedIn: () => st.current.refreshToken.role === 'member',
  };
}

type Writes = ReturnType<typeof tokenWrites>;

function tokenWrites(storage: TokenStorage, st: State) {
  /** Makes `tokens` current and tells the listeners; the storage is the caller's business. */
  const adopt = (tokens: Tokens) => {
    st.touched = true;
    st.current = tokens;
    for (const listener of [...st.listeners]) {
      try {
        listener(tokens);
      } catch {
        // a listener's failure is its own
      }
    }
  };

  const setTokens = (tokens: Tokens) => {
    adopt(tokens);
    // Storage failures (quota, private mode) must not break the session; writes stay in order.
    st.writes = st.writes
      .then(() => (tokens.refreshToken.role === 'none' ? storage.clear() : storage.set(tokens)))
      .catch(() => undefined);
  };
  return { adopt, setTokens };
}

/** The start: the given tokens, else the storage's (maybe read later), and the storage's news from other tabs. */
function loadTokens(options: OAuthStrategyOptions, storage: TokenStorage, st: State, { adopt, setTokens }: Writes) {
  try {
    if (options.tokens) setTokens(options.tokens);
    else {
      const stored = storage.get();
      if (stored instanceof Promise) {
        st.loading = stored.then(
          (t) => void (t && !st.touched && (st.current = t)),
          () => undefined,
        );
      } else if (stored) st.current = stored;
    }
    storage.subscribe?.((tokens) => adopt(tokens ?? emptyTokens()));
  } catch {
    // unreadable storage: start with no tokens
  }
}

function renewal(options: OAuthStrategyOptions, storage: TokenStorage, st: State, { adopt, setTokens }: Writes) {
  const { clientId } = options;
  const getContext = () => {
    const baseUrl = options.baseUrl ?? st.env.baseUrl;
    const fetchFn = options.fetch ?? st.env.fetch ?? ((i: string, init?: RequestInit) => globalThis.fetch(i, init));
    if (baseUrl === undefined) throw new Error('OAuthStrategy has no baseUrl: pass it to createClient or give baseUrl');
    return { baseUrl: baseUrl.replace(/\/+$/, ''), fetch: fetchFn, clientId };
  };

  const anonymous = async () => {
    const ctx = getContext();
    const res = await withRetry(() => requestTokens(ctx, { grantType: 'anonymous', clientId }));
    const tokens = tokensFromResponse(res, 'visitor');
    setTokens(tokens);
    return tokens;
  };

  const renewToken = async (refreshToken: RefreshToken) => {
    const body = { grantType: 'refresh_token' as const, clientId, refreshToken: refreshToken.value };
    const ctx = getContext();
    // The token's own key (tokens.ts renewKey): a retry after a lost answer, or another tab renewing the same token,
    // gets the same new refresh token, not a reuse. The key stays with the session, so the tabs keep agreeing on it.
    const key = refreshToken.renewKey ?? randomKey();
    const tokens = tokensFromResponse(await withRetry(() => requestTokens(ctx, body, key)), refreshToken.role, key);
    setTokens(tokens);
    return tokens;
  };

  const refreshOrStartOver = async (tokens: Tokens): Promise<Tokens> => {
    if (hasValidAccessToken(tokens)) return tokens;
    if (tokens.refreshToken?.value && tokens.refreshToken.role !== 'none') {
      try {
        return await renewToken(tokens.refreshToken);
      } catch (e) {
        if (!isRejection(e)) throw e;
      }
    }
    return anonymous();
  };

  /**
   * Under the cross-tab lock: another tab may have renewed (or logged in or out) while this one waited, so the shared
   * storage's tokens win over this tab's copy. The new tokens are stored before the lock is released.
   */
  const renewShared = async () => {
    try {
      const stored = await storage.get();
      if (stored && stored.accessToken.value !== st.current.accessToken.value) adopt(stored);
    } catch {
      // unreadable storage: renew this tab's tokens
    }
    const tokens = await refreshOrStartOver(st.current);
    await st.writes;
    return tokens;
  };

  /** Single flight: every caller that finds no valid token while a renewal runs waits for that renewal. */
  const ensure = async (): Promise<Tokens> => {
    await st.loading;
    if (hasValidAccessToken(st.current)) return st.current;
    st.inflight ??= (storage.lock ? storage.lock(renewShared) : refreshOrStartOver(st.current)).finally(() => {
      st.inflight = null;
    });
    return st.inflight;
  };

  return { getContext, renewToken, refreshOrStartOver, ensure };
}
