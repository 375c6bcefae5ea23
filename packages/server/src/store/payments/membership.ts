import type { ChargeMembershipsRequest, LineItem } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import { lockOrder, settleOrder, transactionsOf } from '../orders/index.js';
import { parseAmount } from '../pricing/index.js';
import { paidIn, recordReceived } from './received.js';

/** Takes credits for an order's lines; answers the line ids charged by this call (not charged before). */
export type MembershipCharger = (
  tx: Ctx,
  order: { id: string; memberId: string | null; lineItems: LineItem[] },
  req: ChargeMembershipsRequest,
) => Promise<string[]>;

let charger: MembershipCharger | undefined;

/** Set once by the app (module-wiring.ts): plans sit above payments and answer for memberships' credits. */
export function useMembershipCharges(fn: MembershipCharger): void {
  charger = fn;
}

/**
 * charge-membership: the member's plans pay lines of an existing order. Credits are taken once per order line;
 * the lines charged now are recorded as a MEMBERSHIP payment (their price, at most what is still due), so the
 * order's payment status counts them. Canceled orders: 409.
 */
export async function chargeMembership(ctx: Ctx, orderId: string, req: ChargeMembershipsRequest) {
  if (!charger) throw new Error('Membership charges are not wired (buildApp wires them)');
  const take = charger;
  await withTx(ctx, async (tx) => {
    const row = await lockOrder(tx, orderId);
    if (row.status === 'CANCELED') {
      throw new AppError('CONFLICT', 'The order is canceled', { applicationCode: 'ORDER_CANCELED' });
    }
    const lines = row.snapshot.lineItems;
    const charged = await take(tx, { id: row.id, memberId: row.memberId, lineItems: lines }, req);
    const worth = lines
      .filter((l) => charged.includes(l.id))
      .reduce((s, l) => s + parseAmount(l.lineItemPrice.amount, row.currency, 'amount'), 0n);
    const { payments } = await transactionsOf(tx, [orderId]);
    const due = row.totalMinor - paidIn(payments);
    const amount = worth < due ? worth : due;
    if (amount <= 0n) return settleOrder(tx, orderId);
    return recordReceived(tx, orderId, { method: 'MEMBERSHIP', provider: 'MEMBERSHIP', amountMinor: amount });
  });
  return {};
}
