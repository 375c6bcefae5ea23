import type { SubscriptionContract } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { toMoney } from '../pricing/index.js';
import { getSite } from '../../platform/site/index.js';
import type { subscriptionContracts } from './tables.js';

export type ContractRow = typeof subscriptionContracts.$inferSelect;

export async function toContracts(ctx: Ctx, rows: ContractRow[]): Promise<SubscriptionContract[]> {
  const { locale } = await getSite(ctx);
  return rows.map((r) => wire(r, locale));
}
export const toContract = async (ctx: Ctx, row: ContractRow): Promise<SubscriptionContract> =>
  wire(row, (await getSite(ctx)).locale);

function wire(r: ContractRow, locale: string): SubscriptionContract {
  const l = r.lineItem;
  const variantId = l.catalogReference?.options?.variantId;
  return {
    id: r.id,
    status: r.status as SubscriptionContract['status'],
    originOrderId: r.originOrderId,
    buyerInfo: {
      ...(r.buyerEmail ? { email: r.buyerEmail } : {}),
      ...(r.memberId ? { memberId: r.memberId } : {}),
      ...(r.visitorId ? { visitorId: r.visitorId } : {}),
    },
    lineItem: {
      productName: l.productName,
      quantity: l.quantity,
      ...(l.catalogReference ? { catalogItemId: l.catalogReference.catalogItemId } : {}),
      ...(typeof variantId === 'string' ? { variantId } : {}),
      ...(l.image ? { image: l.image.url } : {}),
    },
    subscriptionSettings: {
      frequency: r.frequency as SubscriptionContract['subscriptionSettings']['frequency'],
      interval: r.interval,
      ...(r.billingCycles !== null ? { billingCycles: r.billingCycles } : {}),
    },
    price: toMoney(r.amountMinor, r.currency, locale),
    cyclesCompleted: r.cyclesCompleted,
    ...(r.nextBillingDate ? { nextBillingDate: r.nextBillingDate.toISOString() } : {}),
    paymentMethod: { brand: r.paymentMethod.brand, lastFourDigits: r.paymentMethod.lastFourDigits },
    failedAttempts: r.failedAttempts,
    ...(r.lastFailure ? { lastFailure: r.lastFailure } : {}),
    renewalOrderIds: r.renewalOrderIds,
    ...(r.canceledDate ? { canceledDate: r.canceledDate.toISOString() } : {}),
    createdDate: r.createdDate.toISOString(),
    updatedDate: r.updatedDate.toISOString(),
  };
}
