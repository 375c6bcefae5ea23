import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type {
  ActivationEmailRequest,
  EmptyResponse,
  LoginResponse,
  ResendCodeRequest,
  StartVerificationRequest,
  StartVerificationResponse,
  VerifyCodeRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import {
  codeHash,
  liveAuthState,
  lockedStateAndEmail,
  mailCode,
  nextCode,
  startEmailVerification,
  VERIFICATION,
  type StateData,
} from './codes.js';
import { codeError } from './errors.js';
import { statusAfter } from './profile.js';
import { continueSignIn, findById, type RequestMeta } from './signin.js';
import { authStates, identities, verificationCodes } from './tables.js';

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * POST /identity/v1/auth/verify. A wrong code uses up one of its 5 tries (committed even though the call fails);
 * the right one verifies the e-mail, ends the state, and the sign-in continues as after a login.
 */
export async function verifyCode(ctx: Ctx, req: VerifyCodeRequest, meta: RequestMeta): Promise<LoginResponse> {
  type Outcome =
    { error: 'NOT_FOUND' } | { error: 'BAD_CODE'; attemptsLeft: number } | { identityId: string; data: StateData };
  const outcome = await withTx(ctx, async (tx): Promise<Outcome> => {
    const now = tx.clock();
    const state = await liveAuthState(tx, req.stateToken, 'EMAIL_VERIFICATION', true);
    if (!state) return { error: 'NOT_FOUND' };
    const [code] = await tx.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.stateId, state.id),
          isNull(verificationCodes.usedDate),
          gt(verificationCodes.expiresDate, now),
          lt(verificationCodes.attempts, VERIFICATION.MAX_ATTEMPTS),
        ),
      )
      .orderBy(desc(verificationCodes.createdDate))
      .limit(1)
      .for('update');
    if (!code) return { error: 'NOT_FOUND' };
    if (!sameHash(codeHash(state.id, req.code.replace(/\s+/g, '')), code.codeHash)) {
      await tx.db
        .update(verificationCodes)
        .set({ attempts: code.attempts + 1 })
        .where(eq(verificationCodes.id, code.id));
      return { error: 'BAD_CODE', attemptsLeft: VERIFICATION.MAX_ATTEMPTS - code.attempts - 1 };
    }
    await tx.db.update(verificationCodes).set({ usedDate: now }).where(eq(verificationCodes.id, code.id));
    await tx.db.update(authStates).set({ consumedDate: now }).where(eq(authStates.id, state.id));
    const [identity] = await tx.db.select().from(identities).where(eq(identities.id, state.identityId)).for('update');
    if (identity && !identity.emailVerified) {
      const next = statusAfter(
        identity.status,
        identity.statusReasons.filter((r) => r !== 'EMAIL_VERIFICATION_REQUIRED'),
      );
      await tx.db
        .update(identities)
        .set({ emailVerified: true, ...next, updatedDate: now, revision: sql`${identities.revision} + 1` })
        .where(eq(identities.id, identity.id));
    }
    return { identityId: state.identityId, data: state.data as StateData };
  });
  if ('error' in outcome) {
    throw outcome.error === 'BAD_CODE'
      ? codeError('BAD_CODE', { attemptsLeft: outcome.attemptsLeft })
      : codeError('NOT_FOUND');
  }
  const found = await findById(ctx, outcome.identityId);
  if (!found) throw codeError('NOT_FOUND');
  return continueSignIn(ctx, found, {
    amr: [...(outcome.data.amr ?? []), 'email'],
    meta,
    clientMetaData: outcome.data.clientMetaData,
  });
}

/** POST /identity/v1/auth/resend: a new code for the same state (the old one stops working). */
export async function resendCode(ctx: Ctx, req: ResendCodeRequest): Promise<EmptyResponse> {
  const issued = await withTx(ctx, async (tx) => {
    const { state, email } = await lockedStateAndEmail(tx, req.stateToken, 'EMAIL_VERIFICATION');
    return { code: await nextCode(tx, state), email, data: state.data as StateData };
  });
  const how =
    issued.data.template === 'ACTIVATION'
      ? ({ template: 'ACTIVATION', redirectUrl: issued.data.redirectUrl } as const)
      : ({ template: 'VERIFICATION_CODE' } as const);
  const sent = await mailCode(ctx, issued.email, issued.code, req.stateToken, how);
  if (sent.status === 'FAILED') throw codeError('SEND_CODE_ERROR');
  return {};
}

async function identityToVerify(ctx: Ctx, identityId: string) {
  const found = await findById(ctx, identityId);
  if (!found || found.identity.status === 'DELETED') throw notFound('Identity');
  return found.identity;
}

/** POST /identity/v1/Start: the back office starts an e-mail verification; the person gets a code. */
export async function startVerification(ctx: Ctx, req: StartVerificationRequest): Promise<StartVerificationResponse> {
  const identity = await identityToVerify(ctx, req.identityId);
  const { stateToken, sent } = await startEmailVerification(ctx, identity, { amr: [] });
  if (sent.status === 'FAILED') throw codeError('SEND_CODE_ERROR');
  return { stateToken };
}

/** POST /identity/v1/activation-email: mails a link (and code) that verifies the address in one click. */
export async function sendActivationEmail(ctx: Ctx, req: ActivationEmailRequest): Promise<EmptyResponse> {
  const identity = await identityToVerify(ctx, req.identityId);
  const { sent } = await startEmailVerification(
    ctx,
    identity,
    {
      amr: [],
      template: 'ACTIVATION',
      ...(req.emailOptions?.redirectUrl ? { redirectUrl: req.emailOptions.redirectUrl } : {}),
    },
    { template: 'ACTIVATION', redirectUrl: req.emailOptions?.redirectUrl },
  );
  if (sent.status === 'FAILED') throw codeError('SEND_CODE_ERROR');
  return {};
}
