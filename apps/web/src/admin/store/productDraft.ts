import type { Product, ProductInput, ProductType } from '@plaza/sdk/catalog';

/**
 * The product form's draft: flat text the owner types (prices as she writes them), turned into the wire's input on
 * save. Pure functions, tested in productDraft.test.ts.
 */
export type Frequency = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
export interface OptionDraft {
  name: string;
  /** Comma-separated as typed: "S, M, L". */
  choices: string;
}
export interface VariantDraft {
  /** The choices joined, which keeps a row's values when options are edited. */
  key: string;
  choices: Record<string, string>;
  price: string;
  sku: string;
  quantity: string;
  inStock: boolean;
  visible: boolean;
}
export interface PlanDraft {
  frequency: Frequency;
  interval: string;
  billingCycles: string;
  discountPercent: string;
}
export interface MediaDraft {
  url: string;
  altText: string;
}
export interface ProductDraft {
  name: string;
  description: string;
  productType: ProductType;
  visible: boolean;
  price: string;
  compareAtPrice: string;
  deposit: string;
  sku: string;
  weight: string;
  weightUnit: 'KG' | 'LB';
  /** '' : the shop's default tax group. */
  taxGroupId: string;
  /** DIGITAL products: the private file buyers download ('' for none). */
  digitalFileId: string;
  trackQuantity: boolean;
  quantity: string;
  inStock: boolean;
  media: MediaDraft[];
  options: OptionDraft[];
  variants: VariantDraft[];
  collectionIds: string[];
  subscriptions: boolean;
  allowOneTimePurchases: boolean;
  plans: PlanDraft[];
}

export const emptyDraft = (): ProductDraft => ({
  name: '',
  description: '',
  productType: 'PHYSICAL',
  visible: true,
  price: '',
  compareAtPrice: '',
  deposit: '',
  sku: '',
  weight: '',
  weightUnit: 'KG',
  taxGroupId: '',
  digitalFileId: '',
  trackQuantity: true,
  quantity: '0',
  inStock: true,
  media: [],
  options: [],
  variants: [],
  collectionIds: [],
  subscriptions: false,
  allowOneTimePurchases: true,
  plans: [{ frequency: 'MONTH', interval: '1', billingCycles: '', discountPercent: '' }],
});

const text = (n: number | undefined) => (n === undefined ? '' : String(n));

export function draftOf(p: Product): ProductDraft {
  return {
    name: p.name,
    // Rich-text descriptions (written through the API) are kept as they are unless the owner types a new one.
    description: typeof p.description === 'string' ? p.description : '',
    productType: p.productType,
    visible: p.visible,
    price: p.price.amount,
    compareAtPrice: p.compareAtPrice?.amount ?? '',
    deposit: p.deposit?.amount ?? '',
    sku: p.sku ?? '',
    weight: text(p.weight?.value),
    weightUnit: p.weight?.unit ?? 'KG',
    taxGroupId: p.taxGroupId ?? '',
    digitalFileId: p.digitalFile?.fileId ?? '',
    trackQuantity: p.variants[0]?.inventory.trackQuantity ?? p.inventory.trackQuantity,
    quantity: text(p.inventory.quantity ?? 0),
    inStock: p.inventory.inStock,
    media: p.media.map((m) => ({ url: m.url, altText: m.altText ?? '' })),
    options: p.options.map((o) => ({ name: o.name, choices: o.choices.join(', ') })),
    variants: p.variants.map((v) => ({
      key: variantKey(v.choices),
      choices: v.choices,
      price: v.price.amount,
      sku: v.sku ?? '',
      quantity: text(v.inventory.quantity ?? 0),
      inStock: v.inventory.inStock,
      visible: v.visible,
    })),
    collectionIds: p.collectionIds,
    subscriptions: Boolean(p.subscriptionOptions),
    allowOneTimePurchases: p.subscriptionOptions?.allowOneTimePurchases ?? true,
    plans: p.subscriptionOptions?.options.map((o) => ({
      frequency: o.frequency,
      interval: String(o.interval),
      billingCycles: text(o.billingCycles),
      discountPercent: text(o.discountPercent),
    })) ?? [{ frequency: 'MONTH', interval: '1', billingCycles: '', discountPercent: '' }],
  };
}

/** "12,50 " → "12.50": a comma is read as the decimal point when there is no dot. */
export const normalizeAmount = (s: string) => {
  const t = s.replace(/\s/g, '').replace(/^[^\d]+/, '');
  return t.includes('.') ? t.replace(/,/g, '') : t.replace(',', '.');
};
export const isAmount = (s: string) => /^\d{1,12}(\.\d{1,4})?$/.test(normalizeAmount(s));

/** The choices of one option, as typed: trimmed, blanks and repeats left out. */
export const choicesOf = (o: OptionDraft) => [
  ...new Set(
    o.choices
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
  ),
];
const namedOptions = (options: OptionDraft[]) => options.filter((o) => o.name.trim() && choicesOf(o).length > 0);
export const variantKey = (choices: Record<string, string>) =>
  Object.entries(choices)
    .map(([k, v]) => `${k}=${v}`)
    .join('|');

