import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ChangePasswordRequest, EmptyResponse, RecoverRequest, SendRecoveryEmailRequest } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { notFound, violation } from '../../kernel/errors.js';
import { sha256 } from '../../lib/hash.js';
import { randomToken, uuidv7 } from '../../lib/ids.js';
import { sendMail } from '../mail/index.js';
import { getSite } from '../site/index.js';
import { invalidPassword, invalidRecoveryToken } from './errors.js';
import { hashPassword, verifyPassword } from './password.js';
import { normalizeEmail, statusAfter } from './profile.js';
import { endIdentitySessions } from './sessions.service.js';
import { findByEmail, findById } from './signin.js';
import { identities, recoveryTokens, rememberedDevices } from './tables.js';
import { sleep } from './throttle.js';
import { tokenHooks } from './token-hooks.js';

/** Recovery links work once, for an hour; at most 5 are mailed to one account per hour (no mail bombing). */
export const RECOVERY = { TTL_MS: 60 * 60_000, MAX_PER_HOUR: 5, MIN_RESPONSE_MS: 150 } as const;

/**
 * Links may only point at this site or an origin of a registered OAuth client: a link elsewhere would hand the
 * token to whoever asked for the mail.
 */
async function assertOwnOrigin(ctx: Ctx, redirect: string): Promise<void> {
  const origin = new URL(redirect).origin;
  const own = [new URL(ctx.config.publicUrl).origin, ...(ctx.config.devWebOrigin ? [ctx.config.devWebOrigin] : [])];
  if (own.includes(origin)) return;
  if (await tokenHooks().isClientOrigin(ctx, origin)) return;
  throw violation('redirect', 'FORMAT', `redirect must be on this site or an allowed origin of an OAuth client`);
}

/**
 * POST /identity/v1/send-email. Answers `{}` after about the same time whether or not the address has an account;
 * the mail itself is delivered in the background so SMTP latency can't tell the two apart.
 */
export async function sendRecoveryEmail(ctx: Ctx, req: SendRecoveryEmailRequest): Promise<EmptyResponse> {
  const started = Date.now();
  const email = normalizeEmail(req.email, 'email');
  if (req.redirect) await assertOwnOrigin(ctx, req.redirect);
  const found = await findByEmail(ctx, email);
  if (found && found.identity.status !== 'DELETED') {
    const now = ctx.clock();
    const [recent] = await ctx.db
      .select({ n: count() })
      .from(recoveryTokens)
      .where(
        and(
          eq(recoveryTokens.identityId, found.identity.id),
          gt(recoveryTokens.createdDate, new Date(now.getTime() - 60 * 60_000)),
        ),
      );
    if ((recent?.n ?? 0) < RECOVERY.MAX_PER_HOUR) {
      const token = `rt_${randomToken(32)}`;
      await ctx.db.insert(recoveryTokens).values({
        id: uuidv7(now.getTime()),
        tokenHash: sha256(token),
        identityId: found.identity.id,
        createdDate: now,
        expiresDate: new Date(now.getTime() + RECOVERY.TTL_MS),
      });
      const link = new URL(req.redirect ?? `${ctx.config.publicUrl}/reset-password`);
      link.searchParams.set('token', token);
      const { name: siteName } = await getSite(ctx);
      await sendMail(
        ctx,
        {
          to: found.identity.email,
          template: 'PASSWORD_RECOVERY',
          data: { siteName, link: link.toString(), minutes: 60 },
        },
        { wait: false },
      );
    } else {
      ctx.log.warn({ identityId: found.identity.id }, 'recovery mail limit reached; not sending');
    }
  }
  const rest = RECOVERY.MIN_RESPONSE_MS - (Date.now() - started);
  if (rest > 0) await sleep(rest);
  return {};
}

/**
 * POST /identity/v1/recover: sets the password with a recovery token. Also verifies the e-mail (the person proved
 * they read it), clears "must reset", and ends every session of the identity with its refresh tokens.
 */
export async function recover(ctx: Ctx, req: RecoverRequest): Promise<EmptyResponse> {
  const passwordHash = await hashPassword(req.password);
  await withTx(ctx, async (tx) => {
    const now = tx.clock();
    const [claimed] = await tx.db
      .update(recoveryTokens)
      .set({ usedDate: now })
      .where(
        and(
          eq(recoveryTokens.tokenHash, sha256(req.recoveryToken)),
          isNull(recoveryTokens.usedDate),
          gt(recoveryTokens.expiresDate, now),
        ),
      )
      .returning({ identityId: recoveryTokens.identityId });
    if (!claimed) throw invalidRecoveryToken();
    const [identity] = await tx.db.select().from(identities).where(eq(identities.id, claimed.identityId)).for('update');
    if (!identity || identity.status === 'DELETED') throw invalidRecoveryToken();
    const reasons = identity.statusReasons.filter((r) => r !== 'EMAIL_VERIFICATION_REQUIRED');
    await tx.db
      .update(identities)
      .set({
        passwordHash,
        passwordResetRequired: false,
        emailVerified: true,
        ...statusAfter(identity.status, reasons),
        updatedDate: now,
        revision: sql`${identities.revision} + 1`,
      })
      .where(eq(identities.id, identity.id));
    // The other links of this account stop working too.
    await tx.db
      .update(recoveryTokens)
      .set({ usedDate: now })
      .where(and(eq(recoveryTokens.identityId, identity.id), isNull(recoveryTokens.usedDate)));
    await endIdentitySessions(tx, identity.id);
    // A new password means the old one may be known: devices remembered for the second factor must prove it again.
    await tx.db.delete(rememberedDevices).where(eq(rememberedDevices.identityId, identity.id));
  });
  return {};
}

/**
 * POST /identity/v2/change-password, for the signed-in member. `currentPassword` is checked when sent. Every other
 * session of the member ends, with its refresh tokens.
 */
export async function changePassword(ctx: Ctx, req: ChangePasswordRequest): Promise<EmptyResponse> {
  const caller = ctx.caller;
  if (caller.type !== 'MEMBER') throw notFound('Member');
  const found = await findById(ctx, caller.memberId);
  if (!found) throw notFound('Member');
  if (req.currentPassword !== undefined) {
    const hash = found.identity.passwordHash;
    if (!hash || !(await verifyPassword(req.currentPassword, hash))) throw invalidPassword();
  }
  const passwordHash = await hashPassword(req.newPassword);
  await withTx(ctx, async (tx) => {
    await tx.db
      .update(identities)
      .set({
        passwordHash,
        passwordResetRequired: false,
        updatedDate: tx.clock(),
        revision: sql`${identities.revision} + 1`,
      })
      .where(eq(identities.id, found.identity.id));
    // The caller's own session (the token's `sid`) stays signed in.
    await endIdentitySessions(tx, found.identity.id, caller.sessionId);
    await tx.db.delete(rememberedDevices).where(eq(rememberedDevices.identityId, found.identity.id));
  });
  return {};
}
