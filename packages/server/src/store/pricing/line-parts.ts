import {
  PLAZA_CATALOG_APP_ID,
  canonicalCatalogAppId,
  type CustomLineItemInput,
  type LineItem,
  type LineItemInput,
  type Money,
  type Violation,
} from '@plaza/contracts';
import { violation } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import type { StoredLine } from './line-types.js';

/**
 * The parts of lines.ts that need no catalog rows of their own: checking and storing one input line, and the wire
 * and totals lines of custom, missing and out-of-stock items.
 */

export const LB_TO_KG = 0.45359237;
export type SubOption = { frequency: string; interval: number; billingCycles?: number; discountPercent?: number };

/** An amount in the checkout's currency, refused as `field` when it is not one. */
type ParseAmount = (amount: string, field: string) => bigint;
type ToMoney = (m: bigint) => Money;

/** What checking a catalog line needs of its product and of that product's variants. */
interface ProductToCheck {
  id: string;
  visible: boolean;
  subscriptionOptions: unknown;
}
interface VariantToCheck {
  id: string;
  productId: string;
  visible: boolean;
}

/** A catalog line that names nothing sellable (or asks what only API keys may) is a 400 naming its field. */
export function checkCatalogLine(
  l: LineItemInput,
  f: string,
  p: ProductToCheck | undefined,
  variantId: string | undefined,
  variants: Iterable<VariantToCheck>,
  isApp: boolean,
): void {
  if (canonicalCatalogAppId(l.catalogReference.appId) !== PLAZA_CATALOG_APP_ID) {
    throw violation(`${f}.catalogReference.appId`, 'VALIDATION', `only "${PLAZA_CATALOG_APP_ID}" items are sold`);
  }
  if (!p || !p.visible) throw violation(`${f}.catalogReference.catalogItemId`, 'VALIDATION', 'no such product');
  const productVariants = [...variants].filter((v) => v.productId === p.id);
  if (productVariants.length && !variantId) {
    throw violation(`${f}.catalogReference.options.variantId`, 'REQUIRED_FIELD', 'this product has variants: name one');
  }
  if (variantId && !productVariants.some((v) => v.id === variantId && v.visible)) {
    throw violation(`${f}.catalogReference.options.variantId`, 'VALIDATION', 'no such variant of this product');
  }
  if (l.subscriptionOptionInfo) {
    const s = l.subscriptionOptionInfo.subscriptionSettings;
    const plans = (p.subscriptionOptions as { options?: SubOption[] } | null)?.options ?? [];
    if (!plans.some((o) => o.frequency === s.frequency && o.interval === s.interval)) {
      throw violation(
        `${f}.subscriptionOptionInfo.subscriptionSettings`,
        'VALIDATION',
        'this product has no subscription with this frequency and interval',
      );
    }
  }
  if (l.catalogOverrideFields && !isApp) {
    throw violation(
      `${f}.catalogOverrideFields`,
      'FIELD_NOT_ALLOWED',
      'only API keys with the ecom scope may override',
    );
  }
}

/** A checked catalog line as stored, with its API overrides. */
export function storedCatalogLine(l: LineItemInput, f: string, parse: ParseAmount): StoredLine {
  const o = l.catalogOverrideFields;
  return {
    id: uuidv7(),
    quantity: l.quantity,
    // Stored under Plaza's own id, whichever alias named it (stock, restock and renewals match on it).
    catalogReference: { ...l.catalogReference, appId: canonicalCatalogAppId(l.catalogReference.appId) },
    ...(l.subscriptionOptionInfo ? { subscriptionOptionInfo: l.subscriptionOptionInfo } : {}),
    ...(l.serviceProperties ? { serviceProperties: l.serviceProperties } : {}),
    ...(o
      ? {
          override: {
            ...(o.productName ? { productName: o.productName } : {}),
            ...(o.price
              ? { priceMinor: parse(o.price.amount, `${f}.catalogOverrideFields.price.amount`).toString() }
              : {}),
            ...(o.image ? { image: o.image } : {}),
            ...(o.physicalProperties?.weight !== undefined ? { weight: o.physicalProperties.weight } : {}),
          },
        }
      : {}),
  };
}

/** A custom line as stored (the caller checked it may add one). */
export function storedCustomLine(c: CustomLineItemInput, f: string, parse: ParseAmount): StoredLine {
  return {
    id: c.id ?? uuidv7(),
    quantity: c.quantity,
    custom: {
      productName: c.productName,
      priceMinor: parse(c.price.amount, `${f}.price.amount`).toString(),
      itemType: c.itemType ?? 'CUSTOM_AMOUNT_ITEM',
      ...(c.media ? { media: c.media } : {}),
      ...(c.weight ? { weight: c.weight.unit === 'LB' ? c.weight.value * LB_TO_KG : c.weight.value } : {}),
      ...(c.taxGroupId ? { taxGroupId: c.taxGroupId } : {}),
    },
  };
}