/**
 * The variant grid for the options: one row per combination of choices. A row whose combination existed keeps its
 * price, SKU and stock; a new one starts at the product's price.
 */
export function variantGrid(options: OptionDraft[], current: VariantDraft[], price: string): VariantDraft[] {
  const named = namedOptions(options);
  if (!named.length) return [];
  let combos: Array<Record<string, string>> = [{}];
  for (const o of named) {
    combos = combos.flatMap((c) => choicesOf(o).map((choice) => ({ ...c, [o.name.trim()]: choice })));
  }
  const byKey = new Map(current.map((v) => [v.key, v]));
  return combos.map((choices) => {
    const key = variantKey(choices);
    return byKey.get(key) ?? { key, choices, price, sku: '', quantity: '0', inStock: true, visible: true };
  });
}

const money = (s: string) => ({ amount: normalizeAmount(s) });
const int = (s: string) => Number.parseInt(s, 10) || 0;

/** The draft as the server takes it. */
export function inputOf(d: ProductDraft): ProductInput {
  const options = namedOptions(d.options).map((o) => ({ name: o.name.trim(), choices: choicesOf(o) }));
  const inventory = (quantity: string, inStock: boolean) =>
    d.trackQuantity ? { trackQuantity: true, quantity: Math.max(0, int(quantity)) } : { trackQuantity: false, inStock };
  return {
    name: d.name.trim(),
    description: d.description,
    productType: d.productType,
    visible: d.visible,
    price: money(d.price),
    compareAtPrice: d.compareAtPrice.trim() ? money(d.compareAtPrice) : null,
    deposit: d.deposit.trim() ? money(d.deposit) : null,
    sku: d.sku.trim(),
    weight: d.weight.trim() ? { value: Number(normalizeAmount(d.weight)), unit: d.weightUnit } : null,
    taxGroupId: d.taxGroupId || null,
    digitalFile: d.productType === 'DIGITAL' && d.digitalFileId ? { fileId: d.digitalFileId } : null,
    media: d.media
      .filter((m) => m.url.trim())
      .map((m) => ({ url: m.url.trim(), ...(m.altText.trim() ? { altText: m.altText.trim() } : {}) })),
    options,
    variants: options.length
      ? d.variants.map((v) => ({
          choices: v.choices,
          price: money(v.price || d.price),
          ...(v.sku.trim() ? { sku: v.sku.trim() } : {}),
          inventory: inventory(v.quantity, v.inStock),
          visible: v.visible,
        }))
      : [],
    inventory: inventory(d.quantity, d.inStock),
    collectionIds: d.collectionIds,
    subscriptionOptions: d.subscriptions
      ? {
          allowOneTimePurchases: d.allowOneTimePurchases,
          options: d.plans.map((p) => ({
            frequency: p.frequency,
            interval: Math.max(1, int(p.interval)),
            ...(p.billingCycles.trim() ? { billingCycles: int(p.billingCycles) } : {}),
            ...(p.discountPercent.trim() ? { discountPercent: Number(normalizeAmount(p.discountPercent)) } : {}),
          })),
        }
      : null,
  };
}

/**
 * Only what changed since the saved product, for a PATCH with its field mask. Inventory goes through the update too
 * (the quick adjust in the list is for counting stock without opening the product).
 */
export function changesOf(draft: ProductDraft, saved: ProductDraft): Partial<ProductInput> {
  const now = inputOf(draft) as Record<string, unknown>;
  const before = inputOf(saved) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(now)) {
    if (JSON.stringify(now[key]) !== JSON.stringify(before[key])) out[key] = now[key];
  }
  return out;
}

/** An image is a web address (https://…) or a file of this site's media library (/media/…). */
export const isImageAddress = (url: string) => /^(https:\/\/|\/[^/])/.test(url.trim());

/** What is wrong with one image's address, in words, if anything. */
export const imageProblem = (m: MediaDraft) =>
  m.url.trim() && !isImageAddress(m.url)
    ? 'Enter a web address that starts with https://, or choose the image from your media.'
    : undefined;

/** What is wrong with one variant's price, in words, if anything (empty takes the product's price). */
export const variantPriceProblem = (v: VariantDraft) =>
  v.price.trim() && !isAmount(v.price) ? 'Enter a price such as 12.50.' : undefined;

/** What is wrong with the options as a whole, in words, if anything. */
export function optionsProblem(d: ProductDraft): string | undefined {
  if (d.options.some((o) => o.name.trim() && !choicesOf(o).length)) return 'Give every option at least one choice.';
  const names = namedOptions(d.options).map((o) => o.name.trim().toLowerCase());
  if (new Set(names).size !== names.length) return 'Two options have the same name.';
  return undefined;
}

/**
 * Whether something beyond the single fields (those are the form's rules) keeps the draft from being saved: an image,
 * the options or a variant's price. Each problem is shown next to its own field.
 */
export const draftHasProblems = (d: ProductDraft) =>
  d.media.some((m) => imageProblem(m)) || Boolean(optionsProblem(d)) || d.variants.some((v) => variantPriceProblem(v));
