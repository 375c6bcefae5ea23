import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  LoginIdentity,
  LoginParams,
  LoginStateResult,
  OAuthStrategy,
  RegisterParams,
  Tokens,
  VerifyFactorParams,
} from '@plaza/sdk';
import { usePlaza } from './context.js';

/** The part of an `OAuthStrategy` that `useAuth` uses (a stand-in in tests). */
export type AuthLike = Pick<
  OAuthStrategy,
  | 'getTokens'
  | 'onTokensChange'
  | 'getLoginState'
  | 'login'
  | 'register'
  | 'processVerification'
  | 'verifyFactor'
  | 'sendFactorCode'
  | 'logout'
>;

/** The part of an SDK client that `useAuth` needs: a client created with `auth: OAuthStrategy(...)`. */
export interface AuthClient {
  auth: AuthLike;
  /** `client.fetch`, used for `/oauth2/userinfo` (the member's e-mail) when present. */
  fetch?<T>(path: string): Promise<T>;
}

/** The signed-in member, as far as the browser knows (the server checks again on every call). */
export interface AuthMember {
  /** The member id, which is also the identity id (the access token's `sub`). */
  id: string;
  /** `MEMBER`, `OWNER` or `CONTRIBUTOR` (the access token's `member_role`). */
  role: string;
  /** The e-mail address: from the last login answer, else from `/oauth2/userinfo` once loaded. */
  email?: string;
  /** The identity of the last login, register or verification answer in this tab, when it was this member's. */
  identity?: LoginIdentity;
}

/** What {@link useAuth} returns. */
export interface UseAuth {
  /** The login state machine's current state (`INITIAL` before any sign-in step in this tab). */
  state: LoginStateResult;
  /** True only with member tokens. */
  loggedIn: boolean;
  /** The member when `loggedIn`, else `null`. */
  member: AuthMember | null;
  /** `auth.login`: on `SUCCESS` the member tokens are set and the component re-renders. */
  login: (params: LoginParams) => Promise<LoginStateResult>;
  /** `auth.register`. */
  register: (params: RegisterParams) => Promise<LoginStateResult>;
  /** `auth.processVerification` with the e-mailed code (only in `EMAIL_VERIFICATION_REQUIRED`). */
  verify: (verificationCode: string) => Promise<LoginStateResult>;
  /** `auth.verifyFactor`: the second factor of a login (only in `MFA_REQUIRED`). */
  verifyFactor: (params: VerifyFactorParams) => Promise<LoginStateResult>;
  /** `auth.sendFactorCode`: mails the code of the EMAIL factor (only in `MFA_REQUIRED`). */
  sendFactorCode: () => Promise<void>;
  /**
   * `auth.logout`: clears the tokens and returns the URL that ends the browser's sign-in session; go there next.
   * `originalUrl` (where to come back) defaults to the site's home page.
   */
  logout: (originalUrl?: string) => Promise<{ logoutUrl: string }>;
}

/**
 * The claims of a JWT, unverified: for showing the right screen only, never for deciding access.
 *
 * @example
 * claimsOf(tokens.accessToken.value).sub; // the member id
 */
export function claimsOf(jwt: string): Record<string, unknown> {
  try {
    const part = (jwt.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(part), (c) => c.charCodeAt(0))));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

interface Snapshot {
  tokens: Tokens;
  state: LoginStateResult;
}

interface AuthStore {
  subscribe: (onChange: () => void) => () => void;
  get: () => Snapshot;
  /** Tells the subscribers of a change the tokens don't show (a new login state). */
  notify: () => void;
}

const stores = new WeakMap<AuthLike, AuthStore>();

/**
 * One store per strategy, shared by every `useAuth` of the page: it changes with the tokens (login, logout, renewal,
 * another tab) and with the login state.
 *
 * @example
 * const store = authStore(client.auth); store.subscribe(() => console.log(store.get().state.loginState));
 */
export function authStore(auth: AuthLike): AuthStore {
  let store = stores.get(auth);
  if (!store) {
    const listeners = new Set<() => void>();
    let snapshot: Snapshot | undefined;
    store = {
      subscribe: (onChange) => {
        listeners.add(onChange);
        const stop = auth.onTokensChange(onChange);
        return () => {
          listeners.delete(onChange);
          stop();
        };
      },
      get: () => {
        const tokens = auth.getTokens();
        const state = auth.getLoginState();
        if (snapshot?.tokens !== tokens || snapshot.state !== state) snapshot = { tokens, state };
        return snapshot;
      },
      notify: () => {
        for (const l of [...listeners]) l();
      },
    };
    stores.set(auth, store);
  }
  return store;
}

/**
 * Sign-in state and actions of the client given to `<PlazaProvider>` (created with `auth: OAuthStrategy(...)`).
 * Re-renders on login, logout, token renewal, changes made in other tabs, and every step of the state machine.
 *
 * @example
 * function AccountButton() {
 *   const { loggedIn, member, logout } = useAuth();
 *   if (!loggedIn) return <a href="/login">Log in</a>;
 *   return <button onClick={async () => location.assign((await logout()).logoutUrl)}>Log out {member?.email}</button>;
 * }
 */
export function useAuth(): UseAuth {
  const client = usePlaza<AuthClient>();
  const auth = client.auth;
  if (!auth?.onTokensChange) {
    throw new Error('useAuth() needs a Plaza client created with auth: OAuthStrategy({ clientId, ... }).');
  }
  const store = authStore(auth);
  const { tokens, state } = useSyncExternalStore(store.subscribe, store.get, store.get);
  const loggedIn = tokens.refreshToken.role === 'member';
  const claims = useMemo(() => (loggedIn ? claimsOf(tokens.accessToken.value) : {}), [loggedIn, tokens]);
  const id = typeof claims.sub === 'string' ? claims.sub : undefined;
  const identity = state.data.identity?.id === id ? state.data.identity : undefined;
  const identityEmail = identity?.email?.address;
  const userinfo = useQuery({
    queryKey: ['plaza', 'auth', 'userinfo', id],
    queryFn: () => client.fetch!<{ sub: string; email: string }>('/oauth2/userinfo'),
    enabled: !!id && !identityEmail && typeof client.fetch === 'function',
    staleTime: Infinity,
  });
  const email = identityEmail ?? (userinfo.data?.sub === id ? userinfo.data?.email : undefined);

  const member = useMemo<AuthMember | null>(
    () =>
      loggedIn && id
        ? {
            id,
            role: typeof claims.member_role === 'string' ? claims.member_role : 'MEMBER',
            ...(email ? { email } : {}),
            ...(identity ? { identity } : {}),
          }
        : null,
    [loggedIn, id, claims, email, identity],
  );

  const step = useCallback(
    async <T>(run: Promise<T>): Promise<T> => {
      try {
        return await run;
      } finally {
        store.notify();
      }
    },
    [store],
  );
  const login = useCallback((p: LoginParams) => step(auth.login(p)), [auth, step]);
  const register = useCallback((p: RegisterParams) => step(auth.register(p)), [auth, step]);
  const verify = useCallback(
    (verificationCode: string) => step(auth.processVerification({ verificationCode })),
    [auth, step],
  );
  const verifyFactor = useCallback((p: VerifyFactorParams) => step(auth.verifyFactor(p)), [auth, step]);
  const sendFactorCode = useCallback(() => auth.sendFactorCode(), [auth]);
  const logout = useCallback(
    (originalUrl?: string) => step(auth.logout(originalUrl ?? `${globalThis.location?.origin ?? ''}/`)),
    [auth, step],
  );

  return { state, loggedIn, member, login, register, verify, verifyFactor, sendFactorCode, logout };
}
