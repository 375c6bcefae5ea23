import type { Ctx } from '../../kernel/context.js';

/** A payment provider's answer to an authorization (payments' providers give it; the placement records it). */
export interface AuthorizeResult {
  /** APPROVED: authorized and captured; AUTHORIZED: captured later by the owner (delayed capture). */
  status: 'APPROVED' | 'AUTHORIZED' | 'PENDING' | 'DECLINED';
  providerTransactionId: string;
  card?: { brand: string; lastFourDigits: string };
  declineReason?: string;
  /** Whether real money moved (a live Stripe account); absent: no. */
  liveMode?: boolean;
  /** A token for charging the same card again later (renewals), when the provider keeps cards apart from payments. */
  savedPaymentToken?: string;
}

/** What a provider is asked to authorize. */
export interface AuthorizeInput {
  paymentToken: string;
  amountMinor: bigint;
  currency: string;
  capture: boolean;
  transactionId: string;
  /**
   * What the buyer is paying for (the placement's quote): a provider whose buyer paid on its own page before the
   * placement (Stripe) refuses when it is not what that page was made for.
   */
  quoteFingerprint?: string;
}

/**
 * The payments side of placing an order. Payments sits above orders (it settles orders), so the app hands these to
 * the placement (src/module-wiring.ts) instead of orders importing payments.
 */
export interface PlacementPayments {
  /** The provider a payment token belongs to: its id names the payment row's provider. */
  providerForToken(paymentToken: string): {
    id: string;
    authorize(ctx: Ctx, input: AuthorizeInput): Promise<AuthorizeResult>;
  };
  /** Runs the charge and the commit; a failure after an app authorized releases that authorization. */
  guardAuthorization<T>(
    ctx: Ctx,
    paymentToken: string | undefined,
    transactionId: string,
    run: () => Promise<T>,
  ): Promise<T>;
}

let wired: PlacementPayments | undefined;

/** Set once by the app (src/module-wiring.ts). */
export function usePlacementPayments(payments: PlacementPayments): void {
  wired = payments;
}

export function placementPayments(): PlacementPayments {
  if (!wired) throw new Error('Placement payments are not wired: call wireModules() first');
  return wired;
}
