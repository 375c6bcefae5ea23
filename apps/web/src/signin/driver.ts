import type { UseAuth } from '@plaza/react';
import { isPlazaError, type CaptchaTokens, type LoginStateResult } from '@plaza/sdk';
import type { PlazaClient } from '../plaza.js';

/** What one step of signing in led to; the screens follow it. */
export type Outcome =
  /** Signed in: tokens are set (app pages) or the browser is on its way back to the app that asked (hosted page). */
  | { step: 'done' }
  /** Enter the code mailed to the address. `error` when a code was refused. */
  | { step: 'code'; error?: string | undefined }
  /** The account exists but the site owner must approve it first. */
  | { step: 'approval' }
  /** Send the request again with a captcha proof: solved quietly (invisible) or by the person (visible). */
  | { step: 'captcha'; variant: 'visible' | 'invisible'; error?: string | undefined }
  | { step: 'failed'; error: string; errorCode?: string | undefined; retryAfter?: number | undefined };

export interface Credentials {
  email: string;
  password: string;
  captchaTokens?: CaptchaTokens;
}

/** The sign-in calls a screen makes; the app pages and the hosted page finish a successful sign-in differently. */
export interface SignInDriver {
  login(c: Credentials): Promise<Outcome>;
  register(c: Credentials & { profile?: Record<string, unknown> }): Promise<Outcome>;
  verify(code: string): Promise<Outcome>;
  resend(): Promise<void>;
}

/** The SDK's login state machine, as outcomes. */
export function outcomeOf(r: LoginStateResult): Outcome {
  switch (r.loginState) {
    case 'SUCCESS':
      return { step: 'done' };
    case 'EMAIL_VERIFICATION_REQUIRED':
      return { step: 'code', error: r.error };
    case 'OWNER_APPROVAL_REQUIRED':
      return { step: 'approval' };
    case 'USER_CAPTCHA_REQUIRED':
      return {
        step: 'captcha',
        variant: 'visible',
        error: r.errorCode === 'invalidCaptchaToken' ? r.error : undefined,
      };
    case 'SILENT_CAPTCHA_REQUIRED':
      return { step: 'captcha', variant: 'invisible' };
    default:
      return {
        step: 'failed',
        error: r.error ?? 'Signing in failed.',
        errorCode: r.errorCode,
        retryAfter: r.retryAfter,
      };
  }
}

/**
 * The app's own pages: `useAuth()`'s `login`, `register` and `verify` (the SDK's state machine). On SUCCESS the SDK
 * has already finished the direct login (member tokens set, and the browser's sign-in cookie for later silent logins).
 */
export function sdkDriver(client: PlazaClient, auth: Pick<UseAuth, 'login' | 'register' | 'verify'>): SignInDriver {
  return {
    login: async (c) => outcomeOf(await auth.login(c)),
    register: async (c) => outcomeOf(await auth.register(c)),
    verify: async (code) => outcomeOf(await auth.verify(code)),
    resend: () => client.auth.resendVerificationCode(),
  };
}

interface LoginAnswer {
  state: string;
  sessionToken?: string;
  stateToken?: string;
}

const captchaWire = ({ visible, invisible }: CaptchaTokens = {}) =>
  visible || invisible ? [visible ? { Recaptcha: visible } : { InvisibleRecaptcha: invisible! }] : undefined;

const CODES: Record<string, string> = {
  '-19976': 'invalidPassword',
  '-19973': 'resetPassword',
  '-19995': 'emailAlreadyExists',
  '-19971': 'missingCaptchaToken',
  '-19970': 'invalidCaptchaToken',
};

/**
 * Maps a refused sign-in call to an outcome, like the SDK does (SPEC §8). Network errors and 5xx are not outcomes:
 * they are thrown, and the screen shows them with their request id.
 */
