import type { Checkout, CheckoutInfoInput, CreateCheckoutFromCartRequest } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { violation } from '../../kernel/errors.js';
import { getSite } from '../../platform/site/index.js';
import { cartNotFound, lockCurrentCart } from '../cart/index.js';
import { applyInfo, pathsOf } from './info.js';
import { insertCheckout, linesHaveDeposit } from './service.js';
import { getCheckoutSettings } from './settings.service.js';

/**
 * The cart's lines, coupon (when it applies), merchant discounts and contact info become a new checkout the caller
 * owns, with the addresses, shipping option and e-mail of the request. The cart stays as it is (the shopper may go back to it);
 * the cart row is locked meanwhile so a concurrent add lands either before the copy or after it, never half.
 */
export async function createCheckoutFromCart(ctx: Ctx, req: CreateCheckoutFromCartRequest): Promise<Checkout> {
  const [site, settings] = await Promise.all([getSite(ctx), getCheckoutSettings(ctx)]);
  return withTx(ctx, async (tx) => {
    const cart = await lockCurrentCart(tx);
    if (!cart) throw cartNotFound();
    if (!cart.lines.length) throw violation('cart.lineItems', 'MIN_SIZE', 'the cart is empty: add items first');
    const contact = cart.contactInfo?.contactDetails;
    const shippingAddress = req.shippingAddress ?? cart.contactInfo?.address;
    const input: CheckoutInfoInput = {
      ...(req.email ? { buyerInfo: { email: req.email } } : {}),
      ...(req.billingAddress
        ? { billingInfo: { address: req.billingAddress, ...(contact ? { contactDetails: contact } : {}) } }
        : {}),
      ...(shippingAddress || req.selectedShippingOption
        ? {
            shippingInfo: {
              ...(shippingAddress
                ? { shippingDestination: { address: shippingAddress, ...(contact ? { contactDetails: contact } : {}) } }
                : {}),
              ...(req.selectedShippingOption ? { selectedCarrierServiceOption: req.selectedShippingOption } : {}),
            },
          }
        : {}),
      ...(cart.buyerNote ? { buyerNote: cart.buyerNote } : {}),
    };
    const hasDeposit = await linesHaveDeposit(tx, cart.lines, site.currency, site.locale);
    const { info } = applyInfo(tx, { paymentOption: 'FULL_PAYMENT_ONLINE' }, input, pathsOf(input), {
      prefix: 'checkout',
      currency: site.currency,
      settings,
      hasDeposit,
    });
    if (cart.merchantDiscounts?.length) info.merchantDiscounts = cart.merchantDiscounts;
    return insertCheckout(tx, {
      lines: cart.lines,
      info,
      channelType: req.channelType ?? 'WEB',
      ...(cart.couponCode ? { couponCode: cart.couponCode, carriedCoupon: true } : {}),
      cartId: cart.id,
    });
  });
}
