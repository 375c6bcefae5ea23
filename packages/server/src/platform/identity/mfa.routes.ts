import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  EmptyResponse,
  FACTOR_NOT_SUPPORTED,
  FactorsResponse,
  FactorTypeParams,
  LoginResponse,
  RecoveryCodesResponse,
  RegenerateRecoveryCodesRequest,
  SendFactorCodeRequest,
  SUPPORTED_FACTOR_TYPES,
  TotpConfirmRequest,
  TotpConfirmResponse,
  TotpDisableRequest,
  TotpEnrollResponse,
  VerifyFactorRequest,
  type SupportedFactorType,
} from '@plaza/contracts';
import type { Config } from '../../config/index.js';
import { AppError } from '../../kernel/errors.js';
import type { App } from '../../http/types.js';
import { MFA, MFA_DEVICE_COOKIE, sendFactorCode, verifyFactor } from './mfa-login.service.js';
import { confirmTotp, disableTotp, enrollTotp, listFactors, regenerateRecoveryCodes } from './mfa.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { routeOptions } from '../../http/route-options.js';
import { mailingRoute, meta } from './auth.routes.js';

/** Enrolment is the signed-in member's own business (owners and contributors are members too). */
const route = routeOptions({
  tags: ['identity'],
  errors: errorResponses(404, 409, 429),
  access: { member: true, admin: ['OWNER', 'CONTRIBUTOR'] },
});

/**
 * The remembered-device cookie: HttpOnly, 30 days, only sent to /identity (where login reads it). `SameSite=Lax`
 * (plus `Secure` over https): only the site's own pages log in with it.
 */
function setDeviceCookie(reply: FastifyReply, config: Config, token: string): void {
  const secure = config.publicUrl.startsWith('https:');
  const attrs = [
    `${MFA_DEVICE_COOKIE}=${encodeURIComponent(token)}`,
    'Path=/identity',
    'HttpOnly',
    `Max-Age=${MFA.DEVICE_TTL_SECONDS}`,
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ];
  reply.header('set-cookie', attrs.join('; '));
}

const supported = (t: string): t is SupportedFactorType => (SUPPORTED_FACTOR_TYPES as readonly string[]).includes(t);

/** Factor types of the spec that this site does not offer get a clear 400 before the body is even looked at. */
async function rejectUnsupportedFactor(req: FastifyRequest): Promise<void> {
  const { factorType } = req.params as { factorType?: string };
  if (factorType && ['PASSWORD', 'SMS', 'CALL', 'PUSH'].includes(factorType)) {
    throw new AppError(
      'VALIDATION',
      `The factor ${factorType} is not supported on this site: use TOTP, EMAIL or RECOVERY_CODE`,
      {
        applicationCode: FACTOR_NOT_SUPPORTED,
        data: { factorType, supportedFactors: [...SUPPORTED_FACTOR_TYPES] },
      },
    );
  }
}

/**
 * MFA: TOTP enrolment of the signed-in member with its recovery codes, and the second step of a login (TOTP, an
 * e-mailed code or a recovery code).
 */
export function mfaRoutes(app: App): void {
  registerEnrollRoutes(app);
  registerFactorChangeRoutes(app);
  registerLoginFactorRoutes(app);
}

/** A member's factors and enrolling an authenticator app. */
function registerEnrollRoutes(app: App): void {
  app.get(
    '/identity/v1/mfa/factors',
    route({
      summary: "The signed-in member's second factors",
      description:
        'TOTP: ACTIVE, PENDING_ENROLLMENT (enrolled, not confirmed) or NOT_ENROLLED. EMAIL is ACTIVE as a fallback ' +
        'whenever TOTP is; RECOVERY_CODE while TOTP is and unused recovery codes remain (`recoveryCodesRemaining`).',
      response: FactorsResponse,
    }),
    async (req) => listFactors(req.ctx),
  );

  app.post(
    '/identity/v1/mfa/totp/enroll',
    route({
      summary: 'Start TOTP enrolment',
      description:
        'A new secret (base32) and its `otpauth://totp/<site>:<email>?…` URI for a QR code. Not asked at login ' +
        'until confirmed. Enrolling again replaces a pending secret. 409 TOTP_ALREADY_ENABLED when already on.',
      response: TotpEnrollResponse,
    }),
    async (req) => enrollTotp(req.ctx),
  );

  app.post(
    '/identity/v1/mfa/totp/confirm',
    route({
      summary: 'Confirm TOTP enrolment with a first code',
      description:
        'Turns the factor on: from now on login asks for a second factor. The answer holds ten single-use ' +
        '`recoveryCodes`, shown this once (only their hashes are kept). Errors: BAD_CODE (400), ' +
        '409 TOTP_NOT_ENROLLED (no pending secret) or TOTP_ALREADY_ENABLED.',
      body: TotpConfirmRequest,
      response: TotpConfirmResponse,
    }),
    async (req) => confirmTotp(req.ctx, req.body),
  );
}

