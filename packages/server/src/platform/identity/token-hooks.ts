import type { Ctx } from '../../kernel/context.js';

/**
 * What identity needs from the tokens issued on top of its sessions. The oauth module answers (it sits above
 * identity and imports it), set once by the app in src/module-wiring.ts.
 */
export interface SessionTokens {
  /** Revokes the refresh tokens issued under one session; runs in the session's ending transaction. */
  sessionEnded(tx: Ctx, sessionId: string, now: Date): Promise<void>;
  /** Revokes an identity's refresh tokens, except those tied to `keptSessionId`. */
  identitySignedOut(tx: Ctx, identityId: string, keptSessionId: string | undefined, now: Date): Promise<void>;
  /** Of these identities, the ones that hold an unrevoked refresh token. */
  tokenHolders(tx: Ctx, identityIds: string[]): Promise<string[]>;
  /** Whether a registered OAuth client lists `origin` among its allowed origins. */
  isClientOrigin(ctx: Ctx, origin: string): Promise<boolean>;
}

let tokens: SessionTokens = {
  sessionEnded: async () => undefined,
  identitySignedOut: async () => undefined,
  tokenHolders: async () => [],
  isClientOrigin: async () => false,
};

export function useSessionTokens(registered: SessionTokens): void {
  tokens = registered;
}

export const tokenHooks = (): SessionTokens => tokens;
