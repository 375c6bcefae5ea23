import { Link } from 'react-router';
import { useSite } from '@plaza/react';
import { optionWords } from '@plaza/contracts/constants';
import type { Order } from '@plaza/sdk/ecom';
import { Button, buttonClass } from '../../../ui/Button.js';
import { DeliveryDetails, deliveryMethod, isPickup, ShipToLines } from '../../../storefront/store/orders/lines.js';
import { ProductImage } from '../../../storefront/store/ProductCard.js';
import { ownerOnlyPage } from '../../ui/OwnerOnly.js';
import { useShortDate } from '../../dates.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { useRouteOrder } from './useRouteOrder.js';

/**
 * /admin/store/orders/:orderId/packing-slip: what goes in the parcel and where it goes, to print and put in the box
 * (or to pack from on a phone): every line with its picture, options, SKU and quantity, the ship-to and the
 * delivery method. Printed, only the slip is on the page (no dashboard around it, no buttons).
 */
export const PackingSlipPage = ownerOnlyPage('Packing slip', 'orders', Screen);

function Screen() {
  const { data, waiting } = useRouteOrder();
  if (!data) return waiting;
  const { order } = data;
  return (
    <>
      <div className="print:hidden">
        <Link to={`/admin/store/orders/${order.id}`} className="text-sm font-medium text-accent hover:underline">
          ← Order {order.number}
        </Link>
        <PageHeader
          title={`Packing slip: order ${order.number}`}
          description="Print it and put it in the parcel, or pack from this screen."
          actions={
            <>
              <Button onClick={() => window.print()}>Print</Button>
              <Link to={`/admin/store/orders/${order.id}`} className={buttonClass('secondary')}>
                Back to the order
              </Link>
            </>
          }
        />
      </div>
      <Slip order={order} />
    </>
  );
}

function Slip({ order }: { order: Order }) {
  const { data: site } = useSite();
  const day = useShortDate();
  const units = order.lineItems.reduce((n, l) => n + l.quantity, 0);
  return (
    <article
      aria-label="Packing slip"
      className="rounded-lg border border-neutral-200 bg-white p-5 text-sm shadow-xs sm:p-8 print:border-0 print:p-0 print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-neutral-200 pb-4">
        <div>
          <p className="text-lg font-semibold">{site?.name ?? ''}</p>
          <h2 className="text-base font-semibold text-neutral-700">Packing slip</h2>
        </div>
        <dl className="sm:text-right">
          <dt className="sr-only">Order</dt>
          <dd className="text-base font-semibold">Order {order.number}</dd>
          <dt className="sr-only">Placed</dt>
          <dd className="text-neutral-600">Placed {day(order.purchasedDate)}</dd>
        </dl>
      </header>

      <SlipDelivery order={order} />

      <ItemsToPack order={order} />
      <p className="mt-4 text-right text-neutral-700">
        {units} {units === 1 ? 'item' : 'items'} in {order.lineItems.length}{' '}
        {order.lineItems.length === 1 ? 'line' : 'lines'}
      </p>
    </article>
  );
}

/** Who gets it (or collects it), how it goes, and the buyer's note. */
function SlipDelivery({ order }: { order: Order }) {
  const method = deliveryMethod(order);
  const pickup = isPickup(order);
  const dest = order.shippingInfo?.logistics.shippingDestination;
  return (
    <div className="grid gap-4 border-b border-neutral-200 py-4 sm:grid-cols-3 print:grid-cols-3">
      <section aria-label={pickup ? 'Collected by' : 'Ship to'}>
        <h3 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          {pickup ? 'Collected by' : 'Ship to'}
        </h3>
        {dest ? (
          <ShipToLines d={dest} phone className="mt-1" />
        ) : (
          <p className="mt-1">{order.buyerInfo.email ?? 'No address'}</p>
        )}
      </section>
      <section aria-label="Delivery method">
        <h3 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">Delivery method</h3>
        <p className="mt-1 font-medium">{method ?? 'None chosen'}</p>
        <DeliveryDetails order={order} className="mt-1" />
      </section>
      {order.buyerNote && (
        <section aria-label="Note from the buyer">
          <h3 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">Note from the buyer</h3>
          <p className="mt-1 whitespace-pre-line">{order.buyerNote}</p>
        </section>
      )}
    </div>
  );
}

/** The lines to pack, each with a box to tick by hand. */
function ItemsToPack({ order }: { order: Order }) {
  return (
    <table className="mt-4 w-full border-collapse">
      <caption className="sr-only">Items to pack</caption>
      <thead>
        <tr className="border-b border-neutral-200 text-left text-xs tracking-wide text-neutral-600 uppercase">
          <th scope="col" className="w-14 pb-2 font-semibold">
            <span className="sr-only">Picture</span>
          </th>
          <th scope="col" className="pb-2 font-semibold">
            Item
          </th>
          <th scope="col" className="hidden pb-2 font-semibold sm:table-cell print:table-cell">
            SKU
          </th>
          <th scope="col" className="w-10 pb-2 text-right font-semibold">
            Qty
          </th>
          <th scope="col" className="w-16 pb-2 pl-2 text-center font-semibold sm:w-20">
            Packed
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lineItems.map((l) => {
          const options = optionWords(l.descriptionLines);
          return (
            <tr key={l.id} className="border-b border-neutral-200 align-top break-inside-avoid">
              <td className="py-3 pr-3">
                <div className="w-12">
                  <ProductImage media={l.image} size={48} eager />
                </div>
              </td>
              <td className="py-3 pr-3">
                <span className="block font-medium">{l.productName}</span>
                {options && <span className="block">{options}</span>}
                {l.sku && <span className="block text-neutral-600 sm:hidden print:hidden">SKU {l.sku}</span>}
              </td>
              <td className="hidden py-3 pr-3 font-mono sm:table-cell print:table-cell">{l.sku ?? '—'}</td>
              <td className="py-3 text-right text-base font-semibold tabular-nums">{l.quantity}</td>
              <td className="py-3 pl-2 text-center">
                <span aria-hidden className="inline-block h-5 w-5 rounded border-2 border-neutral-400" />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
