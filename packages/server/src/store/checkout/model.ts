import type {
  AddressWithContact,
  BillingInfo,
  CatalogReference,
  PaymentOption,
  ProductMedia,
  SalesChannel,
} from '@plaza/contracts';

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

export type CustomFieldValue = string | number | boolean;

/** Everything the buyer filled in, as stored in `checkouts.info`. */
export interface StoredCheckoutInfo {
  email?: string;
  billingInfo?: BillingInfo;
  shippingDestination?: AddressWithContact;
  selectedShippingOption?: { code: string; deliveryTimeSlot?: { from: string; to: string } };
  buyerNote?: string;
  customFields?: Record<string, CustomFieldValue>;
  tip?: { presetId?: string; amountMinor?: string; percentage?: number; source: 'WEB' | 'POS' | 'DASHBOARD' };
  paymentOption: PaymentOption;
  /** The total the checkout's last answer showed (money.shown-total): placement charges no other. */
  shownTotal?: { minor: string; formatted: string };
  merchantDiscounts?: Array<{
    amountMinor?: string;
    percentage?: number;
    lineItemIds?: string[];
    description?: string;
  }>;
}

export interface CheckoutRow {
  id: string;
  cartId: string | null;
  templateId: string | null;
  memberId: string | null;
  visitorId: string | null;
  channelType: string;
  lines: StoredLine[];
  info: StoredCheckoutInfo;
  couponCode: string | null;
  giftCardCode: string | null;
  overrideCheckoutUrl: string | null;
  completed: boolean;
  createdDate: Date;
  updatedDate: Date;
}

export type { SalesChannel };
