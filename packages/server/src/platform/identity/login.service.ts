import { and, eq } from 'drizzle-orm';
import type { LoginRequest, LoginResponse } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { requireCaptcha } from '../captcha/index.js';
import { getSite } from '../site/index.js';
import { invalidPassword, resetPasswordRequired, tooManyAttempts } from './errors.js';
import { secondFactorStep } from './mfa-login.service.js';
import { hashPassword, needsRehash, verifyPassword } from './password.js';
import { normalizeEmail } from './profile.js';
import { assertMaySignIn, continueSignIn, findByEmail, type RequestMeta } from './signin.js';
import { identities } from './tables.js';
import { loginDelayMs, readThrottle, recordFailure, recordSuccess, sleep } from './throttle.js';

// Checked against when the e-mail is unknown, so that case costs one password hash like a wrong password does.
let dummyHash: Promise<string> | undefined;
const dummyVerify = async (password: string) => {
  dummyHash ??= hashPassword('plaza-dummy-password');
  await verifyPassword(password, await dummyHash);
};

/**
 * A hash made with older parameters is replaced by one with today's after a correct password. Best effort: a
 * failure is logged and the login goes on; the old hash is only replaced if nobody changed it meanwhile.
 */
async function rehashIfNeeded(ctx: Ctx, identityId: string, password: string, stored: string): Promise<void> {
  if (!needsRehash(stored)) return;
  try {
    const passwordHash = await hashPassword(password);
    await ctx.db
      .update(identities)
      .set({ passwordHash })
      .where(and(eq(identities.id, identityId), eq(identities.passwordHash, stored)));
  } catch (err) {
    ctx.log.warn({ err, identityId }, 'password rehash failed');
  }
}

/**
 * POST /identity/v2/login. In order: lock-out (429), captcha policy, progressive delay, password. Only a correct
 * password learns anything about the account (blocked, must reset, a second factor, verification or approval).
 */
export async function login(ctx: Ctx, req: LoginRequest, meta: RequestMeta): Promise<LoginResponse> {
  const email = normalizeEmail(req.loginId.email);
  const throttle = await readThrottle(ctx, email, meta.ip);
  if (throttle.lockedForSeconds) throw tooManyAttempts(throttle.lockedForSeconds);

  const { signInPolicy: policy } = await getSite(ctx);
  const captchaNeeded =
    policy.captchaMode === 'ALWAYS' ||
    (policy.captchaMode === 'AFTER_FAILURES' && throttle.maxFailures >= policy.captchaAfterFailures);
  if (captchaNeeded) await requireCaptcha(ctx, req.captchaTokens, 'log in');

  const delay = loginDelayMs(throttle.pairFailures);
  if (delay) await sleep(delay);

  const found = await findByEmail(ctx, email);
  const hash = found?.identity.passwordHash;
  const ok = hash ? await verifyPassword(req.password, hash) : (await dummyVerify(req.password), false);
  if (!found || !ok) {
    await recordFailure(ctx, email, meta.ip);
    throw invalidPassword();
  }
  await recordSuccess(ctx, email, meta.ip);
  assertMaySignIn(found);
  if (found.identity.passwordResetRequired) throw resetPasswordRequired();
  await rehashIfNeeded(ctx, found.identity.id, req.password, hash!);
  const mfa = await secondFactorStep(ctx, found.identity, { meta, clientMetaData: req.clientMetaData });
  if (mfa) return mfa;
  return continueSignIn(ctx, found, { amr: ['pwd'], meta, clientMetaData: req.clientMetaData });
}
