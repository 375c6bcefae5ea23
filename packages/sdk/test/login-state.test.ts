/**
 * The login state machine's mapping (SPEC §8): server answers and error bodies shaped as the server sends them
 * (`{ message, details }` through `errorFromResponse`, as the SDK receives them).
 */
import { describe, expect, it } from 'vitest';
import { isLoginOutcome, stateFromError, stateFromResponse } from '../src/auth/login-state.js';
import { errorFromResponse, isPlazaError, PlazaError } from '../src/core/errors.js';

/** Only what the mapping passes through: the rest of an identity plays no part here. */
const identity = { id: '0190a1b2-0000-7000-8000-000000000001', status: 'PENDING' } as unknown as Parameters<
  typeof stateFromResponse
>[0]['identity'];

/** The PlazaError the SDK makes of this answer. */
const answer = (status: number, body: unknown) =>
  errorFromResponse(new Response(JSON.stringify(body), { status, headers: { 'x-request-id': 'r1' } }));
const appError = (status: number, code: string, message: string, data?: Record<string, unknown>) =>
  answer(status, { message, details: { applicationError: { code, description: message, ...(data ? { data } : {}) } } });
const badEmail = () =>
  answer(400, {
    message: 'loginId.email must be an e-mail address',
    details: {
      validationError: {
        fieldViolations: [
          {
            field: 'loginId.email',
            description: 'loginId.email must be an e-mail address',
            violatedRule: 'FORMAT',
            data: { type: 'EMAIL' },
          },
        ],
      },
    },
  });

/** The FAILURE state the mapping makes of `error` (the server's message), with its `errorCode` when it has one. */
const failed = (error: string, errorCode?: string) => ({
  loginState: 'FAILURE',
  data: {},
  ...(errorCode ? { errorCode } : {}),
  error,
});

describe('stateFromResponse', () => {
  it('maps the server states to the login states, with stateToken and identity', () => {
    expect(stateFromResponse({ state: 'SUCCESS', sessionToken: 'st_1', identity })).toEqual({
      loginState: 'SUCCESS',
      data: { identity, stateToken: undefined },
    });
    expect(stateFromResponse({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'state-1', identity })).toEqual({
      loginState: 'EMAIL_VERIFICATION_REQUIRED',
      data: { stateToken: 'state-1', identity },
    });
    expect(stateFromResponse({ state: 'REQUIRE_OWNER_APPROVAL', identity }).loginState).toBe('OWNER_APPROVAL_REQUIRED');
  });

  it('maps STATUS_CHECK with requiredFactors to MFA_REQUIRED, keeping the state token and the factors', () => {
    const res = {
      state: 'STATUS_CHECK' as const,
      stateToken: 'vs_1',
      identity,
      additionalData: { requiredFactors: ['TOTP' as const, 'EMAIL' as const] },
    };
    expect(stateFromResponse(res)).toEqual({
      loginState: 'MFA_REQUIRED',
      data: { stateToken: 'vs_1', identity, requiredFactors: ['TOTP', 'EMAIL'] },
    });
  });

  it('makes a FAILURE of STATUS_CHECK without factors and of unknown states', () => {
    expect(stateFromResponse({ state: 'STATUS_CHECK', identity })).toMatchObject({
      loginState: 'FAILURE',
      error: 'Unsupported login state STATUS_CHECK',
      data: { identity },
    });
  });
});

