import type { LineItem, LineItemInput, Money, Violation } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import type { StoredLine, TotalsLine } from './line-types.js';

/** A subscription line's plan as the checkout lists its charges and the subscription engine makes its contract. */
export interface LineSubscription {
  lineId: string;
  name: string;
  settings: { frequency: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'; interval: number; startDate?: string };
  billingCycles?: number;
  lineTotal: bigint;
  /** A free trial: nothing is charged at checkout; cycle 1 is charged `lineTotal` on `settings.startDate`. */
  firstChargeLater?: boolean;
}

/** One line of an app, priced: what the buyer sees, what the totals engine prices, and its subscription if any. */
export interface AppLine {
  lineItem: LineItem;
  totalsLine: TotalsLine;
  subscription?: LineSubscription;
  violations: Violation[];
}

/**
 * Lines sold by a module above pricing (a paid plan: `{ appId: 'plaza-plans', catalogItemId: planId }`): it checks
 * new lines and prices stored ones, so carts and checkouts sell them without importing that module.
 */
export interface AppLineSource {
  appId: string;
  /** At most this many of one item in a line (a plan is bought one at a time). */
  quantityMax: number;
  /** New lines of this app: a 400 naming `field` (e.g. `lineItems[0].catalogReference.catalogItemId`) if unsellable. */
  check(ctx: Ctx, lines: Array<{ line: LineItemInput; field: string }>): Promise<void>;
  /** Stored lines of this app, priced, by line id. */
  resolve(ctx: Ctx, lines: StoredLine[], money: (m: bigint) => Money, publicUrl: string): Promise<Map<string, AppLine>>;
}

const sources = new Map<string, AppLineSource>();

/** Set by the app (src/module-wiring.ts), once per app id. */
export function useAppLines(source: AppLineSource): void {
  sources.set(source.appId, source);
}

/** The source of an app's lines; undefined for Plaza's catalog and unknown apps. */
export const appLineSource = (appId: string | undefined): AppLineSource | undefined =>
  appId === undefined ? undefined : sources.get(appId);

/** How many of one item a line may hold: the app's own limit, else `fallback`. */
export const lineQuantityMax = (line: Pick<StoredLine, 'catalogReference'>, fallback: number): number =>
  appLineSource(line.catalogReference?.appId)?.quantityMax ?? fallback;
