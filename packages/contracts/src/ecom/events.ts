import { Type, type TSchema } from 'typebox';
import { AbandonedCheckout } from './abandoned-checkouts.js';
import { Fulfillment } from './fulfillments.js';
import { Order } from './orders.js';
import { SubscriptionContract } from './subscriptions.js';
import { BackInStockItemsReported, BackInStockNotificationRequest } from './back-in-stock.js';
import { Cart } from './cart.js';
import { Checkout } from './checkout.js';
import { Coupon, DiscountRule } from './discounts.js';
import type { EcomEventType } from './event-types.js';
import { crudEvent, crudEvents, type CrudEventSlug } from '../events/crud.js';
import { GiftCardEvent } from './gift-cards.js';
import { CheckoutSettings } from './settings.js';
import { CheckoutTemplate } from './templates.js';
import {
  AdditionalFeeSetting,
  PickupLocation,
  ShippingOption,
  ShippingProviderConfiguration,
  ShippingRegion,
} from './shipping.js';
import { TaxGroup, TaxRegion, TaxSettings } from './tax.js';
import { TipSettings } from './tips.js';

/**
 * The store's entries in the event catalogue (events/catalogue.ts spreads them). Each domain's payload is its wire
 * entity; `Entity` below is only where a domain has not named its schema yet.
 */
interface Entry {
  entityFqdn: string;
  slug: string;
  kind: 'created' | 'updated' | 'deleted' | 'action';
  payload: TSchema;
  description: string;
}
const Entity = Type.Object({ id: Type.String() }, { additionalProperties: true });

const crud = <E extends string>(entity: E, noun: string, payload: TSchema = Entity) =>
  crudEvents('ecom', entity, noun, payload) as Record<`ecom.${E}.${CrudEventSlug}`, Entry>;
/** A settings object's one event: it is never created or deleted, only changed. */
const updated = <E extends string>(entity: E, noun: string, payload: TSchema = Entity) =>
  ({ [`ecom.${entity}.updated`]: crudEvent('ecom', entity, 'updated', payload, `The ${noun} changed.`) }) as Record<
    `ecom.${E}.updated`,
    Entry
  >;

export const ECOM_EVENT_CATALOGUE = {
  ...crud('cart', 'cart', Cart),
  'ecom.checkout.created': {
    entityFqdn: 'plaza.ecom.v1.checkout',
    slug: 'created',
    kind: 'created',
    payload: Checkout,
    description: 'A checkout was created.',
  },
  'ecom.checkout.updated': {
    entityFqdn: 'plaza.ecom.v1.checkout',
    slug: 'updated',
    kind: 'updated',
    payload: Checkout,
    description: 'A checkout changed.',
  },
  ...crud('checkout_template', 'checkout template', CheckoutTemplate),
  ...updated('checkout_settings', 'checkout settings', CheckoutSettings),
  ...crud('discount_rule', 'discount rule', DiscountRule),
  ...crud('coupon', 'coupon', Coupon),
  ...crud('gift_card', 'gift card', GiftCardEvent),
  ...updated('tip_settings', 'tip settings', TipSettings),
  ...crud('shipping_region', 'shipping region', ShippingRegion),
  ...crud('shipping_option', 'shipping option', ShippingOption),
  ...crud('pickup_location', 'pickup location', PickupLocation),
  ...updated('shipping_provider_configuration', 'shipping provider configuration', ShippingProviderConfiguration),
  ...crud('additional_fee', 'fee setting', AdditionalFeeSetting),
  ...crud('tax_region', 'tax region', TaxRegion),
  ...crud('tax_group', 'tax group', TaxGroup),
  ...updated('tax_settings', 'tax settings', TaxSettings),
  ...crud('back_in_stock_notification_request', 'back-in-stock notification request', BackInStockNotificationRequest),
  'ecom.back_in_stock_items.reported': {
    entityFqdn: 'plaza.ecom.v1.back_in_stock_items',
    slug: 'reported',
    kind: 'action',
    payload: BackInStockItemsReported,
    description: 'Items were reported back in stock; waiting requests are being notified.',
  },
  'ecom.abandoned_checkout.created': {
    entityFqdn: 'plaza.ecom.v1.abandoned_checkout',
    slug: 'created',
    kind: 'created',
    payload: AbandonedCheckout,
    description: 'A checkout with the buyer’s e-mail was left without an order for the configured time.',
  },
  'ecom.abandoned_checkout.recovered': {
    entityFqdn: 'plaza.ecom.v1.abandoned_checkout',
    slug: 'recovered',
    kind: 'action',
    payload: AbandonedCheckout,
    description: 'An order was placed from an abandoned checkout (ABANDONED → RECOVERED).',
  },
  'ecom.order.created': {
    entityFqdn: 'plaza.ecom.v1.order',
    slug: 'created',
    kind: 'created',
    payload: Order,
    description: 'An order was placed (from a checkout, or created by an app).',
  },
  'ecom.order.updated': {
    entityFqdn: 'plaza.ecom.v1.order',
    slug: 'updated',
    kind: 'updated',
    payload: Order,
    description: 'An order changed: its status, tags, activities or transactions.',
  },
  'ecom.order.canceled': {
    entityFqdn: 'plaza.ecom.v1.order',
    slug: 'canceled',
    kind: 'action',
    payload: Order,
    description: 'An order was canceled.',
  },
  'ecom.order.payment_status_updated': {
    entityFqdn: 'plaza.ecom.v1.order',
    slug: 'payment_status_updated',
    kind: 'action',
    payload: Order,
    description: 'An order’s payment status changed (paid, refunded, declined…).',
  },
  'ecom.subscription_contract.created': {
    entityFqdn: 'plaza.ecom.v1.subscription_contract',
    slug: 'created',
    kind: 'created',
    payload: SubscriptionContract,
    description: 'An order with a subscription line made a subscription contract.',
  },
  'ecom.subscription_contract.updated': {
    entityFqdn: 'plaza.ecom.v1.subscription_contract',
    slug: 'updated',
    kind: 'updated',
    payload: SubscriptionContract,
    description: 'A contract renewed, failed to renew, paused, resumed or ended.',
  },
  'ecom.subscription_contract.canceled': {
    entityFqdn: 'plaza.ecom.v1.subscription_contract',
    slug: 'canceled',
    kind: 'action',
    payload: SubscriptionContract,
    description: 'The buyer or the owner canceled a subscription: no further charges.',
  },
  'ecom.fulfillment.created': {
    entityFqdn: 'plaza.ecom.v1.fulfillment',
    slug: 'created',
    kind: 'created',
    payload: Fulfillment,
    description: 'Items of an order were sent (or made ready), with their tracking.',
  },
  'ecom.fulfillment.updated': {
    entityFqdn: 'plaza.ecom.v1.fulfillment',
    slug: 'updated',
    kind: 'updated',
    payload: Fulfillment,
    description: 'A fulfillment’s tracking changed, or it was canceled.',
  },
} satisfies Record<EcomEventType, Entry>;
