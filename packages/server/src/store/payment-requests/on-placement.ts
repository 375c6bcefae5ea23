import type { PlacementHandler } from '../orders/index.js';
import { requestDepositBalance } from './service.js';

/** DEPOSIT_ONLINE: the balance the buyer pays later becomes a payment request, mailed after commit. */
export const depositOnPlacement: PlacementHandler = {
  name: 'deposit',
  order: 20,
  run: async (tx, p, outcome) => {
    if (p.checkout.paymentOption !== 'DEPOSIT_ONLINE' || p.payLater <= 0n) return;
    const { mailId } = await requestDepositBalance(tx, p.orderId, p.payLater);
    if (mailId) outcome.mailIds.push(mailId);
  },
};
