import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type {
  EmptyResponse,
  LoginResponse,
  SendFactorCodeRequest,
  SupportedFactorType,
  VerifyFactorRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { sha256 } from '../../lib/hash.js';
import { randomToken, uuidv7 } from '../../lib/ids.js';
import {
  codeHash,
  createState,
  liveAuthState,
  lockedStateAndEmail,
  mailCode,
  nextCode,
  type StateData,
} from './codes.js';
import { codeError, tooManyAttempts } from './errors.js';
import { useTotpCode } from './mfa.service.js';
import { toIdentity, type IdentityRow } from './profile.js';
import { useRecoveryCode } from './recovery-codes.js';
import { continueSignIn, findById, type RequestMeta } from './signin.js';
import { authStates, identities, rememberedDevices, verificationCodes } from './tables.js';
import { loginDelayMs, readThrottle, recordFailure, recordSuccess, sleep } from './throttle.js';

/**
 * The second step of a login for identities with TOTP on: the state (`stateToken`, 10 minutes, 5 wrong codes),
 * factor verification, the e-mail factor's code, and remembered devices.
 */
export const MFA = {
  STATE_TTL_MS: 10 * 60_000,
  MAX_FAILURES: 5,
  DEVICE_TTL_SECONDS: 30 * 24 * 60 * 60,
} as const;
/** Any one of these passes the second step. */
export const REQUIRED_FACTORS: SupportedFactorType[] = ['TOTP', 'EMAIL', 'RECOVERY_CODE'];
/** What each factor adds to the session's `amr`. */
const AMR: Record<SupportedFactorType, string> = { TOTP: 'otp', EMAIL: 'email', RECOVERY_CODE: 'recovery_code' };
/** The remembered-device cookie: HttpOnly, 30 days; only its SHA-256 is stored. */
export const MFA_DEVICE_COOKIE = 'plaza_mfa_device';

interface MfaStateData extends StateData {
  /** Wrong codes so far; the state dies at MFA.MAX_FAILURES. */
  failures?: number;
}

async function isRememberedDevice(ctx: Ctx, identityId: string, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const [row] = await ctx.db
    .select({ id: rememberedDevices.id })
    .from(rememberedDevices)
    .where(
      and(
        eq(rememberedDevices.tokenHash, sha256(token)),
        eq(rememberedDevices.identityId, identityId),
        gt(rememberedDevices.expiresDate, ctx.clock()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Remembers this browser for the identity (30 days) and returns the cookie value. */
async function rememberDevice(ctx: Ctx, identityId: string): Promise<string> {
  const now = ctx.clock();
  const token = `md_${randomToken(32)}`;
  await ctx.db
    .delete(rememberedDevices)
    .where(and(eq(rememberedDevices.identityId, identityId), lt(rememberedDevices.expiresDate, now)));
  await ctx.db.insert(rememberedDevices).values({
    id: uuidv7(now.getTime()),
    identityId,
    tokenHash: sha256(token),
    createdDate: now,
    expiresDate: new Date(now.getTime() + MFA.DEVICE_TTL_SECONDS * 1000),
  });
  return token;
}

/**
 * Called by login after the right password: for an identity with TOTP on (and a browser it does not remember) the
 * answer is STATUS_CHECK with a `stateToken` and `additionalData.requiredFactors`; otherwise undefined (no second
 * step). The state keeps the login's client metadata for the session the second step starts.
 */
export async function secondFactorStep(
  ctx: Ctx,
  identity: IdentityRow,
  opts: { meta: RequestMeta; clientMetaData?: Record<string, string> | undefined },
): Promise<LoginResponse | undefined> {
  if (!identity.totpEnabled) return undefined;
  if (await isRememberedDevice(ctx, identity.id, opts.meta.deviceToken)) return undefined;
  const data: MfaStateData = {
    amr: ['pwd'],
    failures: 0,
    ...(opts.clientMetaData ? { clientMetaData: opts.clientMetaData } : {}),
  };
  const { token } = await createState(ctx, identity.id, 'MFA', data, MFA.STATE_TTL_MS);
  return {
    state: 'STATUS_CHECK',
    stateToken: token,
    identity: toIdentity(identity),
    additionalData: { requiredFactors: [...REQUIRED_FACTORS] },
  };
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Checks and uses the state's newest live e-mail code. */
async function useEmailCode(ctx: Ctx, stateId: string, code: string): Promise<boolean> {
  const [row] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.stateId, stateId),
        eq(verificationCodes.purpose, 'MFA_EMAIL'),
        isNull(verificationCodes.usedDate),
        gt(verificationCodes.expiresDate, ctx.clock()),
      ),
    )
    .orderBy(desc(verificationCodes.createdDate))
    .limit(1)
    .for('update');
  if (!row) return false;
  const ok = sameHash(codeHash(stateId, code.replace(/\s+/g, '')), row.codeHash);
  await ctx.db
    .update(verificationCodes)
    .set(ok ? { usedDate: ctx.clock() } : { attempts: row.attempts + 1 })
    .where(eq(verificationCodes.id, row.id));
  return ok;
}

/**
 * POST /identity/v2/{TOTP|EMAIL|RECOVERY_CODE}/verify. Under the login throttle (delay, lock-out, and a per-identity
 * count of wrong codes). A wrong code is BAD_CODE with `attemptsLeft` and is committed; the 5th kills the state
 * (NOT_FOUND from then on). The right one ends the state (a recovery code is used up) and the sign-in continues as
 * after a login, with amr `otp`, `email` or `recovery_code` added; `rememberThisDevice` also returns a device token.
 */
export async function verifyFactor(
  ctx: Ctx,
  factorType: SupportedFactorType,
  req: VerifyFactorRequest,
  meta: RequestMeta,
): Promise<{ response: LoginResponse; deviceToken?: string }> {
  const state = await liveAuthState(ctx, req.stateToken, 'MFA');
  const found = state && (await findById(ctx, state.identityId));
  if (!state || !found) throw codeError('NOT_FOUND');
  const { email, id: identityId } = found.identity;
  const throttle = await readThrottle(ctx, email, meta.ip, identityId);
  if (throttle.lockedForSeconds) throw tooManyAttempts(throttle.lockedForSeconds);
  const delay = loginDelayMs(throttle.pairFailures);
  if (delay) await sleep(delay);

  type Outcome = { error: 'NOT_FOUND' } | { error: 'BAD_CODE'; attemptsLeft: number } | { data: MfaStateData };
  const outcome = await withTx(ctx, async (tx): Promise<Outcome> => {
    const locked = await liveAuthState(tx, req.stateToken, 'MFA', true);
    if (!locked) return { error: 'NOT_FOUND' };
    const data = locked.data as MfaStateData;
    const now = tx.clock();
    let ok: boolean;
    if (factorType === 'TOTP') {
      const [row] = await tx.db.select().from(identities).where(eq(identities.id, identityId));
      ok = !!row?.totpEnabled && (await useTotpCode(tx, row, req.code));
    } else if (factorType === 'RECOVERY_CODE') {
      // Turning TOTP off deletes the codes, so an unused one means the factor is on.
      ok = await useRecoveryCode(tx, identityId, req.code);
    } else {
      ok = await useEmailCode(tx, locked.id, req.code);
    }
    if (ok) {
      await tx.db.update(authStates).set({ consumedDate: now }).where(eq(authStates.id, locked.id));
      return { data };
    }
    const failures = (data.failures ?? 0) + 1;
    await tx.db
      .update(authStates)
      .set({ data: { ...data, failures }, ...(failures >= MFA.MAX_FAILURES ? { consumedDate: now } : {}) })
      .where(eq(authStates.id, locked.id));
    return { error: 'BAD_CODE', attemptsLeft: Math.max(0, MFA.MAX_FAILURES - failures) };
  });
  if ('error' in outcome) {
    if (outcome.error === 'NOT_FOUND') throw codeError('NOT_FOUND');
    await recordFailure(ctx, email, meta.ip, identityId);
    throw codeError('BAD_CODE', { attemptsLeft: outcome.attemptsLeft });
  }
  await recordSuccess(ctx, email, meta.ip, identityId);
  const response = await continueSignIn(ctx, found, {
    amr: [...outcome.data.amr, AMR[factorType]],
    meta,
    clientMetaData: outcome.data.clientMetaData,
  });
  if (!req.rememberThisDevice) return { response };
  return { response, deviceToken: await rememberDevice(ctx, identityId) };
}

/**
 * POST /identity/v1/mfa/email/send: mails a code for the EMAIL factor of a live MFA state. At most one every 30 s
 * and 5 per state, like /auth/resend; each new code replaces the previous one. Codes are never mailed unasked, so a
 * login with an authenticator app sends no mail.
 */
export async function sendFactorCode(ctx: Ctx, req: SendFactorCodeRequest): Promise<EmptyResponse> {
  const issued = await withTx(ctx, async (tx) => {
    const { state, email } = await lockedStateAndEmail(tx, req.stateToken, 'MFA');
    return { email, code: await nextCode(tx, state, 'MFA_EMAIL') };
  });
  const sent = await mailCode(ctx, issued.email, issued.code, req.stateToken, { template: 'VERIFICATION_CODE' });
  if (sent.status === 'FAILED') throw codeError('SEND_CODE_ERROR');
  return {};
}
