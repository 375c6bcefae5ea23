import {
  BulkMarkAsPaidRequest,
  BulkOrderResults,
  CapturePaymentsRequest,
  ChargeMembershipsRequest,
  ChargeMembershipsResponse,
  CollectabilityResponse,
  CreatePaymentGatewayOrderRequest,
  ManualPaymentRequest,
  OrderResponse,
  OrderTransactionsResponse,
  PaymentGatewayOrderResponse,
  PreparePaymentCollectionRequest,
  RefundabilityResponse,
  TriggerRefundRequest,
  VoidPaymentsRequest,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import {
  bulkMarkAsPaid,
  capturePayments,
  collectability,
  recordPayment,
  refundability,
  voidPayments,
} from './collector.js';
import { createPaymentGatewayOrder, preparePaymentCollection } from './gateway-orders.js';
import { chargeMembership } from './membership.js';
import { triggerRefund } from './refund.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers, IdParams, routeOptions } from '../../http/route-options.js';

const BASE = '/ecom/v1/payments-collector/orders/:id';

const route = routeOptions({ tags: ['payments-collector'], errors: errorResponses(404, 409), access: ecomManagers });

export function collectorRoutes(app: App): void {
  registerPaymentStatusRoutes(app);
  registerAuthorizationRoutes(app);
  registerManualPaymentRoutes(app);
  registerCollectionRoutes(app);
}

/** What of an order can still be collected or refunded. */
function registerPaymentStatusRoutes(app: App): void {
  app.get(
    `${BASE}/payment-collectability-status`,
    route({
      summary: 'Can the rest of this order be collected?',
      description: 'COLLECTABLE with the amount due, or why not (canceled, paid, pending, rejected, subscriptions).',
      params: IdParams,
      response: CollectabilityResponse,
    }),
    async (req) => collectability(req.ctx, req.params.id),
  );
  app.get(
    `${BASE}/refundability`,
    route({
      summary: 'What of each payment can be refunded',
      description:
        'REFUNDABLE through the provider, MANUAL (offline money: refund it yourself), or NOT_REFUNDABLE with why.',
      params: IdParams,
      response: RefundabilityResponse,
    }),
    async (req) => refundability(req.ctx, req.params.id),
  );
}

/** Capturing or voiding authorized payments, and refunds. */
function registerAuthorizationRoutes(app: App): void {
  app.post(
    `${BASE}/capture-authorized-payments`,
    route({
      summary: 'Capture authorized payments',
      description: 'In full (no amount) or in part; never more than still authorized (400 naming the amount).',
      params: IdParams,
      body: CapturePaymentsRequest,
      response: OrderTransactionsResponse,
    }),
    async (req) => capturePayments(req.ctx, req.params.id, req.body),
  );
  app.post(
    `${BASE}/void-authorized-payments`,
    route({
      summary: 'Void authorizations',
      description: 'Only authorizations nothing was captured from (else 409 PAYMENT_NOT_VOIDABLE: refund instead).',
      params: IdParams,
      body: VoidPaymentsRequest,
      response: OrderTransactionsResponse,
    }),
    async (req) => voidPayments(req.ctx, req.params.id, req.body.paymentIds),
  );
  app.post(
    `${BASE}/trigger-refund`,
    route({
      summary: 'Refund payments',
      description:
        'Per payment, never more than captured and not yet refunded (400 naming the amount). Gift card payments go ' +
        'back on the card. `sideEffects.restockInfo.type: ALL_ITEMS` returns the items to stock, once per order. ' +
        'Logs ORDER_REFUNDED with the amount and `details.reason`, and e-mails the buyer (ORDER_REFUNDED) unless ' +
        '`sideEffects.sendOrderRefundedEmail` is false.',
      params: IdParams,
      body: TriggerRefundRequest,
      response: OrderTransactionsResponse,
    }),
    async (req) => triggerRefund(req.ctx, req.params.id, req.body),
  );
}

/** Payments recorded by hand: marking orders paid, manual payments, memberships. */
function registerManualPaymentRoutes(app: App): void {
  app.post(
    `${BASE}/mark-as-paid`,
    route({
      summary: 'Mark an order as paid',
      description: 'Records everything still due as paid offline. Paid or canceled orders: 409.',
      params: IdParams,
      response: OrderResponse,
    }),
    async (req) => ({ order: await recordPayment(req.ctx, req.params.id) }),
  );
  app.post(
    `${BASE}/manual-payment`,
    route({
      summary: 'Record a payment received outside Plaza',
      description: 'At most what is still due.',
      params: IdParams,
      body: ManualPaymentRequest,
      response: OrderResponse,
    }),
    async (req) => ({ order: await recordPayment(req.ctx, req.params.id, req.body.amount.amount) }),
  );
  app.post(
    `${BASE}/charge-membership`,
    route({
      summary: 'Pay order lines with a member’s plans',
      description:
        "Takes the plans' credits for the order's lines (each order line once, however often sent) and records " +
        'what they pay as a MEMBERSHIP payment. Not the buyer, or a line no plan of theirs covers: 400; no credits ' +
        'left: 409 NOT_ENOUGH_CREDITS.',
      params: IdParams,
      body: ChargeMembershipsRequest,
      response: ChargeMembershipsResponse,
    }),
    async (req) => chargeMembership(req.ctx, req.params.id, req.body),
  );
  app.post(
    '/ecom/v1/bulk/payments-collector/mark-as-paid',
    route({
      summary: 'Mark many orders as paid',
      description: 'Each order on its own: `results[].itemMetadata.success`, with the order as `item`.',
      body: BulkMarkAsPaidRequest,
      response: BulkOrderResults,
    }),
    async (req) => bulkMarkAsPaid(req.ctx, req.body.ecomOrderIds),
  );
}

/** Payment gateway orders: part of an order a payment outside checkout (a point of sale, an app) is about to collect. */
function registerCollectionRoutes(app: App): void {
  app.post(
    `${BASE}/prepare-payment-collection`,
    route({
      summary: 'Prepare collecting a payment',
      description:
        "Holds `amount` (the order's currency; at most what is not yet paid, authorized or held by another gateway " +
        'order: else 400 naming `amount.amount`) for 24 hours and answers its `paymentGatewayOrderId`. With ' +
        '`paymentGatewayOrderId`, that gateway order of this order is prepared again. Canceled orders: 409 ' +
        'ORDER_CANCELED; paid: 409 ORDER_ALREADY_PAID; all of it held already: 409 PAYMENT_COLLECTION_IN_PROGRESS.',
      params: IdParams,
      body: PreparePaymentCollectionRequest,
      response: PaymentGatewayOrderResponse,
    }),
    async (req) => preparePaymentCollection(req.ctx, req.params.id, req.body),
  );
  app.post(
    `${BASE}/create-payment-gateway-order`,
    route({
      summary: 'Create a payment gateway order',
      description:
        'A gateway order for all that is still free to collect, held for 24 hours, with who takes the payment ' +
        '(`chargedBy`). Same refusals as prepare-payment-collection.',
      params: IdParams,
      body: CreatePaymentGatewayOrderRequest,
      response: PaymentGatewayOrderResponse,
    }),
    async (req) => createPaymentGatewayOrder(req.ctx, req.params.id, req.body),
  );
}
