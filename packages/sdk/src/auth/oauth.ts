import type { AuthEnv, AuthStrategy, FetchLike } from '../core/types.js';
import type { CaptchaSettings, LoginParams, LoginStateResult, MemberBox, RegisterParams } from './login-state.js';
import type * as MemberLogin from './member-login.js';
import type { VerifyFactorParams } from './member-login.js';
import type * as FrameLogin from './frame-login.js';
import type * as RedirectLogin from './redirect-login.js';
import type { AuthUrlOptions } from './redirect-login.js';
import { parseFromUrl } from './authorization-response.js';
import type { OAuthData } from './pkce.js';
import { signInKit } from './sign-in-kit.js';
import type { TokenStorage } from './storage.js';
import { tokenSession } from './token-session.js';
import type { RefreshToken, Tokens } from './tokens.js';

type MemberModule = typeof MemberLogin & typeof RedirectLogin & typeof FrameLogin;
/** The arguments after `(auth, box)`. */
type Rest<P> = P extends [unknown, unknown, ...infer R] ? R : never;

/** Options of {@link OAuthStrategy}. */
export interface OAuthStrategyOptions {
  /** The OAuth client id of the site (the seeded demo client, or one made in the dashboard). */
  clientId: string;
  /** Tokens to start with; otherwise the storage's tokens, otherwise none. */
  tokens?: Tokens;
  /** Where tokens are kept; default `memoryStorage()`. */
  storage?: TokenStorage;
  /** Server origin; normally left out and set by `createClient`. An explicit value wins over the client's. */
  baseUrl?: string;
  /** `fetch` for the token endpoint; normally left out and set by `createClient`. */
  fetch?: FetchLike;
  /**
   * A registered redirect URI of the client for the flows that stay on the page (direct and silent login).
   * Default in browsers: `${location.origin}/auth/callback`.
   */
  redirectUri?: string;
}

/** The OAuth strategy of visitors and members (DESIGN §6), with the platform's method names. */
export interface OAuthStrategy extends AuthStrategy {
  readonly clientId: string;
  /**
   * Called by `createClient`: where token requests go. Explicit `baseUrl`/`fetch` options win.
   * @example auth.bind({ baseUrl: 'https://shop.example.com', fetch });
   */
  bind(env: AuthEnv): void;
  /**
   * The token endpoint's environment plus the client id, for add-on flows.
   * @example const { baseUrl, fetch, clientId } = auth.getContext();
   */
  getContext(): AuthEnv & { clientId: string };
  /**
   * `Authorization: Bearer <access token>`, getting or renewing tokens first when needed.
   * @example const headers = await auth.getAuthHeaders(); // { Authorization: 'Bearer eyJ...' }
   */
  getAuthHeaders(): Promise<Record<string, string>>;
  /**
   * Called by the client after a 401 to a request sent with `sent`: renews the access token once (unless another call
   * already did) and answers true when the request should be sent again.
   * @example if (res.status === 401 && (await auth.onUnauthorized(sentHeaders))) retry();
   */
  onUnauthorized(sent: Record<string, string>): Promise<boolean>;
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
   * Calls `listener` with the new tokens whenever they change: login, logout, renewal, or another tab's change.
   * Returns a function that removes the listener.
   * @example const stop = auth.onTokensChange(() => render(auth.loggedIn()));
   */
  onTokensChange(listener: (tokens: Tokens) => void): () => void;
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
  /**
   * The last state of the login state machine (`INITIAL` at first and after `logout`).
   * @example if (auth.getLoginState().loginState === 'EMAIL_VERIFICATION_REQUIRED') showCodeInput();
   */
  getLoginState(): LoginStateResult;

