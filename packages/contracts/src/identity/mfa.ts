import { Type, type Static } from 'typebox';
import { StringEnum } from '../common/schema.js';

/**
 * The spec's auth factors (§3) plus Plaza's RECOVERY_CODE. Plaza verifies TOTP, EMAIL and RECOVERY_CODE; the others
 * answer FACTOR_NOT_SUPPORTED.
 */
export const FACTOR_TYPES = ['PASSWORD', 'SMS', 'CALL', 'EMAIL', 'TOTP', 'PUSH', 'RECOVERY_CODE'] as const;
export type FactorType = (typeof FACTOR_TYPES)[number];
/** The second factors this server can check. */
export const SUPPORTED_FACTOR_TYPES = ['TOTP', 'EMAIL', 'RECOVERY_CODE'] as const;
export type SupportedFactorType = (typeof SUPPORTED_FACTOR_TYPES)[number];

/** `applicationError.code` of a factor type the site does not offer (400). */
export const FACTOR_NOT_SUPPORTED = 'FACTOR_NOT_SUPPORTED';

/**
 * `additionalData` of a login answer in state STATUS_CHECK: the password was right and one of `requiredFactors`
 * must be verified at `/identity/v2/{factorType}/verify` with the answer's `stateToken`.
 */
export const LoginAdditionalData = Type.Object({
  requiredFactors: Type.Optional(Type.Array(StringEnum(SUPPORTED_FACTOR_TYPES))),
});
export type LoginAdditionalData = Static<typeof LoginAdditionalData>;

/**
 * A factor of the signed-in member. TOTP is `ACTIVE` once confirmed, `PENDING_ENROLLMENT` between enroll and confirm
 * (not asked at login yet), `NOT_ENROLLED` otherwise. EMAIL is `ACTIVE` as a fallback whenever TOTP is active, else
 * `NOT_ENROLLED` (Plaza asks for a second factor only from members with TOTP). RECOVERY_CODE is `ACTIVE` while TOTP
 * is active and unused recovery codes remain.
 */
export const FACTOR_STATUSES = ['ACTIVE', 'PENDING_ENROLLMENT', 'NOT_ENROLLED'] as const;
export type FactorStatus = (typeof FACTOR_STATUSES)[number];

export const Factor = Type.Object({
  factorType: StringEnum(SUPPORTED_FACTOR_TYPES),
  status: StringEnum(FACTOR_STATUSES),
});
export type Factor = Static<typeof Factor>;

/** The member's factors and how many unused recovery codes they have left (0 without TOTP). */
export const FactorsResponse = Type.Object({
  factors: Type.Array(Factor),
  recoveryCodesRemaining: Type.Integer({ minimum: 0 }),
});
export type FactorsResponse = Static<typeof FactorsResponse>;

/** A one-time code as people type it: 6 digits, spaces allowed (`123 456`). */
const Code = Type.String({ minLength: 1, maxLength: 20 });

/**
 * POST /identity/v1/mfa/totp/enroll: the new (pending) secret in base32 and the `otpauth://totp/…` URI for a QR code.
 * The factor is not asked at login until confirmed with a first code.
 */
export const TotpEnrollResponse = Type.Object({ secret: Type.String(), otpauthUri: Type.String() });
export type TotpEnrollResponse = Static<typeof TotpEnrollResponse>;

/** POST /identity/v1/mfa/totp/confirm: the first code from the authenticator app turns the factor on. */
export const TotpConfirmRequest = Type.Object({ code: Code }, { additionalProperties: false });
export type TotpConfirmRequest = Static<typeof TotpConfirmRequest>;

/** How many recovery codes a set has. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * Ten single-use recovery codes (`xxxxx-xxxxx`), in clear this once: the server keeps only their hashes. Each passes
 * the second step of a login once, as factor RECOVERY_CODE.
 */
const RecoveryCodes = Type.Array(Type.String(), { minItems: RECOVERY_CODE_COUNT, maxItems: RECOVERY_CODE_COUNT });

/** The answer of a TOTP confirmation: the factors, and the first set of recovery codes. */
export const TotpConfirmResponse = Type.Object({
  factors: Type.Array(Factor),
  recoveryCodesRemaining: Type.Integer({ minimum: 0 }),
  recoveryCodes: RecoveryCodes,
});
export type TotpConfirmResponse = Static<typeof TotpConfirmResponse>;

/** DELETE /identity/v1/mfa/totp: turning an active factor off needs a current `code` or the account's `password`. */
export const TotpDisableRequest = Type.Object(
  {
    code: Type.Optional(Code),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  },
  { additionalProperties: false },
);
export type TotpDisableRequest = Static<typeof TotpDisableRequest>;

/**
 * POST /identity/v1/mfa/recovery-codes: a new set replaces the old one (whose codes stop working). Like turning TOTP
 * off it needs a current `code` from the app or the `password`.
 */
export const RegenerateRecoveryCodesRequest = TotpDisableRequest;
export type RegenerateRecoveryCodesRequest = TotpDisableRequest;

export const RecoveryCodesResponse = Type.Object({
  recoveryCodes: RecoveryCodes,
  recoveryCodesRemaining: Type.Integer({ minimum: 0 }),
});
export type RecoveryCodesResponse = Static<typeof RecoveryCodesResponse>;

/** Path of POST /identity/v2/{factorType}/verify. */
export const FactorTypeParams = Type.Object({ factorType: StringEnum(FACTOR_TYPES) });
export type FactorTypeParams = Static<typeof FactorTypeParams>;

/**
 * POST /identity/v2/{factorType}/verify, after a login answered STATUS_CHECK. `code` is the authenticator's code
 * (TOTP), the mailed one (EMAIL) or one of the member's recovery codes (RECOVERY_CODE, dashes and case ignored). `rememberThisDevice` sets a cookie that skips the second factor on this browser
 * for 30 days. The answer is a login answer (SUCCESS with a `sessionToken`, or what the site policy asks next).
 */
export const VerifyFactorRequest = Type.Object(
  {
    stateToken: Type.String({ minLength: 1, maxLength: 200 }),
    code: Code,
    rememberThisDevice: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type VerifyFactorRequest = Static<typeof VerifyFactorRequest>;

/** POST /identity/v1/mfa/email/send: mails a code for the EMAIL factor of a STATUS_CHECK login. */
export const SendFactorCodeRequest = Type.Object(
  { stateToken: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type SendFactorCodeRequest = Static<typeof SendFactorCodeRequest>;
