import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  Factor,
  FactorsResponse,
  RecoveryCodesResponse,
  RegenerateRecoveryCodesRequest,
  TotpConfirmRequest,
  TotpConfirmResponse,
  TotpDisableRequest,
  TotpEnrollResponse,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound } from '../../kernel/errors.js';
import { getSite } from '../site/index.js';
import { codeError, invalidPassword, tooManyAttempts } from './errors.js';
import { verifyPassword } from './password.js';
import type { IdentityRow } from './profile.js';
import { deleteRecoveryCodes, remainingRecoveryCodes, replaceRecoveryCodes } from './recovery-codes.js';
import type { RequestMeta } from './signin.js';
import { identities, rememberedDevices } from './tables.js';
import { readThrottle, recordFailure, recordSuccess } from './throttle.js';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.js';

/**
 * TOTP enrolment of the signed-in member: enroll (a pending secret) → confirm (a first code turns it on and makes
 * ten recovery codes) → disable (with a current code or the password); recovery codes can be made anew. The login
 * side of MFA is in mfa-login.service.ts.
 */

/** What the member's factors are, from their identity row and their count of unused recovery codes. */
export function factorsOf(
  row: Pick<IdentityRow, 'totpEnabled' | 'totpSecret'>,
  recoveryCodes: number,
): FactorsResponse {
  const factors: Factor[] = [
    { factorType: 'TOTP', status: row.totpEnabled ? 'ACTIVE' : row.totpSecret ? 'PENDING_ENROLLMENT' : 'NOT_ENROLLED' },
    { factorType: 'EMAIL', status: row.totpEnabled ? 'ACTIVE' : 'NOT_ENROLLED' },
    { factorType: 'RECOVERY_CODE', status: row.totpEnabled && recoveryCodes > 0 ? 'ACTIVE' : 'NOT_ENROLLED' },
  ];
  return { factors, recoveryCodesRemaining: row.totpEnabled ? recoveryCodes : 0 };
}

const callerId = (ctx: Ctx): string => {
  if (ctx.caller.type !== 'MEMBER') throw notFound('Member');
  return ctx.caller.memberId;
};

/** The caller's identity row, locked for the rest of the transaction. */
async function lockedIdentity(ctx: Ctx): Promise<IdentityRow> {
  const [row] = await ctx.db
    .select()
    .from(identities)
    .where(eq(identities.id, callerId(ctx)))
    .for('update');
  if (!row) throw notFound('Member');
  return row;
}

const alreadyEnabled = () =>
  new AppError('CONFLICT', 'Two-step verification with an authenticator app is already on: turn it off first', {
    applicationCode: 'TOTP_ALREADY_ENABLED',
  });

const changed = (ctx: Ctx) => ({ updatedDate: ctx.clock(), revision: sql`${identities.revision} + 1` });

/** GET /identity/v1/mfa/factors. */
export async function listFactors(ctx: Ctx): Promise<FactorsResponse> {
  const [row] = await ctx.db
    .select({ totpEnabled: identities.totpEnabled, totpSecret: identities.totpSecret })
    .from(identities)
    .where(eq(identities.id, callerId(ctx)));
  if (!row) throw notFound('Member');
  return factorsOf(row, await remainingRecoveryCodes(ctx, callerId(ctx)));
}

/**
 * POST /identity/v1/mfa/totp/enroll: a new secret, pending until confirmed. Enrolling again replaces a pending
 * secret (the old QR code stops working); with TOTP already on it is a 409.
 */
export async function enrollTotp(ctx: Ctx): Promise<TotpEnrollResponse> {
  const secret = newTotpSecret();
  const row = await withTx(ctx, async (tx) => {
    const row = await lockedIdentity(tx);
    if (row.totpEnabled) throw alreadyEnabled();
    await tx.db
      .update(identities)
      .set({ totpSecret: secret, totpLastStep: null, ...changed(tx) })
      .where(eq(identities.id, row.id));
    return row;
  });
  const { name } = await getSite(ctx);
  return { secret, otpauthUri: otpauthUri(name, row.email, secret) };
}

/**
 * POST /identity/v1/mfa/totp/confirm: the first code proves the app holds the secret; from now on login asks. The
 * answer carries the first ten recovery codes, in clear this once.
 */
export async function confirmTotp(ctx: Ctx, req: TotpConfirmRequest): Promise<TotpConfirmResponse> {
  return withTx(ctx, async (tx) => {
    const row = await lockedIdentity(tx);
    if (row.totpEnabled) throw alreadyEnabled();
    if (!row.totpSecret) {
      throw new AppError(
        'CONFLICT',
        'There is no authenticator app to confirm: start with /identity/v1/mfa/totp/enroll',
        {
          applicationCode: 'TOTP_NOT_ENROLLED',
        },
      );
    }
    const step = matchTotp(row.totpSecret, req.code, tx.clock());
    if (step === undefined) throw codeError('BAD_CODE');
    const [updated] = await tx.db
      .update(identities)
      .set({ totpEnabled: true, totpLastStep: step, ...changed(tx) })
      .where(eq(identities.id, row.id))
      .returning();
    const recoveryCodes = await replaceRecoveryCodes(tx, row.id);
    return { ...factorsOf(updated!, recoveryCodes.length), recoveryCodes };
  });
}