  /**
   * PKCE data for the hosted login: a 43-character verifier, its S256 challenge and a random state. Keep it until the
   * user comes back (the page reloads in between).
   * @example
   * const data = await auth.generateOAuthData(`${location.origin}/auth/callback`, location.href);
   * sessionStorage.setItem('plaza.oauth', JSON.stringify(data));
   */
  generateOAuthData(redirectUri: string, originalUri?: string): Promise<OAuthData>;
  /**
   * The hosted login page's URL for `oauthData` (a redirect session). `prompt` defaults to `login`, `responseMode`
   * to `fragment`.
   * @example
   * const { authUrl } = await auth.getAuthUrl(data, { prompt: 'login' });
   * location.href = authUrl;
   */
  getAuthUrl(oauthData: OAuthData, options?: AuthUrlOptions): Promise<{ authUrl: string }>;
  /**
   * Reads `code` and `state` from the URL the server returned to (default: the current page), in its fragment
   * (default) or query. A missing code or state throws `Missing code or _state`; an `error` parameter throws it.
   * @example const { code, state } = auth.parseFromUrl();
   */
  parseFromUrl(url?: string, responseMode?: 'fragment' | 'query'): { code: string; state: string };
  /**
   * Exchanges an authorization code for member tokens, which become current. A `state` other than
   * `oauthData.state` throws `Invalid _state`.
   * @example
   * const { code, state } = auth.parseFromUrl();
   * await auth.getMemberTokens(code, state, JSON.parse(sessionStorage.getItem('plaza.oauth')!));
   */
  getMemberTokens(code: string, state: string, oauthData: OAuthData): Promise<Tokens>;
  /**
   * The direct login: turns a `sessionToken` (from login or register) into member tokens, which become current.
   * In browsers it runs in a hidden iframe (`web_message`); elsewhere it reads the redirect with `redirect: 'manual'`.
   * @example await auth.getMemberTokensForDirectLogin(sessionToken);
   */
  getMemberTokensForDirectLogin(sessionToken: string, options?: { redirectUri?: string }): Promise<Tokens>;
  /**
   * Logs in with e-mail and password. On `SUCCESS` the member tokens are set; see {@link LoginStateResult}
   * for the other states and the error codes.
   * @example
   * const result = await auth.login({ email, password });
   * if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED') showCodeInput();
   */
  login(params: LoginParams): Promise<LoginStateResult>;
  /**
   * Creates an account. On `SUCCESS` (no verification or approval needed) the member tokens are set.
   * @example const result = await auth.register({ email, password, profile: { nickname: 'Ada' } });
   */
  register(params: RegisterParams): Promise<LoginStateResult>;
  /**
   * Sends the e-mailed code while the state is `EMAIL_VERIFICATION_REQUIRED` (otherwise throws `Unknown _state`).
   * On `SUCCESS` the member tokens are set; a wrong code keeps the state and sets `error` and `errorCode`.
   * @example const result = await auth.processVerification({ verificationCode: '123456' });
   */
  processVerification(params: { verificationCode: string }): Promise<LoginStateResult>;
  /**
   * Mails a new code for the current `EMAIL_VERIFICATION_REQUIRED` state (otherwise throws `Unknown _state`).
   * @example await auth.resendVerificationCode();
   */
  resendVerificationCode(): Promise<void>;
  /**
   * Passes the second factor while the state is `MFA_REQUIRED` (otherwise throws `Unknown _state`): `factorType` is
   * one of `data.requiredFactors`, `code` the authenticator app's (TOTP), the mailed one (EMAIL) or a recovery code
   * the member saved (RECOVERY_CODE, single use). On `SUCCESS` the member tokens are set; a wrong code keeps the state
   * and sets `error` and `errorCode` (`BAD_CODE`, or `NOT_FOUND` once the login has expired or had 5 wrong codes: log
   * in again).
   * @example
   * const result = await auth.verifyFactor({ factorType: 'TOTP', code: '123456', rememberThisDevice: true });
   */
  verifyFactor(params: VerifyFactorParams): Promise<LoginStateResult>;
  /**
   * Mails a code for the EMAIL factor of the current `MFA_REQUIRED` state (otherwise throws `Unknown _state`); at
   * most one every 30 s.
   * @example
   * await auth.sendFactorCode();
   * const result = await auth.verifyFactor({ factorType: 'EMAIL', code: codeFromMail });
   */
  sendFactorCode(): Promise<void>;
  /**
   * Mails a password-recovery link; `redirectUri` is where the link's page returns after the new password is set.
   * The answer is the same whether or not the address has an account.
   * @example await auth.sendPasswordResetEmail(email, `${location.origin}/login`);
   */
  sendPasswordResetEmail(email: string, redirectUri: string): Promise<void>;
  /**
   * Logs in without a page change when the browser still has a sign-in session: a hidden iframe with
   * `prompt=none` and `web_message`. Throws `login_required` at once without a session, and `OAuth flow timed out`
   * after 120000 ms. Browsers only.
   * @example await auth.silentLogin().catch(() => undefined); // stay a visitor
   */
  silentLogin(options?: { redirectUri?: string; timeoutMs?: number }): Promise<Tokens>;
  /**
   * Clears both tokens and returns the URL that ends the browser's sign-in session and comes back to `originalUrl`
   * (a registered redirect URI or a page on an allowed origin).
   * @example
   * const { logoutUrl } = await auth.logout(location.origin);
   * location.href = logoutUrl;
   */
  logout(originalUrl: string): Promise<{ logoutUrl: string }>;
  /**
   * Loads the site's captcha settings once; afterwards `captchaVisibleSiteKey` and `captchaInvisibleSiteKey` are set.
   * Login and register load them by themselves before they answer with a captcha state.
   * @example const { captchaVisibleSiteKey } = await auth.loadCaptchaSettings();
   */
  loadCaptchaSettings(): Promise<CaptchaSettings>;
  /**
   * The visible captcha's site key, once the captcha settings are loaded (else `undefined`).
   * @example widget.setAttribute('sitekey', auth.captchaVisibleSiteKey ?? '');
   */
  readonly captchaVisibleSiteKey: string | undefined;
  /**
   * The invisible captcha's site key, once the captcha settings are loaded (else `undefined`).
   * @example if (auth.captchaInvisibleSiteKey) solveInvisibly(auth.captchaInvisibleSiteKey);
   */
  readonly captchaInvisibleSiteKey: string | undefined;
}

