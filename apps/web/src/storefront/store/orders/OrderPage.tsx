import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { shopOrderQueries, useAuth, usePlaza } from '@plaza/react';
import type { Order } from '@plaza/contracts';
import { downloadFile } from '../../../lib/download.js';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import { Skeleton } from '../../../ui/Skeleton.js';
import { Totals, type TotalsRow } from '../CartLines.js';
import { ProductImage } from '../ProductCard.js';
import { orderDocument } from './document.js';
import { Downloads } from './Downloads.js';
import { DeliveryDetails, deliveryMethod, isPickup, LineFacts, ShipToLines } from './lines.js';
import { deliveryWords, ORDER_WORDS, PAYMENT_WORDS, shipsSomething } from './words.js';

/**
 * /orders/:orderId: the thank-you page right after paying (with the order's token, so a visitor can read it), and
 * the member's order page from "My orders".
 */
export default function OrderPage() {
  const { orderId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? undefined;
  const fresh = token !== undefined;
  const plaza = usePlaza();
  const { loggedIn } = useAuth();
  const {
    data: order,
    error,
    isPending,
    refetch,
    isFetching,
  } = useQuery(shopOrderQueries.order(plaza, orderId, token));
  useEffect(() => {
    document.title = order ? `Order ${order.number}` : 'Your order';
  }, [order]);
  if (isPending) return <Skeleton className="mx-auto my-16 h-64 max-w-3xl" />;
  if (error) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        {(error as { status?: number }).status === 404 ? (
          <div className="text-center">
            <h1 className="text-2xl font-semibold">This order is not available</h1>
            <p className="mt-2 text-neutral-600">Sign in with the account that placed it to see it.</p>
          </div>
        ) : (
          <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
        )}
      </div>
    );
  }
  const refunded = Number(order.balanceSummary.refunded.amount) > 0;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <OrderHeading order={order} fresh={fresh} />
      <StatusFacts order={order} />
      <OrderLines order={order} />
      <div className="mt-4">
        <Totals summary={order.priceSummary} extra={shippingRow(order)} discounts={order.appliedDiscounts} />
      </div>
      <Shipping order={order} />
      <Downloads order={order} token={token} />
      <Tracking orderId={order.id} token={token} />
      {refunded && (
        <p className="mt-4 rounded-md bg-neutral-50 p-3 text-sm" data-testid="refunded">
          {order.balanceSummary.refunded.formattedAmount} was refunded to you.
        </p>
      )}
      <div className="mt-8 flex flex-wrap gap-4 text-sm font-medium">
        <InvoiceButton order={order} token={token} />
        <Link to="/products" className="text-accent hover:underline">
          Continue shopping
        </Link>
        {loggedIn && (
          <Link to="/account/orders" className="text-accent hover:underline">
            All my orders
          </Link>
        )}
      </div>
    </div>
  );
}

/** A thank-you with the order number right after paying; else just the order number. */
function OrderHeading({ order, fresh }: { order: Order; fresh: boolean }) {
  return fresh ? (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Thank you for your order!</h1>
      <p className="mt-1 text-neutral-600">
        Your order number is <strong className="text-neutral-900">{order.number}</strong>
        {order.buyerInfo.email ? `. We will write to ${order.buyerInfo.email}.` : '.'}
      </p>
    </>
  ) : (
    <h1 className="text-2xl font-bold tracking-tight">Order {order.number}</h1>
  );
}

/** The order, payment and delivery states in words. */
function StatusFacts({ order }: { order: Order }) {
  return (
    <dl className="mt-6 grid gap-3 rounded-lg border border-neutral-200 bg-white p-4 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-neutral-600">Order</dt>
        <dd className="font-medium">{ORDER_WORDS[order.status]}</dd>
      </div>
      <div>
        <dt className="text-neutral-600">Payment</dt>
        <dd className="font-medium" data-testid="payment-status">
          {PAYMENT_WORDS[order.paymentStatus]}
        </dd>
      </div>
      <div>
        <dt className="text-neutral-600">Delivery</dt>
        <dd className="font-medium">{deliveryWords(order)}</dd>
      </div>
    </dl>
  );
}

