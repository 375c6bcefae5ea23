import type {
  AddressWithContact,
  BillingInfo,
  PaymentOption,
  SalesChannel,
  SelectedMemberships,
} from '@plaza/contracts';
import type { StoredLine } from '../pricing/index.js';

/** A checkout line as stored (pricing/ prices it). */
export type { StoredLine };

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
  /** The lines the buyer pays with plans (their credits); checked again on every pricing. */
  selectedMemberships?: SelectedMemberships;
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
