/**
 * The abandoned-checkouts module against the real server: a visitor leaves a checkout with an e-mail, the sweep
 * records it, an `ecom` API key lists and reads it through the SDK, and the buyer on another device takes the
 * checkout over with the reminder link's token. Wrong callers and bad tokens fail with a PlazaError.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../server/src/store/catalog/testing.js';
import { checkouts as checkoutRows } from '../../../server/src/store/checkout/tables.js';
import { sweepAbandonedCheckouts } from '../../../server/src/store/abandoned-checkouts/sweep.js';
import { abandonedCheckouts } from '../../src/modules/ecom/abandoned-checkouts.js';
import { checkouts } from '../../src/modules/ecom/checkouts.js';
import { failure, fixedAuth } from './community-clients.js';
import { castClients } from './cast-server.js';

const { ctx, client } = castClients({ abandonedCheckouts, checkouts }, ['ecom']);

describe('abandoned checkouts through the SDK', () => {
  it('lists and reads them with an ecom key; the buyer recovers the checkout on another device', async () => {
    const product = await createProduct(ctx.srv, ctx.people.owner, { price: { amount: '8.00' } });
    const laptop = client(fixedAuth(ctx.people.visitor));
    const { checkout } = await laptop.checkouts.createCheckout({
      lineItems: [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: product.id }, quantity: 3 }],
      checkoutInfo: { buyerInfo: { email: 'sdk@example.com' } },
      channelType: 'WEB',
    });
    await ctx.srv
      .ctx()
      .db.update(checkoutRows)
      .set({ updatedDate: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(checkoutRows.id, checkout.id));
    await sweepAbandonedCheckouts(ctx.srv.ctx());

    const { admin } = ctx;
    const { abandonedCheckouts: found, metadata } = await admin.abandonedCheckouts.listAbandonedCheckouts({
      email: 'sdk@',
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ checkoutId: checkout.id, itemCount: 3, totalPrice: { amount: '24.00' } });
    expect(metadata.totals.abandoned).toBe(1);
    const { abandonedCheckout } = await admin.abandonedCheckouts.getAbandonedCheckout(found[0]!.id);
    expect(abandonedCheckout.status).toBe('ABANDONED');

    const phone = client(fixedAuth(`Bearer ${await ctx.srv.visitorToken()}`));
    const token = new URL(abandonedCheckout.checkoutUrl).searchParams.get('recover')!;
    const wrong = await failure(phone.abandonedCheckouts.recoverCheckout(checkout.id, 'x'.repeat(24)));
    expect(wrong.status).toBe(404);
    expect(await phone.abandonedCheckouts.recoverCheckout(checkout.id, token)).toEqual({ checkoutId: checkout.id });
    expect((await phone.checkouts.getCheckout(checkout.id)).checkout.lineItems[0]?.quantity).toBe(3);

    expect((await failure(laptop.abandonedCheckouts.listAbandonedCheckouts())).status).toBe(403);
  });
});
