import { call, type UseAuth } from '@plaza/react';
import { isPlazaError, type CaptchaTokens, type LoginStateResult } from '@plaza/sdk';
import type { IdentityProfile } from '@plaza/contracts';
import { login, register, resendCode, sendFactorCode, verifyEmail, verifyFactor } from '@plaza/sdk/identity';
import type { PlazaClient } from '../plaza.js';

/** The second factors a login can ask for. */
export type Factor = 'TOTP' | 'EMAIL' | 'RECOVERY_CODE';
const isFactor = (f: string): f is Factor => f === 'TOTP' || f === 'EMAIL' || f === 'RECOVERY_CODE';

/** What one step of signing in led to; the screens follow it. */
export type Outcome =
  /** Signed in: tokens are set (app pages) or the browser is on its way back to the app that asked (hosted page). */
  | { step: 'done' }
  /** Enter the code mailed to the address. `error` when a code was refused. */
  | { step: 'code'; error?: string | undefined }
  /** The password was right; a second factor is due (an authenticator code, or one mailed on request). */
  | { step: 'mfa'; factors: Factor[]; error?: string | undefined }
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
  register(c: Credentials & { profile?: IdentityProfile }): Promise<Outcome>;
  /** The e-mailed code of an e-mail verification. */
  verify(code: string): Promise<Outcome>;
  resend(): Promise<void>;
  /** The second factor of a login. */
  verifyFactor(factor: Factor, code: string, rememberThisDevice: boolean): Promise<Outcome>;
  /** Mails a code for the EMAIL factor. */
  sendFactorCode(): Promise<void>;
}

interface LoginAnswer {
  state: string;
  sessionToken?: string;
  stateToken?: string;
  additionalData?: { requiredFactors?: Factor[] };
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
  const attemptsLeft = (app?.data as { attemptsLeft?: unknown } | undefined)?.attemptsLeft;
  const tries =
    typeof attemptsLeft === 'number' ? ` ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.` : '';
  const error = tries ? `${e.message.replace(/\.$/, '')}.${tries}` : e.message;
  return { step: 'failed', error, errorCode: errorCode ?? app?.code };
}

/**
 * The identity calls without the SDK's state machine: every answer (SUCCESS, a code to enter, approval, a second
 * factor) becomes an outcome, and a session token goes to `finish`.
 */
