/**
 * The checkout modules against the real server (fresh database for this file): the owner sets up settings and a
 * template, a visitor buys now and walks the checkout; failures run onError with the call's argument names.
 */
import { describe, expect, it } from 'vitest';
import { products } from '../../src/modules/catalog.js';
import { checkoutSettings, checkoutTemplates, checkouts } from '../../src/modules/ecom/index.js';
import { failure, fixedAuth, violationsOf } from './community-clients.js';
import { castClients } from './cast-server.js';

const {
  ctx,
  client,
  calls: errors,
} = castClients({ products, checkouts, checkoutTemplates, checkoutSettings }, ['ecom', 'catalog']);

describe('checkouts through the SDK', () => {
  it('template → buy now → fill in → lines → URL and payment settings', async () => {
    const { product } = await ctx.admin.products.createProduct({
      name: 'Tea tin',
      productType: 'PHYSICAL',
      price: { amount: '7.25' },
    });
    await ctx.admin.checkoutSettings.updateCheckoutSettings({
      checkoutSettings: { logo: { size: 'SMALL', alignment: 'CENTER' } },
      fieldMask: { paths: ['logo'] },
    });
    expect((await ctx.visitor.checkoutSettings.getCheckoutSettings()).checkoutSettings.logo.size).toBe('SMALL');
    const catalogReference = { appId: 'plaza-catalog', catalogItemId: product.id };
    const { checkoutTemplate } = await ctx.admin.checkoutTemplates.createCheckoutTemplate({
      name: 'Tea for two',
      lineItems: [{ catalogReference, quantity: 2 }],
    });
    const listed = await ctx.admin.checkoutTemplates.listCheckoutTemplates({ status: 'ACTIVE' });
    expect(listed.checkoutTemplates.map((t) => t.id)).toContain(checkoutTemplate.id);

    const { checkout } = await ctx.visitor.checkoutTemplates.createCheckoutFromTemplate(checkoutTemplate.id);
    expect(checkout.priceSummary.subtotal.amount).toBe('14.50');
    const updated = await ctx.visitor.checkouts.updateCheckout(checkout.id, {
      checkout: { buyerInfo: { email: 'tea@example.com' } },
      fieldMask: { paths: ['buyerInfo.email'] },
    });
    expect(updated.checkout.buyerInfo.email).toBe('tea@example.com');
    const added = await ctx.visitor.checkouts.addToCheckout(checkout.id, {
      lineItems: [{ catalogReference, quantity: 1 }],
    });
    const lineId = added.checkout.lineItems[0]!.id;
    expect(added.checkout.lineItems[0]!.quantity).toBe(3);
    expect(
      (await ctx.visitor.checkouts.updateLineItemsQuantity(checkout.id, [{ id: lineId, quantity: 1 }])).checkout
        .priceSummary.total.amount,
    ).toBe('7.25');
    expect((await ctx.visitor.checkouts.getCheckout(checkout.id)).checkout.id).toBe(checkout.id);
    expect((await ctx.visitor.checkouts.getCheckoutUrl(checkout.id)).checkoutUrl).toBe(
      `${ctx.srv.config.publicUrl}/checkout/${checkout.id}`,
    );
    expect(
      (await ctx.visitor.checkouts.getCheckoutPaymentSettings(checkout.id)).paymentSettings.paymentOptions,
    ).toEqual(['FULL_PAYMENT_ONLINE', 'FULL_PAYMENT_OFFLINE']);
    expect((await ctx.visitor.checkouts.removeCoupon(checkout.id)).checkout.couponCode).toBeUndefined();
    expect((await ctx.visitor.checkouts.removeLineItems(checkout.id, [lineId])).checkout.lineItems).toEqual([]);
  });

  it('failures rethrow a PlazaError after onError got the argument names', async () => {
    const { checkout } = await ctx.visitor.checkouts.createCheckout({});
    errors.length = 0;
    const e = await failure(ctx.visitor.checkouts.getPlatformCheckoutUrl(checkout.id, 'ebay'));
    expect(e.status).toBe(400);
    expect(violationsOf(e)).toEqual(['platform:VALIDATION']);
    expect(errors[0]).toMatchObject({
      moduleName: 'checkouts',
      methodName: 'getPlatformCheckoutUrl',
      argumentNames: ['checkoutId', 'platform'],
      args: [checkout.id, 'ebay'],
    });
    const other = client(fixedAuth(ctx.people.memberB.auth));
    expect((await failure(other.checkouts.getCheckout(checkout.id))).status).toBe(404);
    expect(errors.at(-1)).toMatchObject({ methodName: 'getCheckout', argumentNames: ['checkoutId'] });
  });
});

describe('finishing a checkout elsewhere, and its hosted page', () => {
  it('markCheckoutAsCompleted stops the checkout from being placed; visitors may not mark it', async () => {
    const { product } = await ctx.admin.products.createProduct({
      name: 'Kettle',
      productType: 'PHYSICAL',
      price: { amount: '30.00' },
    });
    const lineItems = [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: product.id }, quantity: 1 }];
    const { checkout } = await ctx.visitor.checkouts.createCheckout({ lineItems, channelType: 'WEB' });
    const denied = await failure(ctx.visitor.checkouts.markCheckoutAsCompleted(checkout.id));
    expect([401, 403]).toContain(denied.status);
    expect(await ctx.admin.checkouts.markCheckoutAsCompleted(checkout.id)).toEqual({});
    const placed = await failure(ctx.visitor.checkouts.createOrder(checkout.id));
    expect(placed.status).toBe(409);
    expect(placed.details.applicationError?.code).toBe('CHECKOUT_ALREADY_COMPLETED');
  });

  it("createCheckoutRedirectSession opens the caller's checkout page with the way back; others' is a 404", async () => {
    const { checkout } = await ctx.visitor.checkouts.createCheckout({ lineItems: [], channelType: 'WEB' });
    const back = `${ctx.srv.url}/cart`;
    const { redirectSession } = await ctx.visitor.checkouts.createCheckoutRedirectSession(checkout.id, {
      postFlowUrl: back,
    });
    expect(redirectSession.urlDetails.endpoint).toBe(`${ctx.srv.url}/checkout/${checkout.id}`);
    expect(redirectSession.urlDetails.searchParams).toEqual({ postFlowUrl: back });
    const other = await failure(ctx.member.checkouts.createCheckoutRedirectSession(checkout.id));
    expect(other.status).toBe(404);
    const elsewhere = await failure(
      ctx.visitor.checkouts.createCheckoutRedirectSession(checkout.id, { postFlowUrl: 'https://evil.example/x' }),
    );
    expect(violationsOf(elsewhere)).toEqual(['callbacks.postFlowUrl:FORMAT']);
    expect(errors.at(-1)).toMatchObject({
      methodName: 'createCheckoutRedirectSession',
      argumentNames: ['checkoutId', 'callbacks'],
    });
  });
});
