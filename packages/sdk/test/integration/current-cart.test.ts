/**
 * The current cart module against the real server (fresh database for this file): a visitor fills, changes, estimates
 * and deletes a cart through every method; failures run onError with the call's argument names; another shopper and
 * an API key never reach the visitor's cart.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/modules/catalog.js';
import { currentCart } from '../../src/modules/ecom/index.js';
import { failure, fixedAuth, violationsOf } from './community-clients.js';
import { castClients } from './cast-server.js';

const { ctx, client, calls: errors } = castClients({ products, currentCart }, ['ecom', 'catalog']);

let productId: string;

beforeAll(async () => {
  const { product } = await ctx.admin.products.createProduct({
    name: 'Cart mug',
    productType: 'PHYSICAL',
    price: { amount: '12.50' },
  });
  productId = product.id;
});

describe('the current cart through the SDK', () => {
  it('add (summed), quantities, info by mask, coupon, estimate, remove, delete', async () => {
    const item = { catalogReference: { appId: 'plaza-catalog', catalogItemId: productId }, quantity: 2 };
    await ctx.visitor.currentCart.addToCurrentCart({ lineItems: [item] });
    const { cart } = await ctx.visitor.currentCart.addToCurrentCart({ lineItems: [item] });
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems[0]!.quantity).toBe(4);
    expect(cart.subtotal.amount).toBe('50.00');
    const lineId = cart.lineItems[0]!.id;

    const fewer = await ctx.visitor.currentCart.updateCurrentCartLineItemQuantity({
      lineItems: [{ id: lineId, quantity: 1 }],
    });
    expect(fewer.cart.priceSummary.subtotal.amount).toBe('12.50');
    const noted = await ctx.visitor.currentCart.updateCurrentCart({
      cartInfo: { buyerNote: 'Gift wrap' },
      fieldMask: { paths: ['buyerNote'] },
    });
    expect(noted.cart.buyerNote).toBe('Gift wrap');
    // A code that does not exist is refused in words, and the cart keeps no code.
    const refused = await failure(ctx.visitor.currentCart.updateCurrentCart({ couponCode: 'NOPE' }));
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('There is no code NOPE.');
    expect((await ctx.visitor.currentCart.getCurrentCart()).cart.couponCode).toBeUndefined();
    expect((await ctx.visitor.currentCart.removeCouponFromCurrentCart()).cart.couponCode).toBeUndefined();
    expect((await ctx.visitor.currentCart.getCurrentCart()).cart.id).toBe(cart.id);

    const estimate = await ctx.visitor.currentCart.estimateCurrentCartTotals({});
    expect(estimate.priceSummary.subtotal.amount).toBe('12.50');
    expect(estimate.membershipOptions).toEqual({ eligibleMemberships: [], invalidMemberships: [] });

    expect(
      (await ctx.visitor.currentCart.removeLineItemsFromCurrentCart({ lineItemIds: [lineId] })).cart.lineItems,
    ).toEqual([]);
    await ctx.visitor.currentCart.deleteCurrentCart();
    expect((await failure(ctx.visitor.currentCart.getCurrentCart())).status).toBe(404);
  });

  it('failures rethrow a PlazaError after onError got the argument names; no one else reaches the cart', async () => {
    const item = { catalogReference: { appId: 'plaza-catalog', catalogItemId: productId }, quantity: 1 };
    await ctx.visitor.currentCart.addToCurrentCart({ lineItems: [item] });
    errors.length = 0;
    const bad = await failure(
      ctx.visitor.currentCart.addToCurrentCart({
        lineItems: [{ catalogReference: { appId: 'someone-else', catalogItemId: productId }, quantity: 1 }],
      }),
    );
    expect(bad.status).toBe(400);
    expect(violationsOf(bad)[0]).toMatch(/^lineItems\[0\]\.catalogReference\.appId:/);
    expect(errors[0]).toMatchObject({
      moduleName: 'currentCart',
      methodName: 'addToCurrentCart',
      argumentNames: ['request'],
    });

    // Another shopper has a cart of their own (none yet), an API key has no current cart at all.
    const other = client(fixedAuth(ctx.people.memberB.auth));
    expect((await failure(other.currentCart.getCurrentCart())).status).toBe(404);
    expect(errors.at(-1)).toMatchObject({ methodName: 'getCurrentCart', argumentNames: [] });
    expect((await failure(ctx.admin.currentCart.getCurrentCart())).status).toBe(403);
    expect((await ctx.visitor.currentCart.getCurrentCart()).cart.lineItems[0]!.quantity).toBe(1);
  });
});