/** Removing the authenticator app and renewing recovery codes. */
function registerFactorChangeRoutes(app: App): void {
  app.delete(
    '/identity/v1/mfa/totp',
    {
      ...route({
        summary: 'Turn TOTP off',
        description:
          'An active factor needs `code` (a current one from the app) or `password` (REQUIRED_ONE_OF_FIELD on ' +
          '`code` without either), under the login throttle: BAD_CODE, -19976 or 429. A pending secret is simply ' +
          'dropped. Recovery codes and remembered devices are forgotten.',
        body: TotpDisableRequest,
        response: FactorsResponse,
      }),
      // A DELETE may come without a body: that is an empty one.
      preValidation: async (req) => {
        req.body ??= {};
      },
    },
    async (req) => disableTotp(req.ctx, req.body, meta(req)),
  );

  app.post(
    '/identity/v1/mfa/recovery-codes',
    route({
      summary: 'Make a new set of recovery codes',
      description:
        'Ten new single-use codes replace the old set (every old code stops working). Needs TOTP on (409 ' +
        'TOTP_NOT_ENABLED) and `code` (a current one from the app) or `password`, like turning TOTP off: ' +
        'REQUIRED_ONE_OF_FIELD, BAD_CODE, -19976 or 429.',
      body: RegenerateRecoveryCodesRequest,
      response: RecoveryCodesResponse,
    }),
    async (req) => regenerateRecoveryCodes(req.ctx, req.body, meta(req)),
  );
}

/** The second step of a login: verifying a factor, mailing a code. */
function registerLoginFactorRoutes(app: App): void {
  app.post(
    '/identity/v2/:factorType/verify',
    {
      ...route({
        summary: 'Verify the second factor of a login',
        description:
          'After a login answered STATUS_CHECK: `stateToken` and the `code` of TOTP (authenticator app), EMAIL ' +
          '(mailed by /identity/v1/mfa/email/send) or RECOVERY_CODE (one of the ten, used up; dashes and case are ' +
          'ignored). Answers like login (SUCCESS with a `sessionToken`). ' +
          '`rememberThisDevice` sets the `plaza_mfa_device` cookie (30 days). Errors: BAD_CODE (400, ' +
          '`data.attemptsLeft`; 5 wrong codes end the state), NOT_FOUND (404, unknown, expired or ended state), ' +
          'FACTOR_NOT_SUPPORTED (400: PASSWORD, SMS, CALL, PUSH), 429 TOO_MANY_ATTEMPTS.',
        params: FactorTypeParams,
        body: VerifyFactorRequest,
        response: LoginResponse,
        // The second step of a login proves itself with its stateToken, like login and verify.
        access: 'public',
      }),
      preValidation: rejectUnsupportedFactor,
    },
    async (req, reply) => {
      const { factorType } = req.params;
      if (!supported(factorType)) throw new AppError('VALIDATION', `Unsupported factor ${factorType}`);
      const { response, deviceToken } = await verifyFactor(req.ctx, factorType, req.body, meta(req));
      if (deviceToken) setDeviceCookie(reply, req.ctx.config, deviceToken);
      return response;
    },
  );

  app.post(
    '/identity/v1/mfa/email/send',
    mailingRoute({
      summary: 'Mail a code for the EMAIL factor of a login',
      description:
        'For a STATUS_CHECK `stateToken`. The previous code stops working. At most one every 30 s (429 with ' +
        'Retry-After) and 5 per login. Errors: NOT_FOUND, SEND_CODE_ERROR.',
      body: SendFactorCodeRequest,
      response: EmptyResponse,
    }),
    async (req) => sendFactorCode(req.ctx, req.body),
  );
}
