import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Ctx } from '../kernel/context.js';

/**
 * A capability for one record: the HMAC of its id under a secret of its own purpose (an order's thank-you page, a
 * reminder link back to a checkout, a payment link). It never expires by itself; whoever holds it can do what the
 * purpose allows with that one record, and nothing else.
 */
export const idToken = (ctx: Ctx, purpose: string, id: string): string =>
  createHmac('sha256', ctx.keys.secret(purpose)).update(id).digest().subarray(0, 18).toString('base64url');

/** Whether `token` is the id token of `id` for `purpose` (compared in constant time). */
export function idTokenMatches(ctx: Ctx, purpose: string, id: string, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(idToken(ctx, purpose, id));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
