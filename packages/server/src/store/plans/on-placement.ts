import { PLAN_APP_ID } from '@plaza/contracts';
import { AppError } from '../../kernel/errors.js';
import type { PlacementHandler } from '../orders/index.js';
import { contractsOfOrder } from '../subscriptions/index.js';
import { after } from './periods.js';
import { startMembership } from './purchase.js';

/** Paid at checkout: to the second cycle's date; a free trial: to its end, when cycle 1 is charged. */
const paidUntil = (c: Awaited<ReturnType<typeof contractsOfOrder>>[number]): Date =>
  c.cyclesCompleted ? after(c.startDate, { unit: c.frequency, count: c.interval }) : c.startDate;

/**
 * Each plan line of a placed order starts a membership for its buyer, in the placement's transaction: after the
 * subscriptions handler (a recurring plan's contract exists, its id is kept) and before the stock, the last lock.
 * A visitor can't hold a plan, and a plan sold out or archived since the quote refuses the whole placement.
 */
export const plansOnPlacement: PlacementHandler = {
  name: 'plans',
  order: 85,
  run: async (tx, p) => {
    // A renewal's line was bought with its first order: the contract listener moves the membership on.
    if (p.renewalOf) return;
    const lines = p.checkout.lineItems.filter((l) => l.catalogReference?.appId === PLAN_APP_ID);
    if (!lines.length) return;
    const memberId = p.row.memberId;
    if (!memberId) {
      throw new AppError('FORBIDDEN', 'Sign in or join to buy a plan', { applicationCode: 'PLAN_NEEDS_MEMBER' });
    }
    const contracts = await contractsOfOrder(tx, p.orderId);
    for (const line of lines) {
      const c = contracts.find((x) => x.lineItemId === line.id);
      await startMembership(tx, {
        planId: line.catalogReference!.catalogItemId,
        memberId,
        origin: { orderId: p.orderId, lineItemId: line.id },
        ...(c ? { contract: { id: c.id, periodEnd: paidUntil(c) } } : {}),
      });
    }
  },
};
