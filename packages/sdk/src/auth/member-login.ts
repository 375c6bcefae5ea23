/**
 * The member sign-in flows of `OAuthStrategy`. The strategy loads this file on first use (`import()`), so pages that
 * only ever act as a visitor do not carry it. Call these through the strategy (`auth.login(...)`), not directly.
 */
import { errorFromResponse, isPlazaError } from '../core/errors.js';
import {
  stateFromError,
  stateFromResponse,
  type CaptchaSettings,
  type CaptchaTokens,
  type FactorType,
  type LoginParams,
  type LoginResponseBody,
  type LoginStateResult,
  type MemberBox,
  type RegisterParams,
} from './login-state.js';
import type { OAuthStrategy } from './oauth.js';
import { parseFromUrl } from './authorization-response.js';
import { generateOAuthData, type OAuthData } from './pkce.js';
import { authorizeInIframe } from './silent-login.js';
import { requestTokens } from './token-endpoint.js';
import { emptyTokens, tokensFromResponse, type Tokens } from './tokens.js';

/** Options of `getAuthUrl`. */
export interface AuthUrlOptions {
  /** `login` (default) shows the login page; `none` answers at once (`login_required` without a session). */
  prompt?: 'login' | 'none' | 'consent' | 'select_account';
  /** How the code comes back: in the redirect URI's `fragment` (default) or `query`, or as a `web_message`. */
  responseMode?: 'fragment' | 'query' | 'web_message';
}

interface RedirectSessionAnswer {
  redirectSession: { id: string; fullUrl: string; sessionToken: string };
}

const INITIAL: LoginStateResult = { loginState: 'INITIAL', data: {} };

/**
 * An authenticated JSON POST (GET without a body) to the strategy's server; a visitor token is fetched first when
 * needed. A non-2xx answer throws a `PlazaError`.
 */