function rawMachine(client: PlazaClient, finish: (sessionToken: string) => void | Promise<void>) {
  let stateToken: string | undefined;
  /** What the current state token is for. */
  let waitingFor: 'code' | 'mfa' | undefined;

  const answer = async (res: LoginAnswer): Promise<Outcome> => {
    if (res.state === 'SUCCESS' && res.sessionToken) {
      await finish(res.sessionToken);
      return { step: 'done' };
    }
    if (res.state === 'REQUIRE_OWNER_APPROVAL') return { step: 'approval' };
    if (res.state === 'REQUIRE_EMAIL_VERIFICATION' && res.stateToken) {
      [stateToken, waitingFor] = [res.stateToken, 'code'];
      return { step: 'code' };
    }
    if (res.state === 'STATUS_CHECK' && res.stateToken) {
      [stateToken, waitingFor] = [res.stateToken, 'mfa'];
      const factors = res.additionalData?.requiredFactors?.filter(isFactor);
      return { step: 'mfa', factors: factors?.length ? factors : ['TOTP'] };
    }
    return { step: 'failed', error: `This account can't sign in right now (${res.state}).` };
  };

  /** `firstStep`: a login or register, which no state token continues. */
  const post = async (send: () => Promise<LoginAnswer>, firstStep = false, sentCaptcha = false): Promise<Outcome> => {
    let res: LoginAnswer;
    try {
      res = await send();
    } catch (e) {
      const out = outcomeOfError(e, sentCaptcha);
      if (out.step !== 'failed' || firstStep || !waitingFor) return out;
      if (out.errorCode === 'NOT_FOUND') {
        // Expired, or too many wrong codes: the sign-in starts over.
        waitingFor = undefined;
        return { step: 'failed', error: 'This sign-in has expired. Log in again.', errorCode: 'expired' };
      }
      // A refused code keeps its screen.
      return waitingFor === 'code'
        ? { step: 'code', error: out.error }
        : { step: 'mfa', factors: [], error: out.error };
    }
    return answer(res);
  };

  const need = (what: 'code' | 'mfa') => {
    if (!stateToken || waitingFor !== what) throw new Error('This sign-in has expired. Start again.');
    return stateToken;
  };

  return {
    /** Continues from a state token that came from elsewhere (the SDK's login). */
    adopt(token: string, what: 'code' | 'mfa') {
      [stateToken, waitingFor] = [token, what];
    },
    waitingFor: () => waitingFor,
    login: (c: Credentials) =>
      post(
        () =>
          call(client, login, {
            loginId: { email: c.email },
            password: c.password,
            captchaTokens: captchaWire(c.captchaTokens),
          }),
        true,
        !!c.captchaTokens,
      ),
    register: (c: Credentials & { profile?: IdentityProfile }) =>
      post(
        () =>
          call(client, register, {
            loginId: { email: c.email },
            password: c.password,
            profile: c.profile,
            captchaTokens: captchaWire(c.captchaTokens),
          }),
        true,
        !!c.captchaTokens,
      ),
    verify: (code: string) => post(() => call(client, verifyEmail, { code, stateToken: need('code') })),
    resend: async () => {
      await call(client, resendCode, { stateToken: need('code') });
    },
    verifyFactor: (factor: Factor, code: string, rememberThisDevice: boolean) =>
      post(() => call(client, verifyFactor, factor, { stateToken: need('mfa'), code, rememberThisDevice })),
    sendFactorCode: async () => {
      await call(client, sendFactorCode, { stateToken: need('mfa') });
    },
  };
}

/**
 * The hosted login page: the identity calls without the SDK's direct login, because the session token must continue
 * the authorization request that brought the person here (perhaps another app's). `finish` receives it.
 */
export function hostedDriver(client: PlazaClient, finish: (sessionToken: string) => void): SignInDriver {
  return rawMachine(client, finish);
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
 * A login that needs a second factor answers STATUS_CHECK, which the SDK reports as a FAILURE that keeps its state
 * token: the second step then goes through the identity calls, and its session token through the SDK's direct login.
 */
export function sdkDriver(client: PlazaClient, auth: Pick<UseAuth, 'login' | 'register' | 'verify'>): SignInDriver {
  const raw = rawMachine(client, async (sessionToken) => {
    await client.auth.getMemberTokensForDirectLogin(sessionToken);
  });
  const fromSdk = (r: LoginStateResult): Outcome => {
    // The SDK answers MFA_REQUIRED for a second factor (before it had that state: a FAILURE keeping its state token).
    if ((r.loginState === 'MFA_REQUIRED' || r.loginState === 'FAILURE') && r.data.stateToken) {
      raw.adopt(r.data.stateToken, 'mfa');
      const factors = r.data.requiredFactors?.filter(isFactor);
      // Without a list, EMAIL is offered with TOTP (the server's fallback whenever an authenticator app is on).
      return { step: 'mfa', factors: factors?.length ? factors : ['TOTP', 'EMAIL'] };
    }
    return outcomeOf(r);
  };
  return {
    login: async (c) => fromSdk(await auth.login(c)),
    register: async (c) => fromSdk(await auth.register(c)),
    // After a second factor the identity calls carry on (should the site then want the e-mail verified).
    verify: async (code) => (raw.waitingFor() === 'code' ? raw.verify(code) : outcomeOf(await auth.verify(code))),
    resend: () => (raw.waitingFor() === 'code' ? raw.resend() : client.auth.resendVerificationCode()),
    verifyFactor: raw.verifyFactor,
    sendFactorCode: raw.sendFactorCode,
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
