import { describe, expect, it } from 'vitest';
import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import {
  abandonedCheckoutQueries,
  backInStockQueries,
  checkoutChangesSettled,
  checkoutMutations,
  checkoutQueries,
  createPlazaQueryClient,
  mySubscriptionMutations,
  mySubscriptionQueries,
  orderMutations,
  orderQueries,
  paymentRequestQueries,
  recommendationQueries,
  shippingMutations,
  shippingQueries,
  shopCatalogQueries,
  shopOrderQueries,
  subscriptionQueries,
} from '../src/index.js';
import { fakeClient } from './fake-client.js';

const STORE = ['plaza', 'admin', 'store'];
const SHOP = ['plaza', 'shop'];

describe('more store query keys', () => {
  it('keep the keys the store screens used', () => {
    const { client } = fakeClient();
    expect(subscriptionQueries.one(client, 's1').queryKey).toEqual([...STORE, 'subscriptions', 'one', 's1']);
    expect(backInStockQueries.requests(client, null).queryKey).toEqual([...STORE, 'back-in-stock', 'requests', '']);
    expect(abandonedCheckoutQueries.list(client, {}).queryKey).toEqual([...STORE, 'abandoned-checkouts', {}]);
    expect(shippingQueries.fees(client).queryKey).toEqual([...STORE, 'fees']);
    expect(shippingQueries.carriers(client).queryKey).toEqual([...STORE, 'shipping', 'carriers']);
    expect(orderQueries.salesSince(client, '2026-11-11').queryKey).toEqual([...STORE, 'orders', 'sales', '2026-11-11']);
    expect(orderQueries.paymentRequests(client, 'o1').queryKey).toEqual([...STORE, 'orders', 'payment-requests', 'o1']);
    expect(orderQueries.draftPreview(client, 'o1', '{}').queryKey).toEqual([...STORE, 'order-draft', 'o1', '{}']);
    expect(shopOrderQueries.fulfillments(client, 'o1').queryKey).toEqual([...SHOP, 'order', 'o1', 'fulfillments']);
    expect(shopOrderQueries.mine(client).queryKey).toEqual([...SHOP, 'my-orders']);
    expect(shopOrderQueries.lastShippingAddress(client, 'm1').queryKey).toEqual([
      ...SHOP,
      'my-last-order-address',
      'm1',
    ]);
    expect(mySubscriptionQueries.list(client).queryKey).toEqual([...SHOP, 'my-subscriptions']);
    expect(checkoutQueries.checkout(client, 'c1').queryKey).toEqual([...SHOP, 'checkout', 'c1']);
    expect(checkoutQueries.settings(client).queryKey).toEqual([...SHOP, 'checkout-settings']);
    expect(paymentRequestQueries.forPayer(client, 'p1', 't').queryKey).toEqual([...SHOP, 'payment-request', 'p1']);
    expect(recommendationQueries.related(client, 'x').queryKey).toEqual([...SHOP, 'recommendations', 'x']);
    expect(shopCatalogQueries.productPages(client, { limit: 8 }, 8).queryKey).toEqual([
      ...SHOP,
      'products',
      { limit: 8 },
    ]);
  });
});

describe('more store queries', () => {
  it('list the products shoppers wait for, most requests first, leaving out those nobody waits for', async () => {
    const products = ['a', 'b', 'c'].map((id) => ({ id }));
    const { client, sent } = fakeClient((path) =>
      path.startsWith('/catalog')
        ? { products }
        : { counts: [{ openRequestsCount: 1 }, { openRequestsCount: 0 }, { openRequestsCount: 4 }] },
    );
    const items = await createPlazaQueryClient().fetchQuery(backInStockQueries.waitingItems(client));
    expect(items.map((i) => [i.product.id, i.waiting])).toEqual([
      ['c', 4],
      ['a', 1],
    ]);
    expect(sent).toHaveLength(2);
  });

  it('ask for no draft preview, no request list and no last address until there is something to ask', () => {
    const { client } = fakeClient();
    expect(orderQueries.draftPreview(client, 'o1', '').enabled).toBe(false);
    expect(backInStockQueries.requests(client, null).enabled).toBe(false);
    expect(shopOrderQueries.lastShippingAddress(client, undefined).enabled).toBe(false);
  });

  it("recover a checkout from the reminder's link; a link that does not fit leaves it as it is", async () => {
    const { client, sent } = fakeClient((path) =>
      path.includes('recover') ? Object.assign(new Error('gone'), { status: 404 }) : { checkout: { id: 'c1' } },
    );
    const read = await createPlazaQueryClient().fetchQuery(checkoutQueries.checkout(client, 'c1', 'tok'));
    expect(read).toEqual({ id: 'c1' });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe('GET /ecom/v1/checkouts/c1');
  });
});