/**
 * Uses a TOTP code of an identity: the matching step must be later than the last one used, and becomes the last one
 * in the same statement, so two requests with one code can't both pass. Returns whether the code was accepted.
 */
export async function useTotpCode(ctx: Ctx, row: IdentityRow, code: string): Promise<boolean> {
  if (!row.totpSecret) return false;
  const step = matchTotp(row.totpSecret, code, ctx.clock(), row.totpLastStep);
  if (step === undefined) return false;
  const claimed = await ctx.db
    .update(identities)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(identities.id, row.id),
        eq(identities.totpEnabled, true),
        or(isNull(identities.totpLastStep), lt(identities.totpLastStep, step)),
      ),
    )
    .returning({ id: identities.id });
  return claimed.length === 1;
}

/**
 * Proof that the caller is the person, not just someone holding their access token: a current `code` from the app
 * or the `password` (each checked when sent), under the login throttle.
 */
async function requireProof(ctx: Ctx, row: IdentityRow, req: TotpDisableRequest, meta: RequestMeta): Promise<void> {
  if (req.code === undefined && req.password === undefined) {
    const description = 'Send a current code from the authenticator app (code) or the password (password)';
    throw new AppError('VALIDATION', description, {
      violations: [{ field: 'code', violatedRule: 'REQUIRED_ONE_OF_FIELD', description }],
    });
  }
  const throttle = await readThrottle(ctx, row.email, meta.ip, row.id);
  if (throttle.lockedForSeconds) throw tooManyAttempts(throttle.lockedForSeconds);
  if (req.code !== undefined && !(await useTotpCode(ctx, row, req.code))) {
    await recordFailure(ctx, row.email, meta.ip, row.id);
    throw codeError('BAD_CODE');
  }
  if (req.password !== undefined && !(row.passwordHash && (await verifyPassword(req.password, row.passwordHash)))) {
    await recordFailure(ctx, row.email, meta.ip);
    throw invalidPassword();
  }
  await recordSuccess(ctx, row.email, meta.ip, row.id);
}

async function callerRow(ctx: Ctx): Promise<IdentityRow> {
  const [row] = await ctx.db
    .select()
    .from(identities)
    .where(eq(identities.id, callerId(ctx)));
  if (!row) throw notFound('Member');
  return row;
}

/**
 * DELETE /identity/v1/mfa/totp. A pending (unconfirmed) secret is simply dropped. An active factor needs proof (see
 * requireProof). Recovery codes and remembered devices of the member are forgotten too.
 */
export async function disableTotp(ctx: Ctx, req: TotpDisableRequest, meta: RequestMeta): Promise<FactorsResponse> {
  const row = await callerRow(ctx);
  if (!row.totpEnabled && !row.totpSecret) return factorsOf(row, 0);
  if (row.totpEnabled) await requireProof(ctx, row, req, meta);
  return withTx(ctx, async (tx) => {
    const [updated] = await tx.db
      .update(identities)
      .set({ totpEnabled: false, totpSecret: null, totpLastStep: null, ...changed(tx) })
      .where(eq(identities.id, row.id))
      .returning();
    await tx.db.delete(rememberedDevices).where(eq(rememberedDevices.identityId, row.id));
    await deleteRecoveryCodes(tx, row.id);
    return factorsOf(updated!, 0);
  });
}

/**
 * POST /identity/v1/mfa/recovery-codes: a new set of ten replaces the old one, whose codes stop working at once.
 * Needs TOTP on (409 TOTP_NOT_ENABLED) and proof (see requireProof), since the answer is a way past the second step.
 */
export async function regenerateRecoveryCodes(
  ctx: Ctx,
  req: RegenerateRecoveryCodesRequest,
  meta: RequestMeta,
): Promise<RecoveryCodesResponse> {
  const notEnabled = () =>
    new AppError('CONFLICT', 'Recovery codes come with an authenticator app: set one up first', {
      applicationCode: 'TOTP_NOT_ENABLED',
    });
  const row = await callerRow(ctx);
  if (!row.totpEnabled) throw notEnabled();
  await requireProof(ctx, row, req, meta);
  const recoveryCodes = await withTx(ctx, async (tx) => {
    // Locked and checked again: TOTP turned off meanwhile must not leave a stray set behind.
    const locked = await lockedIdentity(tx);
    if (!locked.totpEnabled) throw notEnabled();
    return replaceRecoveryCodes(tx, locked.id);
  });
  return { recoveryCodes, recoveryCodesRemaining: recoveryCodes.length };
}
