import type { CaptchaSettings, Identity, IdentityProfile, LoginResponse, SupportedFactorType } from '@plaza/contracts';
import type { PlazaError } from '../core/errors.js';
import type { SignInKit } from './sign-in-kit.js';

export type { CaptchaSettings, Identity, IdentityProfile };
/** A second factor a login may ask for (`MFA_REQUIRED`). */
export type FactorType = SupportedFactorType;

/** The states of the login state machine (SPEC §4), plus Plaza's `MFA_REQUIRED`. */
export type LoginState =
  | 'INITIAL'
  | 'SUCCESS'
  | 'FAILURE'
  | 'EMAIL_VERIFICATION_REQUIRED'
  | 'OWNER_APPROVAL_REQUIRED'
  | 'USER_CAPTCHA_REQUIRED'
  | 'SILENT_CAPTCHA_REQUIRED'
  | 'MFA_REQUIRED';

/** The `errorCode`s of the register and login catalogues (SPEC §8), plus `tooManyAttempts` for the login delay's 429. */
export type LoginErrorCode =
  | 'invalidEmail'
  | 'missingCaptchaToken'
  | 'emailAlreadyExists'
  | 'invalidCaptchaToken'
  | 'invalidPassword'
  | 'resetPassword'
  | 'tooManyAttempts';

/** The identity a login, register or verify answer names (the server's `identity`). */
export type LoginIdentity = Identity;

/**
 * One state of the login state machine: what `login`, `register` and `processVerification` return.
 * - `SUCCESS`: the member tokens are set (`auth.loggedIn()` is true).
 * - `EMAIL_VERIFICATION_REQUIRED`: call `processVerification({ verificationCode })` with the mailed code.
 * - `OWNER_APPROVAL_REQUIRED`: the site owner must approve the account first.
 * - `MFA_REQUIRED` (a Plaza extension): the password was right; pass one of `data.requiredFactors` with
 *   `verifyFactor({ factorType, code })` (for EMAIL, `sendFactorCode()` mails the code first).
 * - `USER_CAPTCHA_REQUIRED` / `SILENT_CAPTCHA_REQUIRED`: repeat the call with a visible / invisible captcha token.
 * - `FAILURE`: `error` (a message for people) and, for catalogued failures, `errorCode`.
 */
export interface LoginStateResult {
  loginState: LoginState;
  data: { stateToken?: string; identity?: LoginIdentity; requiredFactors?: FactorType[] };
  /** Why the attempt failed (also set on a captcha state, and on a rejected verification code). */
  error?: string;
  errorCode?: LoginErrorCode | (string & {});
  /** Seconds to wait before the next attempt, with `tooManyAttempts`. */
  retryAfter?: number;
}

/**
 * Captcha tokens for `login` and `register`: from the visible widget (the person solved it) or the invisible one.
 * Send what `USER_CAPTCHA_REQUIRED` (visible) or `SILENT_CAPTCHA_REQUIRED` (invisible) asked for.
 */
export interface CaptchaTokens {
  visible?: string;
  invisible?: string;
}

/** What `login` takes. */
export interface LoginParams {
  email: string;
  password: string;
  captchaTokens?: CaptchaTokens;
}

/** What `register` takes: `profile` is the new identity's profile (names, nickname, picture, custom fields, …). */
export interface RegisterParams extends LoginParams {
  profile?: IdentityProfile;
}

/** What an `OAuthStrategy` keeps for its member sign-in functions (internal). */
export interface MemberBox {
  /** What the lazily loaded sign-in files use of the shared code (see `SignInKit`). */
  kit: SignInKit;
  state: LoginStateResult;
  redirectUri?: string | undefined;
  captcha?: CaptchaSettings;
  captchaLoading?: Promise<CaptchaSettings> | undefined;
}

/** The server's answer to register, login and verify. */
export type LoginResponseBody = LoginResponse;

const CAPTCHA: Record<string, LoginErrorCode> = { '-19971': 'missingCaptchaToken', '-19970': 'invalidCaptchaToken' };
const CODES = {
  register: { ...CAPTCHA, '-19995': 'emailAlreadyExists' },
  login: { ...CAPTCHA, '-19976': 'invalidPassword', '-19973': 'resetPassword' },
} as Record<'register' | 'login', Record<string, LoginErrorCode>>;

