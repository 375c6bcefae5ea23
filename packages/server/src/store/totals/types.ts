import type { Address, AppliedDiscount, MembershipOption, Violation } from '@plaza/contracts';
import type { TotalsLine } from '../pricing/index.js';

/**
 * The totals engine's inputs and outputs (one engine for cart, checkout and, next, orders and draft orders).
 * Everything here is integer minor units of `currency` (bigint). Each stage lives in its own domain folder and is a
 * plain async function of (ctx, input, what earlier stages produced); `engine.ts` runs them in this order:
 *
 *   lines → member benefits (plans/) → discounts (discounts/) → shipping options + fees (shipping/) → tax (tax/) →
 *   tip (tips/) → plans' credits → gift card (gift-cards/) → validations plugin → priceSummary
 *
 * Stages read their configuration through read caches (lib/cache.ts), so a totals run costs no SQL when nothing
 * changed (the estimate-totals budget depends on it).
 */

export type TotalsSource = 'CART' | 'CHECKOUT' | 'ORDER';

/** One priced line (pricing/ resolves it from the catalog). */
export type { TotalsLine };

export interface TotalsInput {
  source: TotalsSource;
  /** Cart or checkout id (plugins get it as purchaseFlowId). */
  purchaseFlowId: string;
  currency: string;
  /** The site's locale, for amounts written into violations ("needs a subtotal of $50.00"); en-US when absent. */
  locale?: string;
  weightUnit: 'KG' | 'LB';
  lines: TotalsLine[];
  couponCode?: string;
  /** API-key merchant discounts, already parsed to minor units. */
  merchantDiscounts?: Array<{ amount?: bigint; percentage?: number; lineItemIds?: string[]; description?: string }>;
  buyer?: { memberId?: string; visitorId?: string; email?: string };
  shippingAddress?: Address;
  billingAddress?: Address;
  /** Code of the chosen shipping option (see ShippingOptionResult.code). */
  selectedShippingOption?: { code: string; deliveryTimeSlot?: { from: string; to: string } };
  calculateShipping: boolean;
  calculateTax: boolean;
  giftCardCode?: string;
  /** Lines the buyer pays with plans (plans/ checks them against what the member holds). */
  selectedMemberships?: Array<{ id: string; appId: string; lineItemIds: string[] }>;
  tip?: { presetId?: string; amount?: bigint; percentage?: number; source: 'WEB' | 'POS' | 'DASHBOARD' };
  /** Manual additional fees (source MANUAL), from API keys. */
  manualFees?: Array<{ code: string; name: string; price: bigint; taxable: boolean }>;
  /** Deposit (DEPOSIT_ONLINE): what is paid now per line, when the products define a deposit. */
  paymentOption?:
    'FULL_PAYMENT_ONLINE' | 'FULL_PAYMENT_OFFLINE' | 'DEPOSIT_ONLINE' | 'MEMBERSHIP' | 'MEMBERSHIP_OFFLINE';
  lineDeposits?: Map<string, bigint>;
  /**
   * An order edited as a draft (orders/drafts.ts): what it was sold for stays as it was, so only what the merchant
   * sets applies. No automatic rules, coupon, rate tables, site fees or app validations; this shipping line, the
   * manual fees and this tip instead.
   */
  frozen?: { shipping?: ShippingOptionResult; tip: bigint };
  now: Date;
}

// --- discounts/ ---------------------------------------------------------------------------------------------------
export interface DiscountResult {
  /** Per line: the amount taken off the whole line (never more than the line's subtotal). */
  lineDiscounts: Map<string, bigint>;
  /** Discounts on shipping, applied by the engine once the shipping price is known. */
  shippingDiscounts: Array<{
    percentage?: number;
    amount?: bigint;
    freeShipping?: boolean;
    /** Shipping costs this much at most (FIXED_PRICE). */
    fixedPrice?: bigint;
    /** Automatic rules: only the one worth most applies (coupons and merchant discounts apply after it). */
    automatic?: boolean;
    source: AppliedDiscountDraft;
  }>;
  applied: AppliedDiscountDraft[];
  violations: Violation[];
}
/** An applied discount before money is formatted (amount in minor units). */
export type AppliedDiscountDraft = Omit<AppliedDiscount, 'coupon' | 'merchantDiscount' | 'discountRule'> & {
  amount: bigint;
  coupon?: { id: string; code: string; name: string };
  merchantDiscount?: { percentage?: number; description?: string };
  discountRule?: { id: string; name: string };
};

// --- plans/ ------------------------------------------------------------------------------------------------------
export interface MembershipResult {
  /** The member's plans whose credits cover lines (eligible), or would but can't now (invalid, with the reason). */
  options: { eligible: MembershipOption[]; invalid: Array<{ membership: MembershipOption; reason: string }> };
  /** MEMBER_PRICE: amount off per line, from the list price (the best plan per line). */
  lineDiscounts: Map<string, bigint>;
  applied: AppliedDiscountDraft[];
  /** FREE_SHIPPING: the delivery option codes that cost nothing ('ALL': every one); absent: none. */
  freeShipping?: string[] | 'ALL';
  /** The selected lines the plans pay, and how. */
  covered: Map<string, CoveredLine>;
  /** Selection entries refused: which entry and why (the engine makes them ERROR violations). */
  selectionErrors: Array<{ index: number; description: string }>;
}
export interface CoveredLine {
  membershipId: string;
  /** The plan is paid at the counter: the line's payment option is MEMBERSHIP_OFFLINE. */
  offline: boolean;
  /** The buyer still pays the line's tax. */
  taxCredited: boolean;
}

