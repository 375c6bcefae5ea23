import { Type, type Static } from 'typebox';
import { StringEnum } from '../common/schema.js';
import { Identity, IdentityProfile, LoginId } from './identity.js';
import { LoginAdditionalData } from './mfa.js';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.js';

/** Passwords: 8 to 256 characters, no composition rules (NIST SP 800-63B). */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/**
 * The spec's application error codes of register and login (§8), sent as `applicationError.code`.
 * Login answers INVALID_PASSWORD for an unknown e-mail too, so accounts can't be discovered by trying.
 */
export const IDENTITY_ERROR_CODES = {
  MISSING_CAPTCHA_TOKEN: '-19971',
  INVALID_CAPTCHA_TOKEN: '-19970',
  EMAIL_ALREADY_EXISTS: '-19995',
  INVALID_PASSWORD: '-19976',
  RESET_PASSWORD_REQUIRED: '-19973',
  /** Not in the spec's catalogues: the account exists but may not sign in. */
  IDENTITY_BLOCKED: 'IDENTITY_BLOCKED',
  IDENTITY_DELETED: 'IDENTITY_DELETED',
  IDENTITY_OFFLINE: 'IDENTITY_OFFLINE',
  /** Too many failed logins for this e-mail from this address: 429 with Retry-After. */
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  INVALID_RECOVERY_TOKEN: 'INVALID_RECOVERY_TOKEN',
} as const;

/** The spec's code-verification error set, sent as `applicationError.code` by /auth/verify and /auth/resend. */
export const CODE_VERIFICATION_ERRORS = ['UNSPECIFIED', 'BAD_CODE', 'NOT_FOUND', 'SEND_CODE_ERROR'] as const;
export type CodeVerificationError = (typeof CODE_VERIFICATION_ERRORS)[number];

export const LOGIN_STATES = [
  'SUCCESS',
  'REQUIRE_OWNER_APPROVAL',
  'REQUIRE_EMAIL_VERIFICATION',
  'STATUS_CHECK',
] as const;
export type LoginStateName = (typeof LOGIN_STATES)[number];

/**
 * Captcha proofs. Each entry carries an ALTCHA payload (the widget's base64 value) under the platform's names:
 * `Recaptcha` for the visible widget, `InvisibleRecaptcha` for the invisible one. One proof is enough.
 */
export const CaptchaToken = Type.Object(
  {
    Recaptcha: Type.Optional(Type.String({ minLength: 1, maxLength: 8192 })),
    InvisibleRecaptcha: Type.Optional(Type.String({ minLength: 1, maxLength: 8192 })),
  },
  { additionalProperties: false },
);
export const CaptchaTokens = Type.Array(CaptchaToken, { maxItems: 2 });
export type CaptchaTokens = Static<typeof CaptchaTokens>;

/** Free-form data about the client (device, app); kept with the login, never interpreted. */
export const ClientMetaData = Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 1000 }), {
  maxProperties: 20,
});

export const RegisterRequest = Type.Object(
  {
    loginId: LoginId,
    password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
    profile: Type.Optional(IdentityProfile),
    captchaTokens: Type.Optional(CaptchaTokens),
    clientMetaData: Type.Optional(ClientMetaData),
  },
  { additionalProperties: false },
);
export type RegisterRequest = Static<typeof RegisterRequest>;

export const LoginRequest = Type.Object(
  {
    loginId: LoginId,
    // Any length up to the maximum: a too-short password is just a wrong one, and says nothing about the rules.
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
    captchaTokens: Type.Optional(CaptchaTokens),
    clientMetaData: Type.Optional(ClientMetaData),
  },
  { additionalProperties: false },
);
export type LoginRequest = Static<typeof LoginRequest>;

/**
 * The answer of register, login and verify. SUCCESS carries `sessionToken` (exchange it at /oauth2/authorize);
 * REQUIRE_EMAIL_VERIFICATION carries `stateToken` (send it with the mailed code to /identity/v1/auth/verify);
 * STATUS_CHECK carries `stateToken` and `additionalData.requiredFactors` (a second factor: verify one of them at
 * /identity/v2/{factorType}/verify).
 */
