import { IDENTITY_ERROR_CODES as CODES, type CodeVerificationError } from '@plaza/contracts';
import { AppError } from '../../kernel/errors.js';

/** The sign-in errors, each with the spec's application code (SPEC.md §8) and an HTTP status from the one table. */

export const emailAlreadyExists = () =>
  new AppError('CONFLICT', 'An account with this e-mail already exists: log in or reset the password', {
    applicationCode: CODES.EMAIL_ALREADY_EXISTS,
  });

/**
 * Wrong e-mail and wrong password answer alike, so nobody can find out which addresses have accounts. 403, not
 * 401: the caller's access token is fine, and clients renew tokens on a 401.
 */
export const invalidPassword = () =>
  new AppError('FORBIDDEN', 'The e-mail or the password is wrong', {
    applicationCode: CODES.INVALID_PASSWORD,
  });

export const resetPasswordRequired = () =>
  new AppError('FORBIDDEN', 'This account must choose a new password: use "Forgot password" to set one', {
    applicationCode: CODES.RESET_PASSWORD_REQUIRED,
  });

export function signInNotAllowed(status: 'BLOCKED' | 'DELETED' | 'OFFLINE'): AppError {
  const reasons: Record<typeof status, [string, string]> = {
    BLOCKED: [CODES.IDENTITY_BLOCKED, 'This account is blocked: contact the site owner'],
    DELETED: [CODES.IDENTITY_DELETED, 'This account was deleted'],
    OFFLINE: [CODES.IDENTITY_OFFLINE, 'This account may not sign in on the site'],
  };
  const [code, message] = reasons[status];
  return new AppError('FORBIDDEN', message, { applicationCode: code });
}

export const tooManyAttempts = (retryAfterSeconds: number, what = 'failed logins') =>
  new AppError('RATE_LIMITED', `Too many ${what}: try again in ${retryAfterSeconds} seconds`, {
    applicationCode: CODES.TOO_MANY_ATTEMPTS,
    data: { retryAfterSeconds },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/** The spec's code-verification error set, as `applicationError.code`. */
export function codeError(code: CodeVerificationError, data?: Record<string, unknown>): AppError {
  switch (code) {
    case 'BAD_CODE':
      return new AppError('VALIDATION', 'The code is wrong', { applicationCode: code, ...(data ? { data } : {}) });
    case 'NOT_FOUND':
      return new AppError('NOT_FOUND', 'The code or the verification it belongs to has expired or is unknown', {
        applicationCode: code,
      });
    case 'SEND_CODE_ERROR':
      return new AppError('INTERNAL', 'The code could not be sent: try again in a moment', { applicationCode: code });
    default:
      return new AppError('VALIDATION', 'The code could not be checked', { applicationCode: code });
  }
}

export const invalidRecoveryToken = () =>
  new AppError('VALIDATION', 'This password-reset link is invalid, expired or already used: ask for a new one', {
    applicationCode: CODES.INVALID_RECOVERY_TOKEN,
  });
