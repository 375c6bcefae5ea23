import type { Checkout } from '@plaza/contracts';

/** One thing the shopper still has to do before paying, in words, and the field that does it (to move focus to). */
export interface Missing {
  text: string;
  field?: string;
}

/** The ids of the fields the list points at (sections.tsx and extras.tsx give them to their inputs). */
export const FIELD = {
  email: 'checkout-email',
  firstAddressGap: (a: { country?: string; addressLine?: string; city?: string } | undefined) =>
    !a?.addressLine?.trim() ? 'ship-address' : !a.city?.trim() ? 'ship-city' : 'ship-country',
  delivery: 'delivery-options',
  coupon: 'code-coupon',
  giftCard: 'code-giftcard',
  customField: (key: string) => `custom-${key}`,
  card: 'card-number',
} as const;

type Option = NonNullable<Checkout['shippingInfo']['selectedCarrierServiceOption']>;
const isPickup = (o: Option) =>
  o.kind === 'STORE_PICKUP' || o.kind === 'PICKUP_POINT' || o.logistics.pickupDetails !== undefined;

/**
 * Whether anything is shipped (rule digital.only): only PHYSICAL lines are. A checkout of digital items or of a plan
 * (its SERVICE line, shippable: false) asks for no shipping address and no delivery option.
 */
export const needsDelivery = (checkout: Pick<Checkout, 'lineItems'>) =>
  checkout.lineItems.some((l) => l.physicalProperties?.shippable);

/**
 * What stands between the shopper and "Pay", first things first, from the checkout as the server last answered it
 * (the rules placement enforces, docs/store/rules.md: an e-mail; for shipped items an address with a country, street
 * and city unless a pickup is chosen, and a delivery option; no ERROR violation) plus the card form. Empty: ready.
 */
export function whatIsMissing(
  checkout: Checkout,
  opts: { closed?: boolean; cardProblem?: string | undefined } = {},
): Missing[] {
  if (opts.closed) return [{ text: 'The store is not taking orders right now' }];
  const out: Missing[] = [];
  if (!checkout.buyerInfo.email) out.push({ text: 'Enter your e-mail', field: FIELD.email });

  const shipped = needsDelivery(checkout);
  const selected = checkout.shippingInfo.selectedCarrierServiceOption;
  const address = checkout.shippingInfo.shippingDestination?.address;
  const pickup = selected !== undefined && isPickup(selected);
  if (shipped && !pickup && !(address?.country && address.addressLine?.trim() && address.city?.trim())) {
    out.push({ text: 'Add a shipping address', field: FIELD.firstAddressGap(address) });
  }
  const options = checkout.shippingInfo.carrierServiceOptions.flatMap((c) => c.shippingOptions);
  if (shipped && (!selected || !options.some((o) => o.code === selected.code))) {
    out.push(
      address?.country && options.length === 0
        ? { text: 'Use an address we ship to', field: FIELD.firstAddressGap(undefined) }
        : { text: 'Choose a delivery option', field: FIELD.delivery },
    );
  }

  for (const v of checkout.violations) {
    if (v.severity !== 'ERROR') continue;
    const name = v.target.other?.name ?? '';
    if (name.startsWith('shippingInfo')) continue; // said above, in the shopper's terms
    if (name === 'couponCode') {
      out.push({ text: `Remove code ${checkout.couponCode ?? ''}: ${v.description}`.trim(), field: FIELD.coupon });
    } else if (name === 'giftCard') {
      out.push({ text: `Remove the gift card: ${v.description}`, field: FIELD.giftCard });
    } else if (name.startsWith('customFields.')) {
      const key = name.slice('customFields.'.length);
      const label = checkout.customFields.find((f) => f.key === key)?.label ?? key;
      out.push({ text: `Answer “${label}”`, field: FIELD.customField(key) });
    } else {
      out.push({ text: v.description });
    }
  }
  if (opts.cardProblem) out.push({ text: opts.cardProblem.replace(/\.$/, ''), field: FIELD.card });
  // One line per thing, however many rules say it.
  return out.filter((m, i) => out.findIndex((x) => x.text === m.text) === i);
}
