import { randomInt } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  CAPTCHA_INVISIBLE_SITE_KEY,
  CAPTCHA_VISIBLE_SITE_KEY,
  IDENTITY_ERROR_CODES,
  type CaptchaChallenge,
  type CaptchaSettings,
  type CaptchaTokens,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import { captchaSpent } from './tables.js';
import { getSite } from '../site/index.js';

/** A challenge must be solved and used within 5 minutes, once. */
export const CAPTCHA_TTL_SECONDS = 5 * 60;
/** PBKDF2 iterations per try; the number of tries is `captchaComplexity` (PLAZA_CAPTCHA_COMPLEXITY). */
const PBKDF2_COST = 5_000;
const ALGORITHM = 'PBKDF2/SHA-256';

type Variant = 'visible' | 'invisible';
const VARIANT_BY_SITE_KEY: Record<string, Variant> = {
  [CAPTCHA_VISIBLE_SITE_KEY]: 'visible',
  [CAPTCHA_INVISIBLE_SITE_KEY]: 'invisible',
};

/** The HMAC secrets that sign challenges: derived from the signing keys, so every node agrees (see KeyStore.secret). */
function secrets(ctx: Ctx): { signature: string; keySignature: string } {
  return {
    signature: ctx.keys.secret('captcha-signature').toString('hex'),
    keySignature: ctx.keys.secret('captcha-key-signature').toString('hex'),
  };
}

export async function captchaSettings(ctx: Ctx): Promise<CaptchaSettings> {
  const { signInPolicy } = await getSite(ctx);
  return {
    captchaMode: signInPolicy.captchaMode,
    captchaAfterFailures: signInPolicy.captchaAfterFailures,
    captchaVisibleSiteKey: CAPTCHA_VISIBLE_SITE_KEY,
    captchaInvisibleSiteKey: CAPTCHA_INVISIBLE_SITE_KEY,
    challengePath: '/identity/v1/captcha/challenge',
  };
}

/**
 * A new proof-of-work challenge (ALTCHA v2, deterministic mode): the solver must find a counter the server drew,
 * between half and all of `captchaComplexity`. The variant is signed into the challenge.
 */
export async function newChallenge(ctx: Ctx, siteKey = CAPTCHA_VISIBLE_SITE_KEY): Promise<CaptchaChallenge> {
  const s = secrets(ctx);
  const max = ctx.config.captchaComplexity;
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: PBKDF2_COST,
    counter: randomInt(Math.ceil(max / 2), max + 1),
    deriveKey,
    expiresAt: Math.floor(ctx.clock().getTime() / 1000) + CAPTCHA_TTL_SECONDS,
    data: { variant: VARIANT_BY_SITE_KEY[siteKey] ?? 'visible' },
    hmacSignatureSecret: s.signature,
    hmacKeySignatureSecret: s.keySignature,
  });
  return challenge as CaptchaChallenge;
}

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

function decode(token: string): Payload | undefined {
  try {
    const p = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Payload;
    if (!p || typeof p !== 'object' || typeof p.challenge?.parameters !== 'object' || !p.solution) return undefined;
    return p;
  } catch {
    return undefined;
  }
}

/** Checks one proof: signed by us, of the variant it claims, not expired, solved, and never used before. */
async function verifyToken(ctx: Ctx, token: string, variant: Variant): Promise<boolean> {
  const payload = decode(token);
  if (!payload?.challenge.signature) return false;
  const { parameters } = payload.challenge;
  const nowSeconds = ctx.clock().getTime() / 1000;
  if (parameters.data?.variant !== variant || !parameters.expiresAt || parameters.expiresAt < nowSeconds) return false;
  const s = secrets(ctx);
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: s.signature,
    hmacKeySignatureSecret: s.keySignature,
  }).catch(() => undefined);
  if (!result?.verified) return false;
  // Spend it: the signature is unique per challenge, and the primary key makes the first use win.
  const spent = await ctx.db
    .insert(captchaSpent)
    .values({ signature: payload.challenge.signature, expiresDate: new Date(parameters.expiresAt * 1000) })
    .onConflictDoNothing()
    .returning({ signature: captchaSpent.signature });
  if (Math.random() < 0.05) await ctx.db.delete(captchaSpent).where(lt(captchaSpent.expiresDate, ctx.clock()));
  return spent.length === 1;
}

/**
 * Demands a captcha proof from a caller: -19971 when none is sent, -19970 when it fails. `reason` names the
 * action (login, register, review) in the message and the log. Reusable by any route that takes `captchaTokens`.
 */
export async function requireCaptcha(ctx: Ctx, tokens: CaptchaTokens | undefined, reason: string): Promise<void> {
  const proofs = (tokens ?? []).flatMap((t) => [
    ...(t.Recaptcha ? [{ token: t.Recaptcha, variant: 'visible' as const }] : []),
    ...(t.InvisibleRecaptcha ? [{ token: t.InvisibleRecaptcha, variant: 'invisible' as const }] : []),
  ]);
  if (!proofs.length) {
    throw new AppError('VALIDATION', `A captcha is required to ${reason}: solve it and send captchaTokens`, {
      applicationCode: IDENTITY_ERROR_CODES.MISSING_CAPTCHA_TOKEN,
    });
  }
  for (const p of proofs) if (await verifyToken(ctx, p.token, p.variant)) return;
  ctx.log.info({ reason }, 'captcha proof rejected');
  throw new AppError('VALIDATION', 'The captcha proof is invalid, expired or already used: solve a new one', {
    applicationCode: IDENTITY_ERROR_CODES.INVALID_CAPTCHA_TOKEN,
  });
}
