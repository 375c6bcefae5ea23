/**
 * The password sign-in flows of `OAuthStrategy` (login, register, e-mail verification, second factor, password reset).
 * The strategy loads this file on first use (`import()`), so pages that only ever act as a visitor, or sign members in
 * on the hosted page (redirect-login.ts), do not carry it. Call these through the strategy (`auth.login(...)`).
 */
import {
  isLoginOutcome,
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
import { directLogin } from './frame-login.js';
import { call } from './redirect-login.js';

/** See `OAuthStrategy.loadCaptchaSettings`: loaded once per strategy; a failed load is tried again next time. */
export function loadCaptchaSettings(auth: OAuthStrategy, box: MemberBox): Promise<CaptchaSettings> {
  box.captchaLoading ??= call<CaptchaSettings>(auth, box, '/identity/v1/captcha/settings').then(
    (settings) => (box.captcha = settings),
    (e: unknown) => {
      box.captchaLoading = undefined;
      throw e;
    },
  );
  return box.captchaLoading;
}

/** The wire form of captcha tokens. */
function captchaWire({ visible, invisible }: CaptchaTokens = {}) {
  return visible || invisible
    ? [visible && { Recaptcha: visible }, invisible && { InvisibleRecaptcha: invisible }].filter(Boolean)
    : undefined;
}

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
    res = await call(auth, box, path, body);
  } catch (e) {
    if (!isLoginOutcome(box.kit, e)) throw e;
    if (kind === 'verify') {
      const errorCode = e.details.applicationError?.code;
      return (box.state = { ...box.state, error: e.message, ...(errorCode ? { errorCode } : {}) });
    }
    const code = String(e.details.applicationError?.code);
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
function stateToken(box: MemberBox, expected = 'EMAIL_VERIFICATION_REQUIRED') {
  const s = box.state;
  if (s.loginState !== expected || !s.data.stateToken) throw new Error('Unknown _state');
  return s.data.stateToken;
}

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
  await call(auth, box, '/identity/v1/auth/resend', { stateToken: stateToken(box) });
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
  await call(auth, box, '/identity/v1/mfa/email/send', { stateToken: stateToken(box, 'MFA_REQUIRED') });
}

/** See `OAuthStrategy.sendPasswordResetEmail`. */
export async function sendPasswordResetEmail(
  auth: OAuthStrategy,
  box: MemberBox,
  email: string,
  redirectUri: string,
): Promise<void> {
  await call(auth, box, '/identity/v1/send-email', { email, redirect: redirectUri });
}
