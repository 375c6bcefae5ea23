import type { Ctx } from '../../kernel/context.js';
import type { AuthorizeInput, AuthorizeResult } from '../orders/index.js';

// The placement records what a provider answers, so orders defines the answer's shape.
export type { AuthorizeInput, AuthorizeResult };

/**
 * A payment provider. Every call carries Plaza's own transaction id, so a retried call (after a timeout or a crash)
 * is the same operation at the provider, never a second charge.
 */
export interface PaymentProvider {
  id: string;
  /** A capture takes what it takes and releases the rest of the authorization (Stripe's rule): one capture only. */
  capturesOnce?: boolean;
  authorize(ctx: Ctx, input: AuthorizeInput): Promise<AuthorizeResult>;
  capture(
    ctx: Ctx,
    input: { providerTransactionId: string; amountMinor: bigint; currency: string; transactionId: string },
  ): Promise<{ ok: boolean }>;
  /** `providerTransactionId` is absent when the authorization's answer never reached us (the sweep's void). */
  void(ctx: Ctx, input: { providerTransactionId?: string; transactionId: string }): Promise<{ ok: boolean }>;
  refund(
    ctx: Ctx,
    input: { providerTransactionId: string; amountMinor: bigint; currency: string; transactionId: string },
  ): Promise<{ ok: boolean }>;
}