/**
 * Authenticates visitors and members with OAuth tokens.
 * It starts with no tokens (role `none`) and gets a visitor token on first use. An expired access token is renewed
 * once for all parallel calls (single flight; across tabs too with a shared storage such as `localStorageAdapter`);
 * a refused refresh falls back to a new visitor token, while network and server errors are retried (3 tries) and then
 * thrown, keeping the session. The member sign-in methods load their code on first use (`import()`), so a visitor-only
 * page does not download it.
 *
 * @example
 * const auth = OAuthStrategy({ clientId: 'plaza-web', storage: localStorageAdapter() });
 * const client = createClient({ baseUrl: '', auth, modules: { site } });
 * await client.site.getSite(); // a visitor token is fetched first
 */
export function OAuthStrategy(options: OAuthStrategyOptions): OAuthStrategy {
  const { clientId } = options;
  const box: MemberBox = {
    kit: signInKit,
    state: { loginState: 'INITIAL', data: {} },
    redirectUri: options.redirectUri,
  };
  /**
   * A member sign-in method: its code is loaded on first use, then called with this strategy. Three files, so a shop
   * that signs in on the hosted page (redirect-login.ts) loads neither the iframe flows (frame-login.ts) nor the
   * password forms (member-login.ts).
   */
  const lazy =
    <K extends keyof MemberModule>(name: K, load: () => Promise<Partial<MemberModule>>) =>
    async (...args: Rest<Parameters<MemberModule[K]>>): Promise<Awaited<ReturnType<MemberModule[K]>>> =>
      // @ts-expect-error -- TS can't spread a generic rest into a union of signatures; the types above are exact.
      (await load())[name](self, box, ...args);
  const redirect = () => import('./redirect-login.js');
  const frame = () => import('./frame-login.js');
  const password = () => import('./member-login.js');

  const self: OAuthStrategy = {
    clientId,
    ...tokenSession(options),
    getLoginState: () => box.state,
    generateOAuthData: lazy('oauthData', redirect),
    getAuthUrl: lazy('getAuthUrl', redirect),
    parseFromUrl,
    getMemberTokens: lazy('getMemberTokens', redirect),
    getMemberTokensForDirectLogin: lazy('directLogin', frame),
    login: lazy('login', password),
    register: lazy('register', password),
    processVerification: lazy('processVerification', password),
    resendVerificationCode: lazy('resendVerificationCode', password),
    verifyFactor: lazy('verifyFactor', password),
    sendFactorCode: lazy('sendFactorCode', password),
    sendPasswordResetEmail: lazy('sendPasswordResetEmail', password),
    silentLogin: lazy('silentLogin', frame),
    logout: lazy('logout', redirect),
    loadCaptchaSettings: lazy('loadCaptchaSettings', password),
    get captchaVisibleSiteKey() {
      return box.captcha?.captchaVisibleSiteKey;
    },
    get captchaInvisibleSiteKey() {
      return box.captcha?.captchaInvisibleSiteKey;
    },
  };
  return self;
}
