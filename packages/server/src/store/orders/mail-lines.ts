import type { LineItem, Order } from '@plaza/contracts';
import { isPickupCode, optionWords, pickupPlaceLines, slotWords } from '@plaza/contracts/constants';
import type { Ctx } from '../../kernel/context.js';
import { addressLines } from '../../lib/address-lines.js';
import type { DateSite } from '../../lib/dates.js';
import type { MailLine, MailShipping } from '../../platform/mail/index.js';
import { webBase } from '../../lib/urls.js';
import { thankYouToken } from './wire.js';

/** What an e-mail needs of a checkout's or an order's line (both are `LineItem`s). */
type Line = Pick<LineItem, 'productName' | 'quantity' | 'descriptionLines' | 'sku' | 'image'>;

/** What every order e-mail starts with: the shop, the order number and the buyer's link to the order (no sign-in). */
export const orderMailHeader = (tx: Ctx, site: { name: string }, order: { id: string; number: number | bigint }) => ({
  siteName: site.name,
  number: String(order.number),
  link: `${webBase(tx)}/orders/${order.id}?token=${thankYouToken(tx, order.id)}`,
});

/** The size the pictures of order e-mails are shown at (CSS pixels); resizable images are asked at twice that. */
const PICTURE = 48;

/**
 * The lines an order e-mail prints: name, options in words ("Size: M, Color: Lavender"), SKU, quantity and the
 * picture's absolute address (mail clients have no page to resolve "/demo/mug.svg" against). Pass each line with
 * the quantity the mail is about (a shipment may send part of a line).
 */
export function mailLines(ctx: Pick<Ctx, 'config'>, lines: readonly Line[]): MailLine[] {
  return lines.map((l) => {
    const options = optionWords(l.descriptionLines);
    const image = l.image?.url.replace('{w}', String(PICTURE * 2));
    return {
      name: l.productName,
      quantity: l.quantity,
      ...(options ? { options } : {}),
      ...(l.sku ? { sku: l.sku } : {}),
      ...(image ? { imageUrl: new URL(image, ctx.config.publicUrl).toString() } : {}),
    };
  });
}

/**
 * How an order travels, for its e-mails: the delivery method's name and, for a delivery, the ship-to (the person's
 * name, then the address as its country writes it) and the chosen delivery window in the site's locale and time zone
 * (en-US and UTC without a site); a pickup names its place and address instead. Empty when nothing ships.
 */
export function mailShipping(shippingInfo: Order['shippingInfo'], site?: DateSite): MailShipping {
  if (!shippingInfo) return {};
  const { deliveryTimeSlot, pickupDetails } = shippingInfo.logistics;
  const pickupAt = pickupPlaceLines(pickupDetails, addressLines);
  const pickup = isPickupCode(shippingInfo.code);
  const dest = shippingInfo.logistics.shippingDestination;
  const name = [dest?.contactDetails?.firstName, dest?.contactDetails?.lastName].filter(Boolean).join(' ');
  const shipTo = pickup ? [] : [name, dest?.contactDetails?.company, ...addressLines(dest?.address)].filter(Boolean);
  return {
    ...(shippingInfo.title ? { delivery: pickup ? `Pickup at ${shippingInfo.title}` : shippingInfo.title } : {}),
    ...(shipTo.length ? { shipTo: shipTo as string[] } : {}),
    ...(pickupAt.length ? { pickupAt } : {}),
    ...(deliveryTimeSlot ? { slot: slotWords(deliveryTimeSlot, site) } : {}),
  };
}

/** A pickup's address and opening hours, for the ready-for-pickup e-mail. */
export function pickupMail(shippingInfo: Order['shippingInfo']): { pickupAt?: string[] } {
  const pickupAt = pickupPlaceLines(shippingInfo?.logistics.pickupDetails, addressLines);
  return pickupAt.length ? { pickupAt } : {};
}