export const LoginResponse = Type.Object({
  state: StringEnum(LOGIN_STATES),
  sessionToken: Type.Optional(Type.String()),
  stateToken: Type.Optional(Type.String()),
  identity: Identity,
  additionalData: Type.Optional(LoginAdditionalData),
});
export type LoginResponse = Static<typeof LoginResponse>;

const StateToken = Type.String({ minLength: 1, maxLength: 200 });

export const VerifyCodeRequest = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 20 }), stateToken: StateToken },
  { additionalProperties: false },
);
export type VerifyCodeRequest = Static<typeof VerifyCodeRequest>;

export const ResendCodeRequest = Type.Object({ stateToken: StateToken }, { additionalProperties: false });
export type ResendCodeRequest = Static<typeof ResendCodeRequest>;

export const VERIFICATION_TARGETS = ['EMAIL'] as const;

/** POST /identity/v1/Start: starts an e-mail verification of an identity; the code is mailed to it. */
export const StartVerificationRequest = Type.Object(
  { identityId: Type.String({ format: 'uuid' }), target: StringEnum(VERIFICATION_TARGETS) },
  { additionalProperties: false },
);
export type StartVerificationRequest = Static<typeof StartVerificationRequest>;
export const StartVerificationResponse = Type.Object({ stateToken: Type.String() });
export type StartVerificationResponse = Static<typeof StartVerificationResponse>;

const RedirectUrl = Type.String({ minLength: 1, maxLength: 2048, format: 'uri' });
const Language = Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$', maxLength: 35 });

/** POST /identity/v1/activation-email: mails the identity a code and a link that verifies its address. */
export const ActivationEmailRequest = Type.Object(
  {
    identityId: Type.String({ format: 'uuid' }),
    emailOptions: Type.Optional(
      Type.Object(
        {
          /** Page the link opens, with `stateToken` and `code` appended; default the web app's /verify-email. */
          redirectUrl: Type.Optional(RedirectUrl),
          language: Type.Optional(Language),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ActivationEmailRequest = Static<typeof ActivationEmailRequest>;

/** POST /identity/v1/send-email: mails a password-recovery link. Answers `{}` whether or not the address is known. */
export const SendRecoveryEmailRequest = Type.Object(
  {
    email: Type.String({ maxLength: 1000 }),
    language: Type.Optional(Language),
    /** Page the link opens, with `token` appended; default `<PLAZA_PUBLIC_URL>/reset-password`. */
    redirect: Type.Optional(RedirectUrl),
  },
  { additionalProperties: false },
);
export type SendRecoveryEmailRequest = Static<typeof SendRecoveryEmailRequest>;

export const RecoverRequest = Type.Object(
  {
    recoveryToken: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type RecoverRequest = Static<typeof RecoverRequest>;

/** POST /identity/v2/change-password. `currentPassword` is optional (the spec sends only `newPassword`); checked when sent. */
export const ChangePasswordRequest = Type.Object(
  {
    newPassword: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
    currentPassword: Type.Optional(Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type ChangePasswordRequest = Static<typeof ChangePasswordRequest>;

/** POST /identity/v2/sign-on: a back-office app signs a person in by e-mail, creating the identity when new. */
export const SignOnRequest = Type.Object(
  {
    loginId: LoginId,
    profile: Type.Optional(IdentityProfile),
    /** Marks the address verified (the app vouches for it). */
    verifyEmail: Type.Optional(Type.Boolean()),
    /** Accepted for compatibility; Plaza has no separate contacts to merge. */
    mergeExistingContact: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SignOnRequest = Static<typeof SignOnRequest>;

export const SignOnResponse = Type.Object({ sessionToken: Type.String(), identity: Identity });
export type SignOnResponse = Static<typeof SignOnResponse>;

/** The empty answer of calls that only acknowledge. */
export const EmptyResponse = Type.Object({});
export type EmptyResponse = Static<typeof EmptyResponse>;