/** What was bought: picture, name, options and quantity, with the line's price. */
function OrderLines({ order }: { order: Order }) {
  return (
    <ul className="mt-6 divide-y divide-neutral-200">
      {order.lineItems.map((l) => (
        <li key={l.id} className="flex items-center gap-3 py-3 text-sm">
          <div className="w-12 shrink-0">
            <ProductImage media={l.image} size={48} />
          </div>
          <span className="min-w-0 flex-1">
            <span className="block font-medium">{l.productName}</span>
            <LineFacts line={l} />
            <span className="text-neutral-600">Quantity {l.quantity}</span>
          </span>
          <span className="tabular-nums">{l.lineItemPrice.formattedAmount}</span>
        </li>
      ))}
    </ul>
  );
}

/** Where and how the order goes: the delivery method, and the ship-to (a pickup names its place instead). */
function Shipping({ order }: { order: Order }) {
  const method = deliveryMethod(order);
  const dest = isPickup(order) ? undefined : order.shippingInfo?.logistics.shippingDestination;
  if (!method && !dest) return null;
  return (
    <section
      aria-label="Shipping"
      className="mt-6 grid gap-4 rounded-lg border border-neutral-200 bg-white p-4 text-sm sm:grid-cols-2"
    >
      {dest && (
        <div>
          <h2 className="text-neutral-600">Ship to</h2>
          <ShipToLines d={dest} className="mt-1 font-medium" />
        </div>
      )}
      {method && (
        <div>
          <h2 className="text-neutral-600">Delivery method</h2>
          <p className="mt-1 font-medium" data-testid="delivery-method">
            {method}
          </p>
          <DeliveryDetails order={order} className="mt-1" />
        </div>
      )}
    </section>
  );
}

/** Shipping is listed when something ships or shipping was charged: a download-only order has no shipping line. */
function shippingRow(order: Order): TotalsRow[] {
  const charged = Number(order.priceSummary.shipping.amount) !== 0;
  return shipsSomething(order) || charged
    ? [['Shipping', order.priceSummary.shipping.formattedAmount, 'shipping']]
    : [];
}

/**
 * The order's PDF, downloaded with this browser's credentials (and the thank-you token right after paying): the
 * invoice with its number and status once the shop issued one (the dashboard reads the same), else the receipt.
 */
function InvoiceButton({ order, token }: { order: Order; token: string | undefined }) {
  const plaza = usePlaza();
  const [problem, setProblem] = useState<string>();
  const doc = orderDocument(order);
  const path = `/ecom/v1/orders/${order.id}/invoice.pdf${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      {doc.number && (
        <span className="font-normal text-neutral-700" data-testid="invoice-status">
          Invoice {doc.number} · {doc.status}
        </span>
      )}
      <button
        type="button"
        className="text-accent hover:underline"
        onClick={() => downloadFile(plaza, path, doc.fileName).catch((e: Error) => setProblem(e.message))}
      >
        Download {doc.label.toLowerCase()}
      </button>
      {problem && (
        <span role="alert" className="ml-2 text-red-700">
          {problem}
        </span>
      )}
    </span>
  );
}

/** The parcels sent so far, with their tracking. */
function Tracking({ orderId, token }: { orderId: string; token: string | undefined }) {
  const { data } = useQuery(shopOrderQueries.fulfillments(usePlaza(), orderId, token));
  const sent = data?.filter((f) => f.status === 'FULFILLED') ?? [];
  if (!sent.length) return null;
  return (
    <section className="mt-4 rounded-md bg-neutral-50 p-3 text-sm" aria-label="Tracking">
      {sent.map((f) => (
        <p key={f.id}>
          On its way
          {f.trackingInfo?.trackingNumber
            ? `: ${f.trackingInfo.shippingProvider ? `${f.trackingInfo.shippingProvider} ` : ''}${f.trackingInfo.trackingNumber}`
            : ''}
          {f.trackingInfo?.trackingLink && (
            <a
              href={f.trackingInfo.trackingLink}
              className="ml-2 font-medium text-accent hover:underline"
              target="_blank"
              rel="noreferrer"
            >
              Track your parcel
            </a>
          )}
        </p>
      ))}
    </section>
  );
}
