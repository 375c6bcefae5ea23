import type { Checkout } from '@plaza/contracts';
import { uuidv7 } from '../../lib/ids.js';
import type { PlaceOptions } from './placement-options.js';
import type { AuthorizeResult } from './placement-payments.js';
import type { orderPayments, OrderSnapshot } from './tables.js';

/** What a placement writes (the statements that write it: placement-rows.sql.ts). */

export function snapshotOf(c: Checkout): OrderSnapshot {
  const selected = c.shippingInfo.selectedCarrierServiceOption;
  return {
    lineItems: c.lineItems,
    ...(c.billingInfo ? { billingInfo: c.billingInfo } : {}),
    ...(selected || c.shippingInfo.shippingDestination
      ? {
          shippingInfo: {
            ...(selected ? { title: selected.title, code: selected.code, cost: selected.cost.price } : {}),
            logistics: {
              ...(c.shippingInfo.shippingDestination
                ? { shippingDestination: c.shippingInfo.shippingDestination }
                : {}),
              ...(selected?.logistics.deliveryTimeSlot
                ? { deliveryTimeSlot: selected.logistics.deliveryTimeSlot }
                : {}),
              ...(selected?.logistics.pickupDetails ? { pickupDetails: selected.logistics.pickupDetails } : {}),
            },
          },
        }
      : {}),
    ...(c.buyerNote ? { buyerNote: c.buyerNote } : {}),
    appliedDiscounts: c.appliedDiscounts,
    priceSummary: c.priceSummary,
    taxSummary: c.taxSummary,
    paymentOption: c.paymentOption,
  };
}

export const UNIT_MS = { MINUTES: 60_000, HOURS: 3_600_000, DAYS: 86_400_000 } as const;

/** The card payment of a placement, as the provider answered (captured now, or authorized for later). */
export function cardPaymentRow(
  base: { id: string; orderId: string; createdDate: Date; updatedDate: Date },
  c: {
    charge: AuthorizeResult;
    provider: string;
    dueNow: bigint;
    now: Date;
    opts: PlaceOptions;
    executionDate: Date | undefined;
  },
): typeof orderPayments.$inferInsert {
  const { charge, dueNow, now, opts, executionDate } = c;
  const plan = charge.status === 'AUTHORIZED' ? opts.delayedCaptureSettings : undefined;
  return {
    ...base,
    method: 'CREDIT_CARD',
    provider: c.provider,
    status: charge.status,
    amountMinor: dueNow,
    capturedMinor: charge.status === 'APPROVED' ? dueNow : 0n,
    providerTransactionId: charge.providerTransactionId,
    ...(charge.card ? { card: charge.card } : {}),
    liveMode: charge.liveMode ?? false,
    delayedCapture: Boolean(opts.delayCapture),
    ...(plan && executionDate
      ? {
          scheduledAction: {
            actionType: plan.scheduledAction,
            executionDate: executionDate.toISOString(),
            status: 'SCHEDULED' as const,
          },
        }
      : {}),
    ...(charge.status !== 'PENDING' ? { authorizedDate: now } : {}),
    ...(charge.status === 'APPROVED'
      ? {
          captures: [
            {
              id: uuidv7(now.getTime()),
              amountMinor: String(dueNow),
              status: 'SUCCEEDED',
              createdDate: now.toISOString(),
            },
          ],
        }
      : {}),
  };
}
