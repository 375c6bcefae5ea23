import { eq, sql } from 'drizzle-orm';
import type { IdentityProfile, LoginResponse, RegisterRequest, SignOnRequest, SignOnResponse } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { uuidv7 } from '../../lib/ids.js';
import { requireCaptcha } from '../captcha/index.js';
import { getSite } from '../site/index.js';
import { emailAlreadyExists } from './errors.js';
import { identityMembers } from './member-hooks.js';
import { hashPassword } from './password.js';
import { normalizeEmail, normalizeProfile, toIdentity, type IdentityRow } from './profile.js';
import { startSession } from './sessions.service.js';
import { assertMaySignIn, continueSignIn, findByEmail, type RequestMeta } from './signin.js';
import { readThrottle } from './throttle.js';
import { identities } from './tables.js';
import { emitEvent } from '../events/index.js';

export interface NewIdentity {
  email: string;
  passwordHash: string | null;
  profile: IdentityProfile;
  emailVerified: boolean;
  /** Pending reasons; none makes the identity ACTIVE. */
  reasons: string[];
  /** false: the caller finishes the member in its transaction and emits its created event (see members/create.ts). */
  announceMember?: boolean;
}

/**
 * Creates an identity and its member in one transaction. The unique index on lower(email) decides races: of many
 * concurrent registrations of one address exactly one inserts, the others get -19995.
 */
export async function createIdentity(ctx: Ctx, input: NewIdentity): Promise<IdentityRow> {
  return withTx(ctx, async (tx) => {
    const now = tx.clock();
    const id = uuidv7(now.getTime());
    const [row] = await tx.db
      .insert(identities)
      .values({
        id,
        email: input.email,
        passwordHash: input.passwordHash,
        status: input.reasons.length ? 'PENDING' : 'ACTIVE',
        statusReasons: input.reasons,
        emailVerified: input.emailVerified,
        profile: input.profile,
        createdDate: now,
        updatedDate: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw emailAlreadyExists();
    await emitEvent(tx, { type: 'identity.identity.created', entityId: id, entity: toIdentity(row) });
    await identityMembers().created(tx, {
      id,
      email: input.email,
      profile: input.profile,
      status: input.reasons.includes('ADMIN_APPROVAL_REQUIRED') ? 'PENDING' : 'APPROVED',
      now,
      ...(input.announceMember === false ? { announce: false } : {}),
    });
    return row;
  });
}

/** POST /identity/v2/register. */
export async function register(ctx: Ctx, req: RegisterRequest, meta: RequestMeta): Promise<LoginResponse> {
  const email = normalizeEmail(req.loginId.email);
  const profile = normalizeProfile(req.profile ?? {});
  const { signInPolicy: policy } = await getSite(ctx);
  // AFTER_FAILURES: an address that has been failing logins must also prove itself to sign up.
  const captchaNeeded =
    policy.captchaMode === 'ALWAYS' ||
    (policy.captchaMode === 'AFTER_FAILURES' &&
      (await readThrottle(ctx, email, meta.ip)).maxFailures >= policy.captchaAfterFailures);
  if (captchaNeeded) await requireCaptcha(ctx, req.captchaTokens, 'register');
  // Checked before hashing so a taken address costs no password hash; the insert still decides races.
  if (await findByEmail(ctx, email)) throw emailAlreadyExists();

  const reasons = [
    ...(policy.emailVerificationRequired ? ['EMAIL_VERIFICATION_REQUIRED'] : []),
    ...(policy.ownerApprovalRequired ? ['ADMIN_APPROVAL_REQUIRED'] : []),
  ];
  const passwordHash = await hashPassword(req.password);
  const identity = await createIdentity(ctx, { email, passwordHash, profile, emailVerified: false, reasons });
  return continueSignIn(
    ctx,
    { identity, memberStatus: reasons.includes('ADMIN_APPROVAL_REQUIRED') ? 'PENDING' : 'APPROVED' },
    { amr: ['pwd'], meta, clientMetaData: req.clientMetaData },
  );
}

/**
 * POST /identity/v2/sign-on: a back-office app vouches for a person. Finds the identity by e-mail or creates it
 * (no password, active, no owner approval), optionally marks the address verified, and starts a session.
 */
export async function signOn(ctx: Ctx, req: SignOnRequest, meta: RequestMeta): Promise<SignOnResponse> {
  const email = normalizeEmail(req.loginId.email);
  const profile = normalizeProfile(req.profile ?? {});
  let found = await findByEmail(ctx, email);
  if (!found) {
    try {
      const identity = await createIdentity(ctx, {
        email,
        passwordHash: null,
        profile,
        emailVerified: req.verifyEmail === true,
        reasons: [],
      });
      found = { identity, memberStatus: 'APPROVED' };
    } catch (err) {
      // Created by a concurrent call in the meantime: use that one.
      found = await findByEmail(ctx, email);
      if (!found) throw err;
    }
  }
  assertMaySignIn(found);
  let identity = found.identity;
  if (req.verifyEmail && !identity.emailVerified) {
    const now = ctx.clock();
    const reasons = identity.statusReasons.filter((r) => r !== 'EMAIL_VERIFICATION_REQUIRED');
    [identity] = (await ctx.db
      .update(identities)
      .set({
        emailVerified: true,
        statusReasons: reasons,
        status: identity.status === 'PENDING' && !reasons.length ? 'ACTIVE' : identity.status,
        updatedDate: now,
        revision: sql`${identities.revision} + 1`,
      })
      .where(eq(identities.id, identity.id))
      .returning()) as [IdentityRow];
  }
  const { sessionToken } = await startSession(ctx, {
    identityId: identity.id,
    amr: ['sign-on'],
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  return { sessionToken, identity: toIdentity(identity) };
}