async function call<T>(auth: OAuthStrategy, path: string, body?: unknown): Promise<T> {
  const { baseUrl, fetch } = auth.getContext();
  const res = await fetch(baseUrl + path, {
    method: body ? 'POST' : 'GET',
    headers: { ...(await auth.getAuthHeaders()), 'content-type': 'application/json', accept: 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw await errorFromResponse(res, undefined, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A redirect session continuing an authorization request for `data`. */
async function authSession(
  auth: OAuthStrategy,
  data: OAuthData,
  prompt: string,
  responseMode: string,
  sessionToken?: string,
): Promise<string> {
  const authRequest = {
    redirectUri: data.redirectUri,
    clientId: auth.clientId,
    codeChallenge: data.codeChallenge,
    codeChallengeMethod: 'S256',
    responseMode,
    responseType: 'code',
    scope: 'offline_access',
    state: data.state,
    sessionToken,
  };
  const res = await call<RedirectSessionAnswer>(auth, '/redirects/v1/redirect-session', {
    auth: { authRequest, prompt },
  });
  return res.redirectSession.fullUrl;
}

/** See `OAuthStrategy.generateOAuthData`. */
export function oauthData(_auth: OAuthStrategy, _box: MemberBox, redirectUri: string, originalUri?: string) {
  return generateOAuthData(redirectUri, originalUri);
}

/** See `OAuthStrategy.getAuthUrl`. */
export async function getAuthUrl(
  auth: OAuthStrategy,
  _box: MemberBox,
  data: OAuthData,
  options: AuthUrlOptions = {},
): Promise<{ authUrl: string }> {
  return { authUrl: await authSession(auth, data, options.prompt ?? 'login', options.responseMode ?? 'fragment') };
}

/** See `OAuthStrategy.getMemberTokens`. Codes work once, so the exchange is never retried. */
export async function getMemberTokens(
  auth: OAuthStrategy,
  _box: MemberBox | undefined,
  code: string,
  state: string,
  data: OAuthData,
): Promise<Tokens> {
  if (state !== data.state) throw new Error('Invalid _state');
  const ctx = auth.getContext();
  // The visitor's token lets the server move the visitor's cart into the member's at this sign-in.
  const held = auth.getTokens();
  const visitor = held.refreshToken.role === 'visitor' && held.accessToken.value ? held.accessToken.value : undefined;
  const res = await requestTokens(ctx, {
    grantType: 'authorization_code',
    clientId: ctx.clientId,
    code,
    codeVerifier: data.codeVerifier,
    redirectUri: data.redirectUri,
    ...(visitor ? { visitorToken: visitor } : {}),
  });
  const tokens = tokensFromResponse(res, 'member');
  auth.setTokens(tokens);
  return tokens;
}

const redirectUriOf = (box: MemberBox, redirectUri?: string): string => {
  const uri = redirectUri ?? box.redirectUri ?? (globalThis.location && `${location.origin}/auth/callback`);
  if (!uri) throw new Error('OAuthStrategy needs a redirectUri (one registered for the client)');
  return uri;
};

const inBrowser = () => typeof document !== 'undefined' && typeof window !== 'undefined';

/**
 * See `OAuthStrategy.getMemberTokensForDirectLogin`. A browser can't read a redirect's `Location` (`redirect: 'manual'`
 * gives an opaque answer), so there the code comes from a hidden iframe (`web_message`); elsewhere (Node, workers)
 * from the `Location` of the server's 302 (`response_mode=query`).
 */
export async function directLogin(
  auth: OAuthStrategy,
  box: MemberBox,
  sessionToken: string,
  options: { redirectUri?: string } = {},
): Promise<Tokens> {
  const data = await generateOAuthData(redirectUriOf(box, options.redirectUri), '');
  if (inBrowser()) {
    const fullUrl = await authSession(auth, data, 'none', 'web_message', sessionToken);
    const { code, state } = await authorizeInIframe(fullUrl, data.state);
    return getMemberTokens(auth, box, code, state, data);
  }
  const fullUrl = await authSession(auth, data, 'none', 'query', sessionToken);
  const res = await auth.getContext().fetch(fullUrl, { redirect: 'manual' });
  await res.body?.cancel();
  const location = res.headers.get('location');
  if (!location) throw new Error(`Direct login failed: ${res.status} without a redirect`);
  const { code, state } = parseFromUrl(new URL(location, fullUrl).href, 'query');
  return getMemberTokens(auth, box, code, state, data);
}

/** See `OAuthStrategy.silentLogin`. */
export async function silentLogin(
  auth: OAuthStrategy,
  box: MemberBox,
  options: { redirectUri?: string; timeoutMs?: number } = {},
): Promise<Tokens> {
  const data = await generateOAuthData(redirectUriOf(box, options.redirectUri), '');
  const fullUrl = await authSession(auth, data, 'none', 'web_message');
  const { code, state } = await authorizeInIframe(fullUrl, data.state, options.timeoutMs);
  return getMemberTokens(auth, box, code, state, data);
}

/** See `OAuthStrategy.loadCaptchaSettings`: loaded once per strategy; a failed load is tried again next time. */
export function loadCaptchaSettings(auth: OAuthStrategy, box: MemberBox): Promise<CaptchaSettings> {
  box.captchaLoading ??= call<CaptchaSettings>(auth, '/identity/v1/captcha/settings').then(
    (settings) => (box.captcha = settings),
    (e: unknown) => {
      box.captchaLoading = undefined;
      throw e;
    },
  );
  return box.captchaLoading;
}

/** The wire form of captcha tokens. */
const captchaWire = ({ visible, invisible }: CaptchaTokens = {}) =>
  visible || invisible
    ? [visible && { Recaptcha: visible }, invisible && { InvisibleRecaptcha: invisible }].filter(Boolean)
    : undefined;

/**
 * Sends a register, login or verify request and turns the answer into the next state, which the strategy keeps.
 * `SUCCESS` completes the direct login first, so the member tokens are set when the caller hears of it.
 * A rejected verification or factor code keeps the `EMAIL_VERIFICATION_REQUIRED` / `MFA_REQUIRED` state (so the
 * person can try again), with `error` and `errorCode`. Network errors and 5xx are thrown.
 */
async function settle(
  auth: OAuthStrategy,
  box: MemberBox,
  kind: 'register' | 'login' | 'verify',
  path: string,
  body: Record<string, unknown>,
): Promise<LoginStateResult> {
  let res: LoginResponseBody;
  try {
    res = await call(auth, path, body);
  } catch (e) {
    if (kind === 'verify') {
      if (!isPlazaError(e) || e.status >= 500 || e.status < 400) throw e;
      const errorCode = e.details.applicationError?.code;
      return (box.state = { ...box.state, error: e.message, ...(errorCode ? { errorCode } : {}) });
    }
    const code = isPlazaError(e) ? String(e.details.applicationError?.code) : '';
    let silent = false;
    if (code === '-19971' || code === '-19970') {
      const settings = await loadCaptchaSettings(auth, box).catch(() => undefined);
      silent = !body.captchaTokens && !!settings?.captchaInvisibleSiteKey;
    }
    return (box.state = stateFromError(e, kind, silent));
  }
  const next = stateFromResponse(res);
  // SUCCESS always carries a session token; without one the direct login fails with login_required.
  if (next.loginState === 'SUCCESS') await directLogin(auth, box, res.sessionToken!);
  return (box.state = next);
}

/** See `OAuthStrategy.login`. */
export function login(auth: OAuthStrategy, box: MemberBox, p: LoginParams): Promise<LoginStateResult> {
  return settle(auth, box, 'login', '/identity/v2/login', {
    loginId: { email: p.email },
    password: p.password,
    captchaTokens: captchaWire(p.captchaTokens),
  });
}

/** See `OAuthStrategy.register`. */
export function register(auth: OAuthStrategy, box: MemberBox, p: RegisterParams): Promise<LoginStateResult> {
  return settle(auth, box, 'register', '/identity/v2/register', {
    loginId: { email: p.email },
    password: p.password,
    profile: p.profile,
    captchaTokens: captchaWire(p.captchaTokens),
  });
}

/** The state token of the current `EMAIL_VERIFICATION_REQUIRED` (or `expected`) state; else `Unknown _state`. */
const stateToken = (box: MemberBox, expected = 'EMAIL_VERIFICATION_REQUIRED') => {
  const s = box.state;
  if (s.loginState !== expected || !s.data.stateToken) throw new Error('Unknown _state');
  return s.data.stateToken;
};

/** See `OAuthStrategy.processVerification`. */
export async function processVerification(
  auth: OAuthStrategy,
  box: MemberBox,
  { verificationCode }: { verificationCode: string },
): Promise<LoginStateResult> {
  return settle(auth, box, 'verify', '/identity/v1/auth/verify', {
    code: verificationCode,
    stateToken: stateToken(box),
  });
}

/** See `OAuthStrategy.resendVerificationCode`. */
export async function resendVerificationCode(auth: OAuthStrategy, box: MemberBox): Promise<void> {
  await call(auth, '/identity/v1/auth/resend', { stateToken: stateToken(box) });
}

/** What `verifyFactor` takes. */
export interface VerifyFactorParams {
  factorType: FactorType;
  /** The authenticator app's code (TOTP), the mailed one (EMAIL) or one of the member's recovery codes (RECOVERY_CODE). */
  code: string;
  /** Skip the second factor on this browser for 30 days (a cookie; same-origin pages only). */
  rememberThisDevice?: boolean;
}

/** See `OAuthStrategy.verifyFactor`. */
export async function verifyFactor(
  auth: OAuthStrategy,
  box: MemberBox,
  { factorType, code, rememberThisDevice }: VerifyFactorParams,
): Promise<LoginStateResult> {
  return settle(auth, box, 'verify', `/identity/v2/${factorType}/verify`, {
    stateToken: stateToken(box, 'MFA_REQUIRED'),
    code,
    rememberThisDevice,
  });
}

/** See `OAuthStrategy.sendFactorCode`. */
export async function sendFactorCode(auth: OAuthStrategy, box: MemberBox): Promise<void> {
  await call(auth, '/identity/v1/mfa/email/send', { stateToken: stateToken(box, 'MFA_REQUIRED') });
}

/** See `OAuthStrategy.sendPasswordResetEmail`. */
export async function sendPasswordResetEmail(
  auth: OAuthStrategy,
  _box: MemberBox,
  email: string,
  redirectUri: string,
): Promise<void> {
  await call(auth, '/identity/v1/send-email', { email, redirect: redirectUri });
}

/**
 * See `OAuthStrategy.logout`. A member's refresh token is also revoked (which ends its sign-in session on the server,
 * also where no browser cookie will visit the logout URL); the tokens are cleared even when a request fails.
 */
export async function logout(auth: OAuthStrategy, box: MemberBox, originalUrl: string): Promise<{ logoutUrl: string }> {
  try {
    const res = await call<RedirectSessionAnswer>(auth, '/redirects/v1/redirect-session', {
      logout: { clientId: auth.clientId },
      callbacks: { postFlowUrl: originalUrl },
    });
    const { refreshToken } = auth.getTokens();
    if (refreshToken.role === 'member')
      await call(auth, '/oauth2/revoke', { token: refreshToken.value, clientId: auth.clientId }).catch(() => undefined);
    return { logoutUrl: res.redirectSession.fullUrl };
  } finally {
    box.state = INITIAL;
    auth.setTokens(emptyTokens());
  }
}