/**
 * The state of a successful register/login/verify answer (before any direct login). `STATUS_CHECK` with
 * `additionalData.requiredFactors` is `MFA_REQUIRED`; other `STATUS_CHECK`s and states this SDK does not know become
 * `FAILURE`, keeping the `stateToken`.
 *
 * @example
 * stateFromResponse({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st' }); // { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'st' } }
 */
export function stateFromResponse(res: LoginResponseBody): LoginStateResult {
  const requiredFactors = res.additionalData?.requiredFactors;
  const data = { stateToken: res.stateToken, identity: res.identity, ...(requiredFactors && { requiredFactors }) };
  const loginState = (
    {
      SUCCESS: 'SUCCESS',
      REQUIRE_EMAIL_VERIFICATION: 'EMAIL_VERIFICATION_REQUIRED',
      REQUIRE_OWNER_APPROVAL: 'OWNER_APPROVAL_REQUIRED',
      STATUS_CHECK: requiredFactors && 'MFA_REQUIRED',
    } as Record<string, LoginState>
  )[res.state];
  return loginState
    ? { loginState, data }
    : { loginState: 'FAILURE', data, error: `Unsupported login state ${res.state}` };
}

/**
 * True for the errors that are an answer to the person (a 4xx `PlazaError`); network errors and 5xx are not.
 *
 * @example
 * catch (e) { if (!isLoginOutcome(box.kit, e)) throw e; }
 */
export function isLoginOutcome(kit: Pick<SignInKit, 'isPlazaError'>, e: unknown): e is PlazaError {
  return kit.isPlazaError(e) && e.status >= 400 && e.status < 500;
}

/**
 * Maps a register (`kind: 'register'`) or login error, a 4xx `PlazaError`, to its state (SPEC §8).
 * Register: an e-mail field violation → `invalidEmail` with the server's description; -19971 → `missingCaptchaToken`;
 * -19995 → `emailAlreadyExists`; -19970 → `invalidCaptchaToken`; anything else is a `FAILURE` with the server's message.
 * Login: -19971, -19970, -19976 (`invalidPassword`), -19973 (`resetPassword`); any other 4xx → `invalidEmail`.
 * Captcha errors come as `USER_CAPTCHA_REQUIRED`, or `SILENT_CAPTCHA_REQUIRED` when `silentCaptcha` is true (a missing
 * token while the site offers an invisible captcha). A 429 is `tooManyAttempts` with `retryAfter`. Network errors and
 * 5xx are not login outcomes: the caller throws them (`isLoginOutcome`).
 *
 * @example
 * catch (e) { if (!isLoginOutcome(kit, e)) throw e; return stateFromError(e, 'login', false); }
 */
export function stateFromError(e: PlazaError, kind: 'register' | 'login', silentCaptcha: boolean): LoginStateResult {
  const data = {};
  if (e.status === 429) {
    const data429 = e.details.applicationError?.data as { retryAfterSeconds?: unknown } | undefined;
    const retryAfter = Number(data429?.retryAfterSeconds);
    return {
      loginState: 'FAILURE',
      data,
      error: e.message,
      errorCode: 'tooManyAttempts',
      ...(retryAfter >= 0 ? { retryAfter } : {}),
    };
  }
  const emailViolation = e.details.validationError?.fieldViolations?.find(
    (v) => /^loginId(\.email)?$/.test(v.field) || (v.data as { type?: unknown } | undefined)?.type === 'EMAIL',
  );
  const raw = String(e.details.applicationError?.code);
  const code = CODES[kind][raw];
  const error = e.message;
  if (kind === 'register') {
    if (emailViolation)
      return { loginState: 'FAILURE', data, error: emailViolation.description, errorCode: 'invalidEmail' };
    if (!code) return { loginState: 'FAILURE', data, error };
  }
  const errorCode = code ?? 'invalidEmail';
  if (CAPTCHA[raw]) {
    const silent = silentCaptcha && raw === '-19971';
    return { loginState: silent ? 'SILENT_CAPTCHA_REQUIRED' : 'USER_CAPTCHA_REQUIRED', data, error, errorCode };
  }
  return { loginState: 'FAILURE', data, error: emailViolation?.description ?? error, errorCode };
}
