import type { Ctx } from '../../kernel/context.js';

/** What another module does when an identity with a proven e-mail starts a session (every way in passes there). */
export type VerifiedSignInHandler = (ctx: Ctx, identityId: string, email: string) => Promise<unknown>;

let handler: VerifiedSignInHandler = async () => undefined;

/** Set once by the app (src/module-wiring.ts), so identity need not know the shop that claims guest purchases. */
export function onVerifiedSignIn(registered: VerifiedSignInHandler): void {
  handler = registered;
}

export function verifiedSignIn(ctx: Ctx, identityId: string, email: string): Promise<unknown> {
  return handler(ctx, identityId, email);
}
