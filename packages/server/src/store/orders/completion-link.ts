import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, violation } from '../../kernel/errors.js';
import { decodeSignedCursor, encodeSignedCursor } from '../../lib/signed-cursor.js';
import { webBase } from '../../lib/urls.js';
import { loadCheckout, lockCheckoutRow } from '../checkout/index.js';
import { completeCheckout } from './placement.js';

/**
 * A link an external payment flow sends the buyer's browser to when it is done: it marks the checkout completed
 * (no order here, no abandoned-checkout reminder) and redirects to where the merchant said. The token is signed by
 * the site and names the checkout, the target and an expiry, so nobody can complete another checkout or send the
 * link elsewhere.
 */
const PURPOSE = 'checkout-completion-link';
interface Claims {
  c: string;
  r: string;
  exp: number;
}

export async function createCompletionLink(
  ctx: Ctx,
  checkoutId: string,
  req: { redirectUrl?: string; expiresInMinutes?: number },
): Promise<{ url: string; expirationDate: string }> {
  await loadCheckout(ctx, checkoutId); // 404 for a checkout the caller cannot reach
  const base = webBase(ctx);
  const target = req.redirectUrl ?? `${base}/`;
  if (!/^https?:\/\//.test(target)) throw violation('redirectUrl', 'FORMAT', 'give an http(s) address');
  const exp = ctx.clock().getTime() + (req.expiresInMinutes ?? 24 * 60) * 60_000;
  const token = encodeSignedCursor(ctx, PURPOSE, { c: checkoutId, r: target, exp } satisfies Claims);
  return {
    url: `${ctx.config.publicUrl}/ecom/v1/checkouts/mark-checkout-as-completed-and-redirect-to-url?token=${token}`,
    expirationDate: new Date(exp).toISOString(),
  };
}

/** Checks the token, completes its checkout (once; again is harmless) and answers where to send the browser. */
export async function completeByLink(ctx: Ctx, token: string): Promise<string> {
  const claims = decodeSignedCursor<Claims>(ctx, PURPOSE, token, 'token');
  if (claims.exp < ctx.clock().getTime()) {
    throw new AppError('VALIDATION', 'This link has expired', {
      violations: [{ field: 'token', violatedRule: 'VALIDATION', description: 'the link has expired' }],
    });
  }
  await withTx(ctx, async (tx) => {
    // The signature is the authority here: the browser that follows the link is usually nobody we know.
    const row = await lockCheckoutRow(tx, claims.c);
    if (row) await completeCheckout(tx, row);
  });
  return claims.r;
}
