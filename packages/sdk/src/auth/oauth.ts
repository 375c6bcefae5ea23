import type { AuthEnv, AuthStrategy, FetchLike } from '../core/types.js';
import { memoryStorage, type TokenStorage } from './storage.js';
import { isRejection, requestTokens, withRetry } from './token-endpoint.js';
import { emptyTokens, hasValidAccessToken, tokensFromResponse, type RefreshToken, type Tokens } from './tokens.js';

/** Options of {@link OAuthStrategy}. */
export interface OAuthStrategyOptions {
  /** The OAuth client id of the site (the seeded demo client, or one made in the dashboard). */
  clientId: string;
  /** Tokens to start with; otherwise the storage's tokens, otherwise none. */
  tokens?: Tokens;
  /** Where tokens are kept; default {@link memoryStorage}. */
  storage?: TokenStorage;
  /** Server origin; normally left out and set by `createClient`. An explicit value wins over the client's. */
  baseUrl?: string;
  /** `fetch` for the token endpoint; normally left out and set by `createClient`. */
  fetch?: FetchLike;
}

/** The OAuth strategy of visitors and members (DESIGN §6). */
export interface OAuthStrategy extends AuthStrategy {
  readonly clientId: string;
  /**
   * Called by `createClient`: where token requests go. Explicit `baseUrl`/`fetch` options win.
   * @example auth.bind({ baseUrl: 'https://shop.example.com', fetch });
   */
  bind(env: AuthEnv): void;
  /**
   * The token endpoint's environment plus the client id, for add-on flows (member login, PKCE).
   * @example const { baseUrl, fetch, clientId } = auth.getContext();
   */
  getContext(): AuthEnv & { clientId: string };
  /**
   * `Authorization: Bearer <access token>`, getting or renewing tokens first when needed.
   * @example const headers = await auth.getAuthHeaders(); // { Authorization: 'Bearer eyJ...' }
   */
  getAuthHeaders(): Promise<Record<string, string>>;
  /**
   * The current token pair; role `none` before the first request.
   * @example if (auth.getTokens().refreshToken.role === 'none') console.log('no session yet');
   */
  getTokens(): Tokens;
  /**
   * Replaces the current tokens and writes them to the storage (role `none` clears it).
   * @example auth.setTokens(JSON.parse(cookieValue));
   */
  setTokens(tokens: Tokens): void;
  /**
   * Returns `tokens` (default: the current ones) if their visitor or member access token is still valid; otherwise
   * renews them, or gets a new anonymous visitor token. The result becomes the current tokens.
   * @example const tokens = await auth.generateVisitorTokens(); // e.g. on the server, to hand to the browser
   */
  generateVisitorTokens(tokens?: Tokens): Promise<Tokens>;
  /**
   * Renews tokens with a refresh token (`grantType: 'refresh_token'`); the new pair keeps its role and becomes current.
   * @example const tokens = await auth.renewToken(auth.getTokens().refreshToken);
   */
  renewToken(refreshToken: RefreshToken): Promise<Tokens>;
  /**
   * True only with the member role (SPEC §4).
   * @example if (!auth.loggedIn()) showLoginButton();
   */
  loggedIn(): boolean;
}

/**
 * Authenticates a visitor (and, with the member-login functions, a member) with OAuth tokens.
 * It starts with no tokens (role `none`) and gets a visitor token on first use. An expired access token is renewed
 * once for all parallel calls (single flight); a refused refresh falls back to a new visitor token, while network
 * and server errors are retried (3 tries) and then thrown, keeping the session.
 *
 * @example
 * const auth = OAuthStrategy({ clientId: 'plaza-web', storage: localStorageAdapter() });
 * const client = createClient({ baseUrl: '', auth, modules: { site } });
 * await client.site.getSite(); // a visitor token is fetched first
 */
export function OAuthStrategy(options: OAuthStrategyOptions): OAuthStrategy {
  const { clientId } = options;
  const storage = options.storage ?? memoryStorage();
  let env: Partial<AuthEnv> = {};
  let current = emptyTokens();
  let touched = false;
  let loading: Promise<void> | undefined;
  let inflight: Promise<Tokens> | null = null;
  let writes: Promise<unknown> = Promise.resolve();

  const getContext = () => {
    const baseUrl = options.baseUrl ?? env.baseUrl;
    const fetchFn = options.fetch ?? env.fetch ?? ((i: string, init?: RequestInit) => globalThis.fetch(i, init));
    if (baseUrl === undefined) throw new Error('OAuthStrategy has no baseUrl: pass it to createClient or give baseUrl');
    return { baseUrl: baseUrl.replace(/\/+$/, ''), fetch: fetchFn, clientId };
  };

  const setTokens = (tokens: Tokens) => {
    touched = true;
    current = tokens;
    // Storage failures (quota, private mode) must not break the session; writes stay in order.
    writes = writes
      .then(() => (tokens.refreshToken.role === 'none' ? storage.clear() : storage.set(tokens)))
      .catch(() => undefined);
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
    const tokens = tokensFromResponse(await withRetry(() => requestTokens(ctx, body)), refreshToken.role);
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

  /** Single flight: every caller that finds no valid token while a renewal runs waits for that renewal. */
  const ensure = async (): Promise<Tokens> => {
    await loading;
    if (hasValidAccessToken(current)) return current;
    inflight ??= refreshOrStartOver(current).finally(() => {
      inflight = null;
    });
    return inflight;
  };

  try {
    if (options.tokens) setTokens(options.tokens);
    else {
      const stored = storage.get();
      if (stored instanceof Promise) {
        loading = stored.then(
          (t) => void (t && !touched && (current = t)),
          () => undefined,
        );
      } else if (stored) current = stored;
    }
  } catch {
    // unreadable storage: start with no tokens
  }

  return {
    clientId,
    bind: (e) => {
      env = e;
    },
    getContext,
    getAuthHeaders: async () => ({ Authorization: `Bearer ${(await ensure()).accessToken.value}` }),
    getTokens: () => current,
    setTokens,
    generateVisitorTokens: (tokens) => (tokens ? refreshOrStartOver(tokens) : ensure()),
    renewToken,
    loggedIn: () => current.refreshToken.role === 'member',
  };
}
