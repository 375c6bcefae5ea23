import type { CatalogReference, ProductMedia, ProductType } from '@plaza/contracts';

/** A checkout line as stored: what was chosen, never its price (custom lines and API overrides excepted). */
export interface StoredLine {
  id: string;
  quantity: number;
  catalogReference?: CatalogReference;
  subscriptionOptionInfo?: {
    subscriptionSettings: { frequency: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'; interval: number; startDate?: string };
  };
  serviceProperties?: { scheduledDate?: string; numberOfParticipants?: number };
  /** API keys only; prices already in minor units (decimal string of a bigint). */
  override?: { productName?: string; priceMinor?: string; image?: ProductMedia; weight?: number };
  /** A custom line (API keys only). */
  custom?: {
    productName: string;
    priceMinor: string;
    itemType: 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE' | 'CUSTOM_AMOUNT_ITEM';
    media?: ProductMedia;
    weight?: number;
    taxGroupId?: string;
  };
}

/** One priced line, already resolved from the catalog by the cart or checkout: what the totals engine prices. */
export interface TotalsLine {
  id: string;
  name: string;
  /** Product id in Plaza's catalog; absent for custom lines. */
  catalogItemId?: string;
  variantId?: string;
  collectionIds: string[];
  itemType: ProductType | 'CUSTOM_AMOUNT_ITEM';
  quantity: number;
  /** Price of one unit as the buyer pays it (tax included on tax-inclusive sites). */
  unitPrice: bigint;
  /** Weight of one unit in the site's weight unit (0 when unknown). */
  unitWeight: number;
  taxGroupId?: string;
  /** PHYSICAL lines need shipping. */
  shippable: boolean;
}
