import type { Product, ProductInput, Variant } from '@plaza/contracts';
import { AppError, violation } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { parseAmount, toMoney } from '../pricing/index.js';
import type { catalogProducts, catalogVariants } from './tables.js';

export type ProductRow = typeof catalogProducts.$inferSelect;
export type VariantRow = typeof catalogVariants.$inferSelect;
type InventoryIn = NonNullable<ProductInput['inventory']>;
type Weight = NonNullable<ProductInput['weight']>;

/** "Linen Shirt — Blue" → "linen-shirt-blue": lower case ASCII words joined by dashes. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/, '');
  return slug || 'item';
}

/** The words of plain or rich-text descriptions (every `text` string in the nodes), for search. */
export function descriptionText(d: ProductInput['description'] | null | undefined): string {
  if (d === undefined || d === null) return '';
  if (typeof d === 'string') return d;
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'text' && typeof x === 'string') out.push(x);
        else walk(x);
      }
    }
  };
  walk(d);
  return out.join(' ');
}

/** Inventory columns from the request; tracked stock needs a quantity and is in stock when above zero. */
function inventoryColumns(inv: InventoryIn | undefined, field: string) {
  if (!inv) return { trackQuantity: false, quantity: null, inStock: true };
  if (inv.trackQuantity) {
    if (inv.quantity === undefined) {
      throw violation(
        `${field}.quantity`,
        'REQUIRED_FIELD',
        `${field}.quantity is required when trackQuantity is true`,
      );
    }
    return { trackQuantity: true, quantity: inv.quantity, inStock: inv.quantity > 0 };
  }
  return { trackQuantity: false, quantity: null, inStock: inv.inStock ?? true };
}

const weightColumns = (w: Weight | null | undefined) => ({
  weightValue: w?.value ?? null,
  weightUnit: w?.unit ?? null,
});

export const choicesKey = (choices: Record<string, string>): string =>
  JSON.stringify(
    Object.keys(choices)
      .sort()
      .map((k) => [k, choices[k]]),
  );

/**
 * Checks a complete product (after a mask is applied) and turns it into rows. Variants keep the id of the existing
 * variant with the same choices, so carts pointing at a variant survive edits of the product.
 */