export function outcomeOfError(e: unknown, sentCaptcha: boolean): Outcome {
  if (!isPlazaError(e) || e.status >= 500 || e.status < 400) throw e;
  const app = e.details.applicationError;
  const data = (app?.data ?? {}) as { retryAfter?: unknown; retryAfterSeconds?: unknown };
  if (e.status === 429) {
    const retryAfter = Number(data.retryAfterSeconds ?? data.retryAfter);
    return {
      step: 'failed',
      error: e.message,
      errorCode: 'tooManyAttempts',
      retryAfter: retryAfter >= 0 ? retryAfter : undefined,
    };
  }
  const errorCode = CODES[String(app?.code)];
  if (errorCode === 'missingCaptchaToken') return { step: 'captcha', variant: sentCaptcha ? 'visible' : 'invisible' };
  if (errorCode === 'invalidCaptchaToken') return { step: 'captcha', variant: 'visible', error: e.message };
  const email = e.details.validationError?.fieldViolations?.find((v) => /email/i.test(v.field));
  if (email) return { step: 'failed', error: email.description, errorCode: 'invalidEmail' };
  return { step: 'failed', error: e.message, errorCode: errorCode ?? app?.code };
}

/**
 * The hosted login page: the same calls without the SDK's direct login, because the session token must continue the
 * authorization request that brought the person here (perhaps another app's). `finish` receives it.
 */
export function hostedDriver(client: PlazaClient, finish: (sessionToken: string) => void): SignInDriver {
  let stateToken: string | undefined;
  const post = async (path: string, body: Record<string, unknown>, sentCaptcha: boolean): Promise<Outcome> => {
    let res: LoginAnswer;
    try {
      res = await client.fetch<LoginAnswer>(path, { method: 'POST', body });
    } catch (e) {
      const out = outcomeOfError(e, sentCaptcha);
      // A refused code keeps the code screen.
      return path.endsWith('/auth/verify') && out.step === 'failed' ? { step: 'code', error: out.error } : out;
    }
    if (res.state === 'SUCCESS' && res.sessionToken) {
      finish(res.sessionToken);
      return { step: 'done' };
    }
    if (res.state === 'REQUIRE_EMAIL_VERIFICATION' && res.stateToken) {
      stateToken = res.stateToken;
      return { step: 'code' };
    }
    if (res.state === 'REQUIRE_OWNER_APPROVAL') return { step: 'approval' };
    return { step: 'failed', error: `This account can't sign in right now (${res.state}).` };
  };
  const needState = () => {
    if (!stateToken) throw new Error('Start again: there is no code to check.');
    return stateToken;
  };
  return {
    login: (c) =>
      post(
        '/identity/v2/login',
        { loginId: { email: c.email }, password: c.password, captchaTokens: captchaWire(c.captchaTokens) },
        !!c.captchaTokens,
      ),
    register: (c) =>
      post(
        '/identity/v2/register',
        {
          loginId: { email: c.email },
          password: c.password,
          profile: c.profile,
          captchaTokens: captchaWire(c.captchaTokens),
        },
        !!c.captchaTokens,
      ),
    verify: (code) => post('/identity/v1/auth/verify', { code, stateToken: needState() }, false),
    resend: async () => {
      await client.fetch('/identity/v1/auth/resend', { method: 'POST', body: { stateToken: needState() } });
    },
  };
}

/** Words for a failed outcome, by its error code; the server's message otherwise. */
export function describeFailure(out: Extract<Outcome, { step: 'failed' }>, mode: 'login' | 'signup'): string {
  switch (out.errorCode) {
    case 'invalidPassword':
      return 'The e-mail or the password is wrong.';
    case 'resetPassword':
      return 'You need to set a new password before you can log in.';
    case 'emailAlreadyExists':
      return 'An account with this e-mail already exists.';
    case 'invalidEmail':
      // The SDK files every other refused login here too (a blocked account, say): the server's words say which.
      return out.error || (mode === 'login' ? 'The e-mail or the password is wrong.' : 'Enter a valid e-mail address.');
    case 'tooManyAttempts':
      return out.retryAfter
        ? `Too many attempts. Try again in ${formatWait(out.retryAfter)}.`
        : 'Too many attempts. Wait a moment and try again.';
    default:
      return out.error;
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)} second${Math.ceil(seconds) === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
