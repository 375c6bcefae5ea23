import type { Inventory, Product, ProductType } from '@plaza/sdk/catalog';
import { Badge } from '../../ui/Badge.js';

// Words for the store's values: the owner never sees a code such as PHYSICAL or MONTH.

export const PRODUCT_TYPE_OPTIONS: Array<{ value: ProductType; label: string }> = [
  { value: 'PHYSICAL', label: 'Physical product' },
  { value: 'DIGITAL', label: 'Digital download' },
  { value: 'SERVICE', label: 'Service' },
  { value: 'GIFT_CARD', label: 'Gift card' },
];
export const productTypeLabel = (t: ProductType) => PRODUCT_TYPE_OPTIONS.find((o) => o.value === t)?.label ?? t;

export const FREQUENCY_OPTIONS = [
  { value: 'DAY', label: 'Days' },
  { value: 'WEEK', label: 'Weeks' },
  { value: 'MONTH', label: 'Months' },
  { value: 'YEAR', label: 'Years' },
] as const;

const number = new Intl.NumberFormat();

/** "12 in stock", "In stock", "Out of stock": summed over variants when the product has them. */
export function stockWords(p: Pick<Product, 'inventory' | 'variants'>): string {
  const tracked = p.variants.length ? p.variants.every((v) => v.inventory.trackQuantity) : p.inventory.trackQuantity;
  if (!tracked) return p.inventory.inStock ? 'In stock' : 'Out of stock';
  const quantity = p.variants.length
    ? p.variants.reduce((sum, v) => sum + (v.inventory.quantity ?? 0), 0)
    : (p.inventory.quantity ?? 0);
  if (quantity === 0) return 'Out of stock';
  return `${number.format(quantity)} in stock${p.variants.length ? ` (${p.variants.length} variants)` : ''}`;
}

export function StockBadge({ product }: { product: Pick<Product, 'inventory' | 'variants'> }) {
  const words = stockWords(product);
  const out = words === 'Out of stock';
  const low = !out && product.inventory.trackQuantity && (product.inventory.quantity ?? 0) <= 5;
  return <Badge tone={out ? 'danger' : low ? 'warning' : 'success'}>{words}</Badge>;
}

/** "3 left" / "In stock" for one variant or product's own inventory. */
export const inventoryWords = (i: Inventory) =>
  i.trackQuantity ? `${number.format(i.quantity ?? 0)} in stock` : i.inStock ? 'In stock' : 'Out of stock';
