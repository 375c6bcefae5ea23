import type { FastifyRequest } from 'fastify';
import {
  ChangePasswordRequest,
  EmptyResponse,
  ErrorBody,
  LoginRequest,
  LoginResponse,
  RecoverRequest,
  RegisterRequest,
  ResendCodeRequest,
  SendRecoveryEmailRequest,
  VerifyCodeRequest,
} from '@plaza/contracts';
import { readCookie } from '../../http/cookies.js';
import type { App } from '../../http/types.js';
import { login } from './login.service.js';
import { MFA_DEVICE_COOKIE } from './mfa-login.service.js';
import { changePassword, recover, sendRecoveryEmail } from './recovery.service.js';
import { register } from './registration.service.js';
import type { RequestMeta } from './signin.js';
import { resendCode, verifyCode } from './verification.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { routeOptions } from '../../http/route-options.js';

/** What the sign-in calls pass on from the request besides its body. */
export const meta = (req: FastifyRequest): RequestMeta => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  deviceToken: readCookie(req, MFA_DEVICE_COOKIE),
});
const errors = errorResponses(404, 409, 429);
// Sign-in calls prove who is calling themselves (password, code, token), so they need no access token.
const route = routeOptions({ tags: ['identity'], errors, access: 'public' });
/** Calls that mail a code also answer 500 when the mail cannot be sent. */
export const mailingRoute = routeOptions({
  tags: ['identity'],
  errors: { ...errors, 500: ErrorBody },
  access: 'public',
});
/** The recovery calls declare a refused request as their only error. */
const recoveryRoute = routeOptions({ tags: ['identity'], errors: { 400: ErrorBody }, access: 'public' });

/** Register, login, e-mail codes, recovery and password change: the member-facing sign-in calls. */
export function authRoutes(app: App): void {
  registerSignInRoutes(app);
  registerCodeRoutes(app);
  registerRecoveryRoutes(app);
}

/** Registering and logging in. */
function registerSignInRoutes(app: App): void {
  app.post(
    '/identity/v2/register',
    route({
      summary: 'Register with e-mail and password',
      description:
        'Creates the identity and its member. Answers SUCCESS with a `sessionToken`, REQUIRE_EMAIL_VERIFICATION ' +
        'with a `stateToken` (a code was mailed), or REQUIRE_OWNER_APPROVAL, as the site policy says. Errors: ' +
        '-19995 e-mail exists, -19971 captcha missing, -19970 captcha invalid, a FORMAT violation with data ' +
        '`{ type: "EMAIL" }` on `loginId.email`.',
      body: RegisterRequest,
      response: LoginResponse,
    }),
    async (req) => register(req.ctx, req.body, meta(req)),
  );

  app.post(
    '/identity/v2/login',
    route({
      summary: 'Log in with e-mail and password',
      description:
        'Answers like register, or STATUS_CHECK with a `stateToken` and `additionalData.requiredFactors` when the ' +
        'account has two-step verification (see /identity/v2/{factorType}/verify); a browser remembered with the ' +
        '`plaza_mfa_device` cookie skips it. Errors: -19976 wrong e-mail or password, -19973 password reset required, ' +
        '-19971/-19970 captcha, 403 IDENTITY_BLOCKED/DELETED/OFFLINE, 429 TOO_MANY_ATTEMPTS with Retry-After.',
      body: LoginRequest,
      response: LoginResponse,
    }),
    async (req) => login(req.ctx, req.body, meta(req)),
  );
}

/** The e-mailed verification codes: checking one, sending another. */
function registerCodeRoutes(app: App): void {
  app.post(
    '/identity/v1/auth/verify',
    route({
      summary: 'Verify the e-mail with the mailed code',
      description:
        'Then answers like login. Codes have 6 digits, last 10 minutes, allow 5 tries and work once. Errors ' +
        '(`applicationError.code`): BAD_CODE, NOT_FOUND (unknown or expired state or code).',
      body: VerifyCodeRequest,
      response: LoginResponse,
    }),
    async (req) => verifyCode(req.ctx, req.body, meta(req)),
  );

  app.post(
    '/identity/v1/auth/resend',
    mailingRoute({
      summary: 'Mail a new code for a verification',
      description:
        'The previous code stops working. At most one every 30 s (429 with Retry-After) and 5 per state. ' +
        'Errors: NOT_FOUND, SEND_CODE_ERROR.',
      body: ResendCodeRequest,
      response: EmptyResponse,
    }),
    async (req) => resendCode(req.ctx, req.body),
  );
}

/** Account recovery and changing the password. */
function registerRecoveryRoutes(app: App): void {
  app.post(
    '/identity/v1/send-email',
    recoveryRoute({
      summary: 'Mail a password-recovery link',
      description:
        'The link is `redirect` (or `<public URL>/reset-password`) with `?token=…`; it works once, for an hour. ' +
        'Answers `{}` whether or not the address has an account.',
      body: SendRecoveryEmailRequest,
      response: EmptyResponse,
    }),
    async (req) => sendRecoveryEmail(req.ctx, req.body),
  );

  app.post(
    '/identity/v1/recover',
    recoveryRoute({
      summary: 'Set a new password with a recovery token',
      description: 'Verifies the e-mail and ends every session of the account. Error: INVALID_RECOVERY_TOKEN.',
      body: RecoverRequest,
      response: EmptyResponse,
    }),
    async (req) => recover(req.ctx, req.body),
  );

  app.post(
    '/identity/v2/change-password',
    route({
      summary: "Change the signed-in member's password",
      description:
        'Ends every other session of the member. Send `currentPassword` to have it checked (-19976 when wrong).',
      body: ChangePasswordRequest,
      response: EmptyResponse,
      access: { member: true, admin: ['OWNER', 'CONTRIBUTOR'] },
    }),
    async (req) => changePassword(req.ctx, req.body),
  );
}
