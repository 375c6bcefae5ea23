import { randomInt } from 'node:crypto';
import { and, count, eq, gt, isNull, max } from 'drizzle-orm';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import { sha256 } from '../../lib/hash.js';
import { randomToken, uuidv7 } from '../../lib/ids.js';
import { sendMail, type SentMail } from '../mail/index.js';
import { getSite } from '../site/index.js';
import { codeError, tooManyAttempts } from './errors.js';
import { authStates, identities, verificationCodes } from './tables.js';

/** E-mail codes: 6 digits, 10 minutes, 5 tries, single use, bound to a state that lives an hour. */
export const VERIFICATION = {
  CODE_TTL_MS: 10 * 60_000,
  MAX_ATTEMPTS: 5,
  STATE_TTL_MS: 60 * 60_000,
  /** A new code for the same state at most every 30 s, and at most 5 codes per state. */
  RESEND_INTERVAL_MS: 30_000,
  MAX_CODES_PER_STATE: 5,
} as const;

/** Salted with the state id, so equal codes of two states hash differently. */
export const codeHash = (stateId: string, code: string) => sha256(`${stateId}:${code}`);

/** What a verification state remembers for the step after it. */
export interface StateData extends Record<string, unknown> {
  /** How the person proved who they are so far (`pwd` after a password). */
  amr: string[];
  clientMetaData?: Record<string, string>;
  /** ACTIVATION states resend their code as an activation link to `redirectUrl`. */
  template?: 'VERIFICATION_CODE' | 'ACTIVATION';
  redirectUrl?: string;
}

/**
 * The live state of a `stateToken` of this kind (not consumed, not expired); with `lock`, the row is locked for the
 * rest of the transaction so concurrent attempts count one after another.
 */
export async function liveAuthState(ctx: Ctx, stateToken: string, kind: 'EMAIL_VERIFICATION' | 'MFA', lock = false) {
  const query = ctx.db
    .select()
    .from(authStates)
    .where(
      and(
        eq(authStates.tokenHash, sha256(stateToken)),
        eq(authStates.kind, kind),
        isNull(authStates.consumedDate),
        gt(authStates.expiresDate, ctx.clock()),
      ),
    );
  const [state] = lock ? await query.for('update') : await query;
  return state;
}

/**
 * The live state of a `stateToken`, locked, and the e-mail of its person: what a new code is made for and mailed
 * to. NOT_FOUND (as a code error) when either is gone.
 */
export async function lockedStateAndEmail(tx: Ctx, stateToken: string, kind: 'EMAIL_VERIFICATION' | 'MFA') {
  const state = await liveAuthState(tx, stateToken, kind, true);
  if (!state) throw codeError('NOT_FOUND');
  const [identity] = await tx.db
    .select({ email: identities.email })
    .from(identities)
    .where(eq(identities.id, state.identityId));
  if (!identity) throw codeError('NOT_FOUND');
  return { state, email: identity.email };
}

export async function createState(
  ctx: Ctx,
  identityId: string,
  kind: 'EMAIL_VERIFICATION' | 'MFA',
  data: StateData,
  ttlMs: number = VERIFICATION.STATE_TTL_MS,
): Promise<{ id: string; token: string }> {
  const now = ctx.clock();
  const token = `vs_${randomToken(32)}`;
  const id = uuidv7(now.getTime());
  await ctx.db.insert(authStates).values({
    id,
    tokenHash: sha256(token),
    identityId,
    kind,
    data,
    createdDate: now,
    expiresDate: new Date(now.getTime() + ttlMs),
  });
  return { id, token };
}

/** A new code for a state; the state's earlier codes stop working. */
export async function createCode(
  ctx: Ctx,
  state: { id: string; identityId: string },
  purpose: 'EMAIL_VERIFICATION' | 'MFA_EMAIL' = 'EMAIL_VERIFICATION',
): Promise<string> {
  const now = ctx.clock();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db
    .update(verificationCodes)
    .set({ usedDate: now })
    .where(and(eq(verificationCodes.stateId, state.id), isNull(verificationCodes.usedDate)));
  await ctx.db.insert(verificationCodes).values({
    id: uuidv7(now.getTime()),
    stateId: state.id,
    identityId: state.identityId,
    purpose,
    codeHash: codeHash(state.id, code),
    createdDate: now,
    expiresDate: new Date(now.getTime() + VERIFICATION.CODE_TTL_MS),
  });
  return code;
}

/**
 * Another code for a state the caller has locked, within the limits: at most one every 30 s (429 with Retry-After)
 * and 5 per state. The state's earlier codes stop working.
 */
export async function nextCode(
  ctx: Ctx,
  state: { id: string; identityId: string },
  purpose: 'EMAIL_VERIFICATION' | 'MFA_EMAIL' = 'EMAIL_VERIFICATION',
): Promise<string> {
  const [stats] = await ctx.db
    .select({ n: count(), last: max(verificationCodes.createdDate) })
    .from(verificationCodes)
    .where(eq(verificationCodes.stateId, state.id));
  if ((stats?.n ?? 0) >= VERIFICATION.MAX_CODES_PER_STATE) {
    throw new AppError('RATE_LIMITED', 'Too many codes for this sign-in: log in again to get a new one', {
      applicationCode: 'TOO_MANY_ATTEMPTS',
    });
  }
  const last = stats?.last ? new Date(stats.last).getTime() : 0;
  const wait = last + VERIFICATION.RESEND_INTERVAL_MS - ctx.clock().getTime();
  if (wait > 0) throw tooManyAttempts(Math.ceil(wait / 1000), 'codes requested');
  return createCode(ctx, state, purpose);
}

export type CodeMail = { template: 'VERIFICATION_CODE' } | { template: 'ACTIVATION'; redirectUrl?: string | undefined };

/** Mails a code, as a plain code or as an activation link that carries the state token and the code. */
export async function mailCode(
  ctx: Ctx,
  to: string,
  code: string,
  stateToken: string,
  how: CodeMail,
): Promise<SentMail> {
  const { name: siteName } = await getSite(ctx);
  const minutes = VERIFICATION.CODE_TTL_MS / 60_000;
  if (how.template === 'VERIFICATION_CODE') {
    return sendMail(ctx, { to, template: 'VERIFICATION_CODE', data: { siteName, code, minutes } });
  }
  const link = new URL(how.redirectUrl ?? `${ctx.config.publicUrl}/verify-email`);
  link.searchParams.set('stateToken', stateToken);
  link.searchParams.set('code', code);
  return sendMail(ctx, { to, template: 'ACTIVATION', data: { siteName, code, link: link.toString(), minutes } });
}

/** Starts an e-mail verification: a state, its first code, and the mail. Returns the state token. */
export async function startEmailVerification(
  ctx: Ctx,
  identity: { id: string; email: string },
  data: StateData,
  how: CodeMail = { template: 'VERIFICATION_CODE' },
): Promise<{ stateToken: string; sent: SentMail }> {
  const { state, code } = await withTx(ctx, async (tx) => {
    const state = await createState(tx, identity.id, 'EMAIL_VERIFICATION', data);
    return { state, code: await createCode(tx, { id: state.id, identityId: identity.id }) };
  });
  const sent = await mailCode(ctx, identity.email, code, state.token, how);
  if (sent.status === 'FAILED') ctx.log.warn({ identityId: identity.id }, 'verification code mail failed');
  return { stateToken: state.token, sent };
}