/** A custom line as the buyer sees it and as the totals engine prices it. */
export function customLineParts(l: StoredLine & { custom: NonNullable<StoredLine['custom']> }, money: ToMoney) {
  const price = BigInt(l.custom.priceMinor);
  const lineItem: LineItem = {
    id: l.id,
    quantity: l.quantity,
    productName: l.custom.productName,
    itemType: l.custom.itemType,
    descriptionLines: [],
    price: money(price),
    fullPrice: money(price),
    lineItemPrice: money(price * BigInt(l.quantity)),
    availability: { status: 'AVAILABLE' },
    customLineItem: true,
    ...(l.custom.media
      ? {
          image: {
            url: l.custom.media.url,
            ...(l.custom.media.altText ? { altText: l.custom.media.altText } : {}),
          },
        }
      : {}),
    ...(l.custom.weight !== undefined
      ? { physicalProperties: { weight: l.custom.weight, shippable: l.custom.itemType === 'PHYSICAL' } }
      : {}),
    ...(l.custom.taxGroupId ? { taxGroupId: l.custom.taxGroupId } : {}),
  };
  const totalsLine = {
    id: l.id,
    name: l.custom.productName,
    collectionIds: [],
    itemType: l.custom.itemType,
    quantity: l.quantity,
    unitPrice: price,
    unitWeight: l.custom.weight ?? 0,
    shippable: l.custom.itemType === 'PHYSICAL',
    ...(l.custom.taxGroupId ? { taxGroupId: l.custom.taxGroupId } : {}),
  };
  return { lineItem, totalsLine };
}

/** A line whose product or variant is gone or hidden: shown at zero, with an ERROR to remove it. */
export function missingLineParts(
  l: StoredLine,
  ref: NonNullable<StoredLine['catalogReference']>,
  money: ToMoney,
): { lineItem: LineItem; violation: Violation } {
  return {
    lineItem: {
      id: l.id,
      quantity: l.quantity,
      catalogReference: ref,
      productName: l.override?.productName ?? 'Unavailable item',
      itemType: 'PHYSICAL',
      descriptionLines: [],
      price: money(0n),
      fullPrice: money(0n),
      lineItemPrice: money(0n),
      availability: { status: 'NOT_FOUND' },
    },
    violation: {
      severity: 'ERROR',
      target: { lineItem: { id: l.id } },
      description: 'This item is no longer sold.',
      suggestedFix: 'REMOVE_LINE_ITEM',
    },
  };
}

/** Whether a line can be had in its quantity; when not, the violation saying so (an ERROR when none is left). */
export function stockOf(
  l: StoredLine,
  name: string,
  { track, stock, inStock }: { track: boolean; stock: number | null; inStock: boolean },
): { status: 'AVAILABLE' | 'PARTIALLY_AVAILABLE' | 'NOT_AVAILABLE'; violation?: Violation } {
  const status =
    !inStock || (track && (stock ?? 0) <= 0)
      ? 'NOT_AVAILABLE'
      : track && (stock ?? 0) < l.quantity
        ? 'PARTIALLY_AVAILABLE'
        : 'AVAILABLE';
  if (status === 'AVAILABLE') return { status };
  return {
    status,
    violation: {
      severity: status === 'NOT_AVAILABLE' ? 'ERROR' : 'WARNING',
      target: { lineItem: { id: l.id } },
      description:
        status === 'NOT_AVAILABLE'
          ? `${name} is out of stock.`
          : `Only ${stock} of ${name} are in stock (${l.quantity} asked).`,
      ...(status === 'NOT_AVAILABLE' ? { suggestedFix: 'REMOVE_LINE_ITEM' as const } : {}),
    },
  };
}

/** The subscription plan a line chose, and its unit price after the subscriber's discount. */
export function subscriptionPrice(l: StoredLine, subscriptionOptions: unknown, fullPrice: bigint) {
  const s = l.subscriptionOptionInfo?.subscriptionSettings;
  const plan = s
    ? ((subscriptionOptions as { options?: SubOption[] } | null)?.options ?? []).find(
        (o) => o.frequency === s.frequency && o.interval === s.interval,
      )
    : undefined;
  // A subscriber's discount is rounded once per unit price (then × quantity, exact).
  const subPrice = plan?.discountPercent
    ? fullPrice - (fullPrice * BigInt(Math.round(plan.discountPercent * 100)) + 5000n) / 10000n
    : fullPrice;
  return { s, plan, subPrice };
}
