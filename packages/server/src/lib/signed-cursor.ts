import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Ctx } from '../kernel/context.js';
import { violation } from '../kernel/errors.js';

const sign = (ctx: Ctx, purpose: string, body: string) =>
  createHmac('sha256', ctx.keys.secret(purpose)).update(body).digest().subarray(0, 16).toString('base64url');

/**
 * An opaque page cursor: base64url JSON of `state` (the query it continues and where the next page starts) with an
 * HMAC under a per-list `purpose`, so a client can neither edit the filter inside nor use it on another list.
 */
export function encodeSignedCursor(ctx: Ctx, purpose: string, state: unknown): string {
  const body = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${body}.${sign(ctx, purpose, body)}`;
}

/** Reads a cursor back; anything this server did not sign for this list is a 400 on `field`. */
export function decodeSignedCursor<T>(ctx: Ctx, purpose: string, cursor: string, field = 'cursor'): T {
  const [body, mac, extra] = cursor.split('.');
  const expected = body ? sign(ctx, purpose, body) : '';
  if (!body || !mac || extra !== undefined || mac.length !== expected.length) {
    throw violation(field, 'FORMAT', `${field} is not one this server issued`);
  }
  if (!timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) {
    throw violation(field, 'FORMAT', `${field} is not one this server issued`);
  }
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
}
