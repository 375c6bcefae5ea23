import { inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { loginThrottle } from './tables.js';

/**
 * Failed-login defences, counted in PostgreSQL so every node sees the same numbers (DESIGN.md §5):
 * - from the 3rd failure of one e-mail from one address within 15 minutes, each login waits 250 ms · 2^(n−3),
 *   at most 2 s;
 * - the 10th failure locks that pair out for 15 minutes: 429 with Retry-After;
 * - the captcha policy AFTER_FAILURES counts the pair, the address and the e-mail (across addresses), so neither
 *   rotating addresses nor spraying many e-mails from one address avoids it;
 * - second-factor checks (whoever makes them knows the password) also count per identity, from any address, and the
 *   10th failure locks the identity's factor checks for 15 minutes; a password login does not reset that count.
 */
export const LOGIN_THROTTLE = {
  WINDOW_MS: 15 * 60_000,
  DELAY_FROM_FAILURES: 3,
  BASE_DELAY_MS: 250,
  MAX_DELAY_MS: 2_000,
  LOCK_AFTER_FAILURES: 10,
  LOCK_MS: 15 * 60_000,
} as const;

const keys = (email: string, ip: string) => ({ pair: `login:${email}|${ip}`, ip: `ip:${ip}`, email: `email:${email}` });
/** The per-identity key of second-factor failures. */
const factorKey = (identityId: string) => `mfa:${identityId}`;

export interface ThrottleState {
  /** Recent failures of this e-mail from this address. */
  pairFailures: number;
  /** The largest of the pair's, the address's and the e-mail's recent failures (for the captcha policy). */
  maxFailures: number;
  /** Seconds until a lock-out ends, when there is one. */
  lockedForSeconds?: number;
}

/** With `factorOf` (an identity id), a lock of that identity's second-factor checks counts too. */
export async function readThrottle(ctx: Ctx, email: string, ip: string, factorOf?: string): Promise<ThrottleState> {
  const k = keys(email, ip);
  const now = ctx.clock().getTime();
  const lockKeys = factorOf ? [k.pair, factorKey(factorOf)] : [k.pair];
  const rows = await ctx.db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [k.ip, k.email, ...lockKeys]));
  const recent = (key: string) => {
    const r = rows.find((row) => row.key === key);
    return r && now - r.lastFailureDate.getTime() < LOGIN_THROTTLE.WINDOW_MS ? r.failures : 0;
  };
  const blockedUntil = Math.max(
    0,
    ...rows.filter((r) => lockKeys.includes(r.key)).map((r) => r.blockedUntil?.getTime() ?? 0),
  );
  return {
    pairFailures: recent(k.pair),
    maxFailures: Math.max(recent(k.pair), recent(k.ip), recent(k.email)),
    ...(blockedUntil && blockedUntil > now ? { lockedForSeconds: Math.ceil((blockedUntil - now) / 1000) } : {}),
  };
}

/** How long a login waits after `failures` recent failures of the pair. */
export function loginDelayMs(failures: number): number {
  if (failures < LOGIN_THROTTLE.DELAY_FROM_FAILURES) return 0;
  const exp = failures - LOGIN_THROTTLE.DELAY_FROM_FAILURES;
  return Math.min(LOGIN_THROTTLE.BASE_DELAY_MS * 2 ** Math.min(exp, 16), LOGIN_THROTTLE.MAX_DELAY_MS);
}

/**
 * Counts a failure on all three keys (and the identity's second-factor key with `factorOf`) in one statement; a count
 * older than the window starts again at 1.
 */
export async function recordFailure(ctx: Ctx, email: string, ip: string, factorOf?: string): Promise<void> {
  const k = keys(email, ip);
  const lockKeys = factorOf ? [k.pair, factorKey(factorOf)] : [k.pair];
  const now = ctx.clock();
  const cutoff = new Date(now.getTime() - LOGIN_THROTTLE.WINDOW_MS).toISOString();
  const lockUntil = new Date(now.getTime() + LOGIN_THROTTLE.LOCK_MS).toISOString();
  const next = sql`CASE WHEN ${loginThrottle.lastFailureDate} < ${cutoff}::timestamptz THEN 1 ELSE ${loginThrottle.failures} + 1 END`;
  await ctx.db
    .insert(loginThrottle)
    .values([k.ip, k.email, ...lockKeys].map((key) => ({ key, failures: 1, lastFailureDate: now })))
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: next,
        lastFailureDate: now,
        blockedUntil: sql`CASE WHEN ${inArray(loginThrottle.key, lockKeys)} AND ${next} >= ${LOGIN_THROTTLE.LOCK_AFTER_FAILURES}
          THEN ${lockUntil}::timestamptz ELSE ${loginThrottle.blockedUntil} END`,
      },
    });
}

/**
 * A successful login forgets the pair's and the e-mail's failures (the address's stay: others may share it); a passed
 * second factor (`factorOf`) also forgets the identity's second-factor failures.
 */
export async function recordSuccess(ctx: Ctx, email: string, ip: string, factorOf?: string): Promise<void> {
  const k = keys(email, ip);
  const forget = factorOf ? [k.pair, k.email, factorKey(factorOf)] : [k.pair, k.email];
  await ctx.db.delete(loginThrottle).where(inArray(loginThrottle.key, forget));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
