import type { CreateOrderAndChargeRequest } from '@plaza/contracts';

/** How an order is placed: by the shopper (with or without a card) or by the merchant. */
export interface PlaceOptions {
  /** create-order-and-charge: the card token to charge what is due now. */
  paymentToken?: string;
  delayedCaptureSettings?: CreateOrderAndChargeRequest['delayedCaptureSettings'];
  delayCapture?: boolean;
  savePaymentMethod?: boolean;
  /** The card payment's id (and the provider's transaction id for it); new when absent. */
  paymentId?: string;
  /** The order's number when it was drawn before the payment (a hosted payment page shows it); new when absent. */
  orderNumber?: number;
  /** Orders made by the merchant (POST /ecom/v1/orders): */
  merchant?: {
    /** Confirm by e-mail (the shopper's own placements always do). */
    sendEmail: boolean;
    /** TAKE: out of stock now, whatever the shop's trigger; KEEP: the stock is kept elsewhere (never taken here). */
    stock: 'TAKE' | 'KEEP';
    tags: string[];
    author: string;
  };
}
