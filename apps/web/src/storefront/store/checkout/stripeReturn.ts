import type { CreateOrderResponse } from '@plaza/contracts';
import { isPlazaError } from '@plaza/sdk';

/**
 * The pauses between asks while Stripe has not told the shop the payment is done (Stripe's webhook may still be on
 * its way): about 15 s in all, closer together first, since most returns are confirmed at the first or second ask.
 */
export const FIRST_WAITS = [500, 1000, 1500, 2000, 2500, 3000, 4000];
/** "Try again" after that: a few seconds more, not another long wait. */
export const AGAIN_WAITS = [1000, 2000];

/** How the return from Stripe's page ended: the order, or why there is none (yet). */
export type Confirmation =
  | { kind: 'placed'; placed: CreateOrderResponse }
  /** Stripe had not said the payment was done by the last ask (not paid, or Stripe is slow). */
  | { kind: 'not-heard' }
  /** The order could not be placed and the money went back; the server's words say so. */
  | { kind: 'returned'; message: string }
  | { kind: 'failed'; error: unknown };

const codeOf = (err: unknown) => (isPlazaError(err) ? err.details.applicationError?.code : undefined);

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks for the order of the paid session (`complete`) until it is placed, refused or `waits` run out; only "not
 * finished yet" is asked again. Undefined when `stopped()` (the buyer left the page) between asks.
 */
export async function confirmStripePayment(
  complete: () => Promise<CreateOrderResponse>,
  opts: { waits: readonly number[]; sleep?: (ms: number) => Promise<void>; stopped?: () => boolean },
): Promise<Confirmation | undefined> {
  const sleep = opts.sleep ?? pause;
  for (let ask = 0; ; ask++) {
    try {
      return { kind: 'placed', placed: await complete() };
    } catch (err) {
      const code = codeOf(err);
      if (code === 'PAYMENT_RETURNED') return { kind: 'returned', message: (err as Error).message };
      if (code !== 'STRIPE_PAYMENT_NOT_FINISHED') return { kind: 'failed', error: err };
      if (ask >= opts.waits.length) return { kind: 'not-heard' };
    }
    await sleep(opts.waits[ask]!);
    if (opts.stopped?.()) return undefined;
  }
}
