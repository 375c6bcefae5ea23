import type { Checkout } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import type { CheckoutRow } from '../checkout/index.js';
import type { PlaceOptions } from './placement-options.js';
import type { AuthorizeResult } from './placement-payments.js';

/** An order the commit transaction has just written, as the modules' placement handlers see it. */
export interface PlacedOrder {
  orderId: string;
  /** The checkout row, locked by the commit. */
  row: CheckoutRow;
  /** The checkout as quoted (priced outside the transaction). */
  checkout: Checkout;
  opts: PlaceOptions;
  charge?: AuthorizeResult;
  paid: boolean;
  /** The stock leaves now (the shop's trigger, a paid order, or a merchant's TAKE). */
  takeStock: boolean;
  /** A reminder e-mail was out for this checkout. */
  abandoned: boolean;
  /** DEPOSIT_ONLINE: what the buyer pays later, in minor units. */
  payLater: bigint;
  /** A subscription's renewal (this contract's): its line was bought before, only its charge is new. */
  renewalOf?: string;
}

/** What handlers hand back to the placement, which acts on it after commit. */
export interface PlacementOutcome {
  /** Mail stored QUEUED in the transaction, delivered after commit. */
  mailIds: string[];
  /** The owner key of the cart the order was bought from. */
  boughtCart?: string;
}

/**
 * A module's part of placing an order, run inside the commit transaction after the order is written: it may write
 * its own rows and may refuse (throw), which rolls the whole placement back and releases the payment. Handlers run by
 * `order`; the ones that lock shared rows (a coupon, counted stock) run last, so other orders queue behind those
 * locks only for the rest of the commit.
 */
export interface PlacementHandler {
  name: string;
  order: number;
  run(tx: Ctx, placed: PlacedOrder, outcome: PlacementOutcome): Promise<void>;
  /** After the commit, on this node (e.g. drop a cached row the transaction deleted); must not throw. */
  afterCommit?(ctx: Ctx, outcome: PlacementOutcome): void;
}

let handlers: readonly PlacementHandler[] = [];

/** Set once by the app (src/placement-handlers.ts): placement knows the handlers, not the modules behind them. */
export function usePlacementHandlers(list: readonly PlacementHandler[]): void {
  handlers = [...list].sort((a, b) => a.order - b.order);
}

/** The handlers' after-commit parts, once the placement's transaction has committed. */
export function runAfterPlacementCommit(ctx: Ctx, outcome: PlacementOutcome): void {
  for (const handler of handlers) handler.afterCommit?.(ctx, outcome);
}

export async function runPlacementHandlers(tx: Ctx, placed: PlacedOrder, outcome: PlacementOutcome): Promise<void> {
  for (const handler of handlers) await handler.run(tx, placed, outcome);
}