describe('register failures', () => {
  it('an e-mail field violation is invalidEmail with the server description', async () => {
    expect(stateFromError(await badEmail(), 'register', false)).toEqual(
      failed('loginId.email must be an e-mail address', 'invalidEmail'),
    );
  });

  it('-19995 is emailAlreadyExists', async () => {
    const e = await appError(409, '-19995', 'An account with this e-mail already exists');
    expect(stateFromError(e, 'register', false)).toEqual(
      failed('An account with this e-mail already exists', 'emailAlreadyExists'),
    );
  });

  it('-19971 is missingCaptchaToken and -19970 invalidCaptchaToken, in a captcha state', async () => {
    const missing = await appError(400, '-19971', 'A captcha is required');
    expect(stateFromError(missing, 'register', false)).toMatchObject({
      loginState: 'USER_CAPTCHA_REQUIRED',
      errorCode: 'missingCaptchaToken',
      error: 'A captcha is required',
    });
    expect(stateFromError(missing, 'register', true)).toMatchObject({
      loginState: 'SILENT_CAPTCHA_REQUIRED',
      errorCode: 'missingCaptchaToken',
    });
    const invalid = await appError(400, '-19970', 'The captcha is invalid');
    // An invalid token always asks the person: the invisible captcha did not do.
    expect(stateFromError(invalid, 'register', true)).toMatchObject({
      loginState: 'USER_CAPTCHA_REQUIRED',
      errorCode: 'invalidCaptchaToken',
    });
  });

  it('anything else is a FAILURE with the server message and no errorCode', async () => {
    const short = await answer(400, {
      message: 'password must be at least 8 characters',
      details: {
        validationError: {
          fieldViolations: [
            { field: 'password', description: 'password must be at least 8 characters', violatedRule: 'MIN_LENGTH' },
          ],
        },
      },
    });
    expect(stateFromError(short, 'register', false)).toEqual(failed('password must be at least 8 characters'));
    // Login-only codes mean nothing to register.
    const reset = await appError(403, '-19973', 'Reset your password');
    expect(stateFromError(reset, 'register', false)).toEqual(failed('Reset your password'));
  });
});

describe('login failures', () => {
  it('-19976 is invalidPassword and -19973 resetPassword', async () => {
    expect(
      stateFromError(await appError(403, '-19976', 'The e-mail or the password is wrong'), 'login', false),
    ).toEqual(failed('The e-mail or the password is wrong', 'invalidPassword'));
    expect(stateFromError(await appError(403, '-19973', 'Choose a new password'), 'login', false)).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'resetPassword',
    });
  });

  it('-19971 and -19970 are the captcha codes', async () => {
    expect(stateFromError(await appError(400, '-19971', 'A captcha is required'), 'login', true)).toMatchObject({
      loginState: 'SILENT_CAPTCHA_REQUIRED',
      errorCode: 'missingCaptchaToken',
    });
    expect(stateFromError(await appError(400, '-19970', 'The captcha is invalid'), 'login', false)).toMatchObject({
      loginState: 'USER_CAPTCHA_REQUIRED',
      errorCode: 'invalidCaptchaToken',
    });
  });

  it('any other 4xx is invalidEmail (a bad address, a blocked account, -19995)', async () => {
    expect(stateFromError(await badEmail(), 'login', false)).toEqual(
      failed('loginId.email must be an e-mail address', 'invalidEmail'),
    );
    expect(stateFromError(await appError(403, 'IDENTITY_BLOCKED', 'This account is blocked'), 'login', false)).toEqual(
      failed('This account is blocked', 'invalidEmail'),
    );
    expect(stateFromError(await appError(409, '-19995', 'exists'), 'login', false)).toMatchObject({
      errorCode: 'invalidEmail',
    });
  });

  it('the login delay (429) is tooManyAttempts with retryAfter', async () => {
    const e = await appError(429, 'TOO_MANY_ATTEMPTS', 'Too many failed logins: try again in 30 seconds', {
      retryAfterSeconds: 30,
    });
    expect(stateFromError(e, 'login', false)).toEqual({
      ...failed('Too many failed logins: try again in 30 seconds', 'tooManyAttempts'),
      retryAfter: 30,
    });
  });

  it('network errors and 5xx are not login outcomes (the caller throws them), 4xx are', async () => {
    const kit = { isPlazaError };
    expect(isLoginOutcome(kit, new TypeError('fetch failed'))).toBe(false);
    expect(isLoginOutcome(kit, new PlazaError('Internal error', 503))).toBe(false);
    expect(isLoginOutcome(kit, new PlazaError('Moved', 302))).toBe(false);
    expect(isLoginOutcome(kit, await appError(403, '-19976', 'The e-mail or the password is wrong'))).toBe(true);
    expect(isLoginOutcome(kit, new PlazaError('Too many', 429))).toBe(true);
  });
});