describe('more store mutations', () => {
  it("a checkout change's answer replaces the cached checkout, and settles the checkout's changes", async () => {
    const qc = createPlazaQueryClient();
    const { client } = fakeClient(() => ({ checkout: { id: 'c1', couponCode: 'X' } }));
    const observer = new MutationObserver(qc, checkoutMutations.change('c1')(client, qc));
    const running = observer.mutate({ kind: 'update', request: { couponCode: 'X' } });
    const settled = checkoutChangesSettled(qc, 'c1');
    await running;
    await settled;
    expect(qc.getQueryData(checkoutQueries.key('c1'))).toEqual({ id: 'c1', couponCode: 'X' });
  });

  it("the member's subscriptions are read again after a change that went through, not after a refusal", async () => {
    const qc = createPlazaQueryClient();
    qc.setQueryData(mySubscriptionQueries.all(), []);
    const no = fakeClient(() => Object.assign(new Error('no'), { status: 409 }));
    await expect(
      new MutationObserver(qc, mySubscriptionMutations.cancel(no.client, qc)).mutate('s1'),
    ).rejects.toThrow();
    expect(qc.getQueryState(mySubscriptionQueries.all())?.isInvalidated).toBe(false);
    const ok = fakeClient(() => ({ subscriptionContract: {} }));
    await new MutationObserver(qc, mySubscriptionMutations.changeCard(ok.client, qc)).mutate({
      id: 's1',
      paymentToken: async () => 'tok',
    });
    expect(ok.fetch.mock.calls[0]![1]).toMatchObject({ body: { paymentToken: 'tok' } });
    expect(qc.getQueryState(mySubscriptionQueries.all())?.isInvalidated).toBe(true);
  });

  it('an order edit refreshes the whole store; fees and shipping are refreshed apart', async () => {
    const qc = createPlazaQueryClient();
    const keys = [
      [...STORE, 'products', {}],
      [...STORE, 'fees'],
      [...STORE, 'shipping', 'regions'],
    ];
    for (const key of keys) qc.setQueryData(key, 'cached');
    const { client } = fakeClient();
    await new MutationObserver(qc, shippingMutations.deleteFee(client, qc)).mutate('f1');
    expect(keys.map((k) => qc.getQueryState(k)?.isInvalidated)).toEqual([false, true, false]);
    await new MutationObserver(qc, orderMutations.commitEdit(client, qc)).mutate({
      orderId: 'o1',
      request: {} as never,
    });
    expect(keys.map((k) => qc.getQueryState(k)?.isInvalidated)).toEqual([true, true, true]);
  });

  it('a disabled query sends nothing', async () => {
    const { client, fetch } = fakeClient();
    const stop = new QueryObserver(createPlazaQueryClient(), orderQueries.draftPreview(client, 'o1', '')).subscribe(
      () => {},
    );
    await new Promise((r) => setTimeout(r, 10));
    stop();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('a payment recorded by hand', () => {
  const record = (client: ReturnType<typeof fakeClient>['client'], note: string) =>
    new MutationObserver(
      createPlazaQueryClient(),
      orderMutations.recordPayment(client, createPlazaQueryClient()),
    ).mutate({ orderId: 'o1', amount: '20.00', note });

  it('records the payment, then keeps the note as a comment on the order', async () => {
    const { client, fetch, sent } = fakeClient((path) => ({ order: { id: 'o1', path } }));
    const done = await record(client, 'Cash at the counter');
    expect(sent).toEqual([
      'POST /ecom/v1/payments-collector/orders/o1/manual-payment',
      'POST /ecom/v1/orders/o1/activities',
    ]);
    expect(fetch.mock.calls[0]![1]!.body).toEqual({ amount: { amount: '20.00' } });
    expect(fetch.mock.calls[1]![1]!.body).toEqual({
      activity: { type: 'MERCHANT_COMMENT', merchantComment: { message: 'Cash at the counter' } },
    });
    expect(done).toEqual({ order: { id: 'o1', path: '/ecom/v1/orders/o1/activities' }, noteSaved: true });
  });

  it('writes no comment without a note, nor when the payment is refused', async () => {
    const plain = fakeClient(() => ({ order: { id: 'o1' } }));
    await record(plain.client, '');
    expect(plain.sent).toEqual(['POST /ecom/v1/payments-collector/orders/o1/manual-payment']);
    const refused = fakeClient(() => new Error('At most 10.00 is still due'));
    await expect(record(refused.client, 'Cash')).rejects.toThrow('At most 10.00 is still due');
    expect(refused.sent).toHaveLength(1);
  });

  it('says when the payment was recorded but its note was not', async () => {
    const { client } = fakeClient((path) =>
      path.endsWith('/activities') ? new Error('down') : { order: { id: 'o1' } },
    );
    expect(await record(client, 'Bank transfer')).toEqual({ order: { id: 'o1' }, noteSaved: false });
  });
});
