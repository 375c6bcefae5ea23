import type { Ctx } from '../../kernel/context.js';

export interface VisitorSignIn {
  /** The visitor access token the browser held before signing in; the handler checks it. */
  visitorToken: string;
  clientId: string;
  memberId: string;
}

/** What another module does when an authorization code becomes member tokens in a visitor's browser; never throws. */
export type VisitorSignInHandler = (ctx: Ctx, signIn: VisitorSignIn) => Promise<void>;

let handler: VisitorSignInHandler = async () => undefined;

/** Set once by the app (src/module-wiring.ts), so oauth need not know the cart that follows the visitor. */
export function onVisitorSignedIn(registered: VisitorSignInHandler): void {
  handler = registered;
}

export function visitorSignedIn(ctx: Ctx, signIn: VisitorSignIn): Promise<void> {
  return handler(ctx, signIn);
}