export function productRows(
  p: ProductInput,
  currency: string,
  id: string,
  existingVariants: VariantRow[] = [],
): { product: Omit<ProductRow, 'createdDate' | 'updatedDate' | 'slug'>; variants: VariantRow[] } {
  const priceMinor = parseAmount(p.price.amount, currency, 'product.price.amount');
  const compareAtMinor = p.compareAtPrice
    ? parseAmount(p.compareAtPrice.amount, currency, 'product.compareAtPrice.amount')
    : null;
  const depositMinor = p.deposit ? parseAmount(p.deposit.amount, currency, 'product.deposit.amount') : null;
  if (depositMinor !== null && (depositMinor <= 0n || depositMinor >= priceMinor)) {
    throw violation(
      'product.deposit.amount',
      'DECIMAL_LT',
      'product.deposit.amount must be above 0 and below the price',
    );
  }
  const options = p.options ?? [];
  const names = options.map((o) => o.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw violation('product.options', 'VALIDATION', `product.options names the option "${dup}" twice`);
  const inputVariants = p.variants ?? [];
  if (inputVariants.length && !options.length) {
    throw violation('product.options', 'REQUIRED_FIELD', 'product.variants need product.options to choose from');
  }
  const variants = variantRows(inputVariants, options, currency, id, existingVariants);
  const own = variants.length
    ? { trackQuantity: false, quantity: null, inStock: variants.some((v) => v.visible && v.inStock) }
    : inventoryColumns(p.inventory, 'product.inventory');
  const skus = [p.sku, ...variants.map((v) => v.sku)].filter(Boolean).join(' ');
  return {
    product: {
      id,
      name: p.name,
      nameLower: p.name.toLowerCase(),
      description: p.description ?? null,
      searchText: `${p.name} ${descriptionText(p.description)} ${skus}`.toLowerCase(),
      media: p.media ?? [],
      productType: p.productType,
      currency,
      priceMinor,
      compareAtMinor,
      sku: p.sku ?? null,
      ...weightColumns(p.weight),
      options,
      ...own,
      visible: p.visible ?? true,
      subscriptionOptions: (p.subscriptionOptions as Record<string, unknown> | null | undefined) ?? null,
      depositMinor,
      taxGroupId: p.taxGroupId ?? null,
      digitalFileId: p.digitalFile?.fileId ?? null,
    },
    variants,
  };
}

/** Each variant checked against the options (one choice of each, no other, no two alike) and turned into a row. */
function variantRows(
  inputVariants: NonNullable<ProductInput['variants']>,
  options: NonNullable<ProductInput['options']>,
  currency: string,
  id: string,
  existingVariants: VariantRow[],
): VariantRow[] {
  const names = options.map((o) => o.name);
  const byKey = new Map(existingVariants.map((v) => [v.choicesKey, v]));
  const seen = new Set<string>();
  return inputVariants.map((v, i): VariantRow => {
    const field = `product.variants[${i}]`;
    for (const o of options) {
      const choice = v.choices[o.name];
      if (choice === undefined)
        throw violation(`${field}.choices`, 'REQUIRED_FIELD', `${field} has no choice for "${o.name}"`);
      if (!o.choices.includes(choice)) {
        throw violation(`${field}.choices`, 'INVALID_ENUM_VALUE', `"${choice}" is not a choice of "${o.name}"`);
      }
    }
    const extra = Object.keys(v.choices).find((k) => !names.includes(k));
    if (extra) throw violation(`${field}.choices`, 'FIELD_NOT_ALLOWED', `"${extra}" is not an option of this product`);
    const key = choicesKey(v.choices);
    if (seen.has(key))
      throw violation(`${field}.choices`, 'VALIDATION', `${field} repeats the choices of another variant`);
    seen.add(key);
    return {
      id: byKey.get(key)?.id ?? uuidv7(),
      productId: id,
      position: i,
      choices: v.choices,
      choicesKey: key,
      priceMinor: v.price ? parseAmount(v.price.amount, currency, `${field}.price.amount`) : null,
      sku: v.sku ?? null,
      ...weightColumns(v.weight),
      ...inventoryColumns(v.inventory, `${field}.inventory`),
      visible: v.visible ?? true,
    };
  });
}

const weightOf = (r: { weightValue: number | null; weightUnit: string | null }) =>
  r.weightValue !== null && r.weightUnit ? { weight: { value: r.weightValue, unit: r.weightUnit as 'KG' | 'LB' } } : {};
const inventoryOf = (r: { trackQuantity: boolean; quantity: number | null; inStock: boolean }) => ({
  trackQuantity: r.trackQuantity,
  ...(r.trackQuantity && r.quantity !== null ? { quantity: r.quantity } : {}),
  inStock: r.inStock,
});

/** Rows → the wire product. */
export function toProduct(r: ProductRow, variants: VariantRow[], collectionIds: string[], locale: string): Product {
  const money = (m: bigint) => toMoney(m, r.currency, locale);
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    ...(r.description !== null ? { description: r.description as Product['description'] } : {}),
    media: r.media,
    productType: r.productType as Product['productType'],
    currency: r.currency,
    price: money(r.priceMinor),
    ...(r.compareAtMinor !== null ? { compareAtPrice: money(r.compareAtMinor) } : {}),
    ...(r.sku !== null ? { sku: r.sku } : {}),
    ...weightOf(r),
    options: r.options,
    variants: variants.map((v): Variant => ({
      id: v.id,
      choices: v.choices,
      price: money(v.priceMinor ?? r.priceMinor),
      ...(v.sku !== null ? { sku: v.sku } : {}),
      ...weightOf(v),
      inventory: inventoryOf(v),
      visible: v.visible,
    })),
    inventory: inventoryOf(r),
    visible: r.visible,
    collectionIds,
    ...(r.subscriptionOptions !== null
      ? { subscriptionOptions: r.subscriptionOptions as NonNullable<Product['subscriptionOptions']> }
      : {}),
    ...(r.depositMinor !== null ? { deposit: money(r.depositMinor) } : {}),
    ...(r.taxGroupId ? { taxGroupId: r.taxGroupId } : {}),
    ...(r.digitalFileId ? { digitalFile: { fileId: r.digitalFileId } } : {}),
    createdDate: r.createdDate.toISOString(),
    updatedDate: r.updatedDate.toISOString(),
  };
}

/** The wire product back into a complete input (the base an update's field mask is applied to). */
export function toInput(p: Product): ProductInput {
  const {
    id: _i,
    currency: _c,
    createdDate: _cd,
    updatedDate: _ud,
    variants,
    price,
    compareAtPrice,
    deposit,
    ...rest
  } = p;
  return {
    ...rest,
    price: { amount: price.amount },
    ...(compareAtPrice ? { compareAtPrice: { amount: compareAtPrice.amount } } : {}),
    ...(deposit ? { deposit: { amount: deposit.amount } } : {}),
    // A variant priced like the product follows the product's price (a price change moves it too).
    variants: variants.map(({ id: _v, price: vp, ...v }) =>
      vp.amount === price.amount ? v : { ...v, price: { amount: vp.amount } },
    ),
  };
}

export const slugTaken = (slug: string) =>
  new AppError('CONFLICT', `The slug "${slug}" is already used by another product`, {
    applicationCode: 'SLUG_ALREADY_EXISTS',
  });
