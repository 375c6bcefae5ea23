import type { LineItem, Order } from '@plaza/contracts';
import { isPickupCode, optionWords, pickupPlaceLines, slotWords } from '@plaza/contracts/constants';
import { useSite } from '@plaza/react';
import { useAddressFormat, useAddressLines } from '../../../lib/addressLines.js';
import { cx } from '../../../ui/cx.js';

/**
 * An order's lines and delivery as every order screen shows them (the thank-you page, the buyer's order page, the
 * dashboard's order page and packing slip): the words come from `@plaza/contracts`, like the e-mails' and the CSV's.
 */

/** What tells a line from another of the same product: "Size: M, Color: Lavender · SKU HOOD-LAV-M". */
export function LineFacts({
  line,
  className,
}: {
  line: Pick<LineItem, 'descriptionLines' | 'sku'>;
  className?: string;
}) {
  const options = optionWords(line.descriptionLines);
  if (!options && !line.sku) return null;
  return (
    <span className={cx('block text-neutral-600', className)}>
      {options}
      {options && line.sku ? ' · ' : ''}
      {line.sku && <span className="whitespace-nowrap">SKU {line.sku}</span>}
    </span>
  );
}

type ShippingInfo = NonNullable<Order['shippingInfo']>;
type Destination = NonNullable<ShippingInfo['logistics']['shippingDestination']>;

/** Whether the order is collected at one of the shop's pickup places rather than sent. */
export const isPickup = (order: Pick<Order, 'shippingInfo'>) => isPickupCode(order.shippingInfo?.code);

/** The delivery method in words: "Standard post", "Pickup at Corner shop"; undefined when none was chosen. */
export function deliveryMethod(order: Pick<Order, 'shippingInfo'>): string | undefined {
  const title = order.shippingInfo?.title;
  if (!title) return undefined;
  return isPickup(order) ? `Pickup at ${title}` : title;
}

/** The person's name (and company), then the address as its country writes it, a line each; the phone with `phone`. */
export function ShipToLines({ d, phone, className }: { d: Destination; phone?: boolean; className?: string }) {
  const c = d.contactDetails;
  const lines = useAddressLines(d.address);
  const all = [
    [c?.firstName, c?.lastName].filter(Boolean).join(' '),
    c?.company,
    ...(lines ?? []),
    phone ? c?.phone : undefined,
  ].filter(Boolean);
  return (
    <address className={cx('not-italic', className)}>
      {all.map((l, i) => (
        <span key={i} className="block">
          {l}
        </span>
      ))}
    </address>
  );
}

/**
 * Under the delivery method: the delivery window the buyer chose, in the site's locale and time zone, and a pickup
 * place's address and opening hours. Nothing when the order has neither.
 */
export function DeliveryDetails({ order, className }: { order: Pick<Order, 'shippingInfo'>; className?: string }) {
  const { data: site } = useSite();
  const format = useAddressFormat();
  const logistics = order.shippingInfo?.logistics;
  const slot = logistics?.deliveryTimeSlot;
  const pickup = logistics?.pickupDetails;
  if (!slot && !pickup) return null;
  return (
    <div className={cx('text-neutral-700', className)}>
      {slot && (
        <p data-testid="delivery-slot">
          Delivery time: <span className="font-medium">{site ? slotWords(slot, site) : '…'}</span>
        </p>
      )}
      {pickup && (
        <address className="not-italic" data-testid="pickup-place">
          {(format ? pickupPlaceLines(pickup, format) : []).map((l, i) => (
            <span key={i} className="block">
              {l}
            </span>
          ))}
        </address>
      )}
    </div>
  );
}

/**
 * The list's one-line note for a pickup or a chosen window: "Pickup at Corner shop", "Morning courier · Nov 29, 2026,
 * 9:00 AM – 12:00 PM"; undefined for a plain delivery (the list stays short).
 */
export function deliveryNote(
  order: Pick<Order, 'shippingInfo'>,
  site: { locale?: string; timeZone?: string | null } | undefined,
): string | undefined {
  const slot = order.shippingInfo?.logistics.deliveryTimeSlot;
  if (!isPickup(order) && !slot) return undefined;
  return [deliveryMethod(order), slot && site ? slotWords(slot, site) : undefined].filter(Boolean).join(' · ');
}