// --- shipping/ ----------------------------------------------------------------------------------------------------
export interface ShippingOptionResult {
  /** Stable code the checkout stores as the selected option. */
  code: string;
  title: string;
  cost: bigint;
  /** DELIVERY, PICKUP or LOCAL_DELIVERY. */
  kind: 'DELIVERY' | 'STORE_PICKUP' | 'PICKUP_POINT' | 'LOCAL_DELIVERY';
  logistics: {
    deliveryTime?: string;
    instructions?: string;
    deliveryTimeSlots?: Array<{ from: string; to: string }>;
    pickupDetails?: { address: Address; businessHours?: string; pickupMethod: 'STORE_PICKUP' | 'PICKUP_POINT' };
  };
  /** Where it came from: the merchant's tables, a carrier rate table or an app. */
  source: 'MERCHANT' | 'CARRIER_TABLE' | 'SERVICE_PLUGIN';
}
export interface ShippingResult {
  options: ShippingOptionResult[];
  selected?: ShippingOptionResult;
  /** Shipping tax group / taxable flag per the region's settings, for the tax stage. */
  violations: Violation[];
}
export interface FeeResult {
  code: string;
  name: string;
  price: bigint;
  taxable: boolean;
  taxGroupId?: string;
  lineItemIds?: string[];
  source: 'SERVICE_PLUGIN' | 'ITEM' | 'MANUAL';
  type?: 'HANDLING_FEE' | 'INSURANCE';
}

// --- tax/ ---------------------------------------------------------------------------------------------------------
/** Something the tax stage taxes: a line after discounts, the shipping price after discounts, or a fee. */
export interface Taxable {
  id: string;
  kind: 'LINE' | 'SHIPPING' | 'FEE';
  /** Amount after discounts (tax included on tax-inclusive sites). */
  amount: bigint;
  quantity: number;
  taxGroupId?: string;
}
export interface TaxBreakdownLine {
  jurisdiction: string;
  jurisdictionType: 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL';
  taxName: string;
  /** Decimal fraction as a string, e.g. "0.0725". */
  rate: string;
  amount: bigint;
}
export interface TaxResult {
  taxIncludedInPrices: boolean;
  perItem: Map<string, { tax: bigint; breakdown: TaxBreakdownLine[] }>;
  total: bigint;
  calculationDetails: {
    rateType: 'NO_TAX_COLLECTED' | 'MANUAL_RATE' | 'AUTO_RATE' | 'FALLBACK_RATE';
    manualRateReason?: 'GLOBAL_SETTING_TO_MANUAL' | 'REGION_SETTING_TO_MANUAL';
    autoTaxFallbackDetails?: { fallbackReason: 'AUTO_TAX_FAILED' | 'AUTO_TAX_DEACTIVATED' };
  };
}

// --- tips/ and gift-cards/ ----------------------------------------------------------------------------------------
export interface TipResult {
  amount: bigint;
  presetId?: string;
  percentage?: number;
  source: 'WEB' | 'POS' | 'DASHBOARD';
  /** Split among staff named in the tip settings. */
  distribution: Array<{ staffId: string; name: string; amount: bigint }>;
  /** Why a tip was refused (not enabled, custom not allowed, unknown preset): the amount is then 0. */
  violations?: Violation[];
}
export interface GiftCardResult {
  id: string;
  /** Last 4 characters only. */
  obfuscatedCode: string;
  /** What the card pays of this total. */
  applied: bigint;
  balance: bigint;
}

// --- engine.ts ----------------------------------------------------------------------------------------------------
export interface Totals {
  currency: string;
  taxIncludedInPrices: boolean;
  lines: Array<{
    id: string;
    subtotal: bigint;
    discount: bigint;
    tax: bigint;
    breakdown: TaxBreakdownLine[];
    total: bigint;
  }>;
  subtotal: bigint;
  discount: bigint;
  shipping: bigint;
  shippingDiscount: bigint;
  additionalFees: bigint;
  tax: bigint;
  tip: bigint;
  total: bigint;
  /** What plans pay (the covered lines, with their tax unless the plan credits only the price). */
  membership: bigint;
  giftCard?: GiftCardResult;
  /** total = payNow + payLater + giftCard + membership. */
  payNow: bigint;
  payLater: bigint;
  appliedDiscounts: AppliedDiscountDraft[];
  shipping_: ShippingResult;
  fees: FeeResult[];
  taxResult?: TaxResult;
  tipResult?: TipResult;
  membershipOptions: MembershipResult['options'];
  covered: Map<string, CoveredLine>;
  violations: Violation[];
}
