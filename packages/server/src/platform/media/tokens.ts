import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Ctx } from '../../kernel/context.js';

/**
 * Signed, expiring capabilities of the media library: upload URLs (which file the bytes are for) and download links
 * (which file and rendition, until when, how to present it). A link is a base64url JSON body and an HMAC under a
 * per-purpose key, so it can be neither edited nor used for another purpose.
 */
type Purpose = 'media-upload' | 'media-download';

const mac = (ctx: Ctx, purpose: Purpose, body: string) =>
  createHmac('sha256', ctx.keys.secret(purpose)).update(body).digest().subarray(0, 18).toString('base64url');

export function signToken(ctx: Ctx, purpose: Purpose, claims: object): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${mac(ctx, purpose, body)}`;
}

/** The claims of a token this server signed for `purpose`, or undefined (expiry is the caller's to judge). */
export function readToken<T>(ctx: Ctx, purpose: Purpose, token: string): T | undefined {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return undefined;
  const expected = mac(ctx, purpose, body);
  if (sig.length !== expected.length || !timingSafeEqual(Buffer.from(sig), Buffer.from(expected))) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

/** An upload URL's claims: the file, when the URL stops working (ms), and the most bytes it may carry. */
export interface UploadClaims {
  f: string;
  e: number;
  m: number;
}

/** A download link's claims. */
export interface DownloadClaims {
  /** File id, or ids (a ZIP of several). */
  f: string | string[];
  /** Asset key: original, preview, w800... */
  a: string;
  /** Expires (ms since epoch). */
  e: number;
  /** Content disposition: A attachment, I inline. */
  d?: 'A' | 'I';
  /** Download file name. */
  n?: string;
  /** Where an expired link sends the browser. */
  r?: string;
}
