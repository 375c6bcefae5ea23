import { afterEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, type QueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import {
  cartChanged,
  cartMutations,
  cartQueries,
  catalogMutations,
  catalogQueries,
  checkoutSettingsMutations,
  checkoutSettingsQueries,
  createPlazaQueryClient,
  discountMutations,
  discountQueries,
  giftCardQueries,
  orderMutations,
  orderQueries,
  restocksByDefault,
  shippingMutations,
  shippingQueries,
  shopCatalogQueries,
  storeQueries,
  taxMutations,
  taxQueries,
  tipQueries,
  type Cart,
  type FetchClient,
} from '../src/index.js';
import { fakeClient } from './fake-client.js';

const STORE = ['plaza', 'admin', 'store'];

const label = (part: unknown) => (typeof part === 'string' ? part : JSON.stringify(part));

/** Runs a mutation factory once and resolves with the queries it marked stale (of those seeded in the cache). */
async function staleAfter<V, R>(
  factory: (c: FetchClient, qc: QueryClient) => UseMutationOptions<R, Error, V>,
  vars: V,
  seeded: QueryKey[],
) {
  const qc = createPlazaQueryClient();
  for (const key of seeded) qc.setQueryData(key, 'cached');
  const { client } = fakeClient();
  await new MutationObserver(qc, factory(client, qc)).mutate(vars);
  return seeded.filter((key) => qc.getQueryState(key)?.isInvalidated).map((key) => key.slice(3).map(label).join('/'));
}

describe('store query keys', () => {
  it('keep the back office under plaza/admin/store and the shop under plaza/shop', () => {
    const { client } = fakeClient();
    expect(storeQueries.all()).toEqual(STORE);
    expect(catalogQueries.products(client, { limit: 20 }).queryKey).toEqual([...STORE, 'products', { limit: 20 }]);
    expect(catalogQueries.products(client).queryKey).toEqual([...STORE, 'products', {}]);
    expect(catalogQueries.product(client, 'p1').queryKey).toEqual([...STORE, 'products', 'one', 'p1']);
    expect(catalogQueries.collections(client).queryKey).toEqual([...STORE, 'collections']);
    expect(orderQueries.list(client, { filter: {} }).queryKey).toEqual([...STORE, 'orders', 'list', { filter: {} }]);
    expect(orderQueries.fulfillments(client, 'o1').queryKey).toEqual([...STORE, 'orders', 'one', 'o1', 'fulfillments']);
    expect(taxQueries.regions(client).queryKey).toEqual([...STORE, 'tax', 'regions']);
    expect(discountQueries.rules(client).queryKey).toEqual([...STORE, 'discount-rules']);
    expect(checkoutSettingsQueries.templates(client).queryKey).toEqual([...STORE, 'checkout-templates']);
    expect(shippingQueries.pickups(client).queryKey).toEqual([...STORE, 'shipping', 'pickups']);
    expect(giftCardQueries.list(client, { offset: 0, limit: 5 }).queryKey).toEqual([
      ...STORE,
      'gift-cards',
      { offset: 0, limit: 5 },
    ]);
    expect(tipQueries.settings(client).queryKey).toEqual([...STORE, 'tips']);
    expect(tipQueries.shopSettings(client).queryKey).toEqual(['plaza', 'shop', 'tip-settings']);
    expect(shopCatalogQueries.product(client, 'mug').queryKey).toEqual(['plaza', 'shop', 'product', 'mug']);
    expect(cartQueries.current(client).queryKey).toEqual(['plaza', 'shop', 'cart']);
  });
});

describe('store queries', () => {
  it('read the back office products with hidden ones, through client.fetch', async () => {
    const { client, fetch } = fakeClient(() => ({ products: [] }));
    await createPlazaQueryClient().fetchQuery(catalogQueries.products(client, { limit: 20 }));
    const [path] = fetch.mock.calls[0]!;
    expect(path).toBe('/catalog/v1/products');
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'GET', query: { limit: 20, includeHidden: true } });
  });

  it('read an order with its transactions together', async () => {
    const { client, sent } = fakeClient((path) =>
      path.endsWith('/transactions') ? { orderTransactions: { payments: [] } } : { order: { id: 'o1' } },
    );
    const read = await createPlazaQueryClient().fetchQuery(orderQueries.order(client, 'o1'));
    expect(read).toEqual({ order: { id: 'o1' }, transactions: { payments: [] } });
    expect(sent.sort()).toEqual(['GET /ecom/v1/orders/o1', 'GET /ecom/v1/orders/o1/transactions']);
  });

  it("read an order's fulfillments through the SDK's fulfillments module", async () => {
    const { client, sent } = fakeClient(() => ({ fulfillments: [{ id: 'f1' }] }));
    const read = await createPlazaQueryClient().fetchQuery(orderQueries.fulfillments(client, 'o/1'));
    expect(read).toEqual([{ id: 'f1' }]);
    expect(sent).toEqual(['GET /ecom/v1/orders/o%2F1/fulfillments']);
  });

  it('show only the visible collections to shoppers', async () => {
    const { client } = fakeClient(() => ({
      collections: [
        { id: 'a', visible: true },
        { id: 'b', visible: false },
      ],
    }));
    const read = await createPlazaQueryClient().fetchQuery(shopCatalogQueries.collections(client));
    expect(read.map((c) => c.id)).toEqual(['a']);
  });

  it('restock by default unless the checkout settings say DECREASE', () => {
    expect(restocksByDefault(undefined)).toBe(true);
    expect(restocksByDefault({ restockAction: 'RESTOCK' })).toBe(true);
    expect(restocksByDefault({ restockAction: 'DECREASE' })).toBe(false);
  });
});

describe('store mutations refresh what they change', () => {
  const seeded = [
    [...STORE, 'products', {}],
    [...STORE, 'products', 'one', 'p1'],
    [...STORE, 'collections'],
    [...STORE, 'orders', 'list', {}],
    [...STORE, 'orders', 'one', 'o1'],
    [...STORE, 'tax', 'settings'],
    [...STORE, 'tax', 'groups'],
    [...STORE, 'tax', 'regions'],
    [...STORE, 'coupons'],
    [...STORE, 'discount-rules'],
    [...STORE, 'checkout-settings'],
    [...STORE, 'checkout-templates'],
    [...STORE, 'shipping', 'regions'],
    [...STORE, 'shipping', 'options'],
    [...STORE, 'shipping', 'pickups'],
  ];

  it('products and collections separately', async () => {
    expect(await staleAfter(catalogMutations.deleteProduct, 'p1', seeded)).toEqual(['products/{}', 'products/one/p1']);
    expect(await staleAfter(catalogMutations.deleteCollection, 'c1', seeded)).toEqual(['collections']);
  });

  it('an order change refreshes every order query', async () => {
    expect(await staleAfter(orderMutations.markPaid, 'o1', seeded)).toEqual(['orders/list/{}', 'orders/one/o1']);
  });

  it('tax: a group deletion refreshes all of tax, a region change only the regions', async () => {
    expect(await staleAfter(taxMutations.deleteGroup, 'g1', seeded)).toEqual([
      'tax/settings',
      'tax/groups',
      'tax/regions',
    ]);
    expect(await staleAfter(taxMutations.deleteRegion, 'r1', seeded)).toEqual(['tax/regions']);
  });

  it('discounts: coupons and rules apart', async () => {
    expect(await staleAfter(discountMutations.deleteCoupon, 'c1', seeded)).toEqual(['coupons']);
    expect(await staleAfter(discountMutations.setRuleActive, { id: 'r', active: true }, seeded)).toEqual([
      'discount-rules',
    ]);
  });

  it('checkout: settings and templates apart', async () => {
    expect(await staleAfter(checkoutSettingsMutations.update, { restockAction: 'DECREASE' }, seeded)).toEqual([
      'checkout-settings',
    ]);
    expect(await staleAfter(checkoutSettingsMutations.deleteTemplate, 't1', seeded)).toEqual(['checkout-templates']);
  });

  it('shipping: a region change refreshes all of shipping, an option only the options', async () => {
    expect(await staleAfter(shippingMutations.deleteRegion, 'r1', seeded)).toEqual([
      'shipping/regions',
      'shipping/options',
      'shipping/pickups',
    ]);
    expect(await staleAfter(shippingMutations.deleteOption, 'x', seeded)).toEqual(['shipping/options']);
    expect(await staleAfter(shippingMutations.deletePickup, 'x', seeded)).toEqual(['shipping/pickups']);
  });

  it('a refused change refreshes too (the screen may be outdated)', async () => {
    const qc = createPlazaQueryClient();
    qc.setQueryData([...STORE, 'coupons'], 'cached');
    const refused = Object.assign(new Error('conflict'), { status: 409 });
    const { client } = fakeClient(() => refused);
    await expect(new MutationObserver(qc, discountMutations.deleteCoupon(client, qc)).mutate('c1')).rejects.toBe(
      refused,
    );
    expect(qc.getQueryState([...STORE, 'coupons'])?.isInvalidated).toBe(true);
  });
});

describe('the current cart', () => {
  const saved = new Map<string, string>();
  const fakeStorage = {
    getItem: (k: string) => saved.get(k) ?? null,
    setItem: (k: string, v: string) => void saved.set(k, v),
    removeItem: (k: string) => void saved.delete(k),
  };
  const cart: Cart = { id: 'c1', lineItems: [{ quantity: 2 } as Cart['lineItems'][number]] };
  afterEach(() => {
    saved.clear();
    vi.unstubAllGlobals();
  });

  it('is not asked for until this browser has had one (the server answers 404 before)', async () => {
    vi.stubGlobal('localStorage', fakeStorage);
    const { client, fetch } = fakeClient(() => ({ cart }));
    expect(await createPlazaQueryClient().fetchQuery(cartQueries.current(client))).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    cartChanged(createPlazaQueryClient(), cart);
    expect(saved.get('plaza.shop.hasCart')).toBe('1');
    expect(await createPlazaQueryClient().fetchQuery(cartQueries.current(client))).toEqual(cart);
    expect(fetch.mock.calls[0]![0]).toBe('/ecom/v1/carts/current');
  });

  it('a 404 is no cart, and forgets the flag; other failures stay failures', async () => {
    vi.stubGlobal('localStorage', fakeStorage);
    saved.set('plaza.shop.hasCart', '1');
    const gone = fakeClient(() => Object.assign(new Error('none'), { status: 404 }));
    expect(await createPlazaQueryClient().fetchQuery(cartQueries.current(gone.client))).toBeNull();
    expect(saved.has('plaza.shop.hasCart')).toBe(false);
    saved.set('plaza.shop.hasCart', '1');
    const down = fakeClient(() => Object.assign(new Error('down'), { status: 503 }));
    const qc = createPlazaQueryClient();
    await expect(qc.fetchQuery({ ...cartQueries.current(down.client), retry: false })).rejects.toThrow('down');
    expect(saved.get('plaza.shop.hasCart')).toBe('1');
  });

  it("a change's answer replaces the cached cart; a refusal reads it again", async () => {
    vi.stubGlobal('localStorage', fakeStorage);
    const qc = createPlazaQueryClient();
    const ok = fakeClient(() => ({ cart }));
    await new MutationObserver(qc, cartMutations.change(ok.client, qc)).mutate({ kind: 'removeCoupon' });
    expect(ok.sent).toEqual(['POST /ecom/v1/carts/current/remove-coupon']);
    expect(qc.getQueryData(cartQueries.all())).toEqual(cart);
    const no = fakeClient(() => Object.assign(new Error('no'), { status: 400 }));
    await expect(
      new MutationObserver(qc, cartMutations.change(no.client, qc)).mutate({ kind: 'coupon', couponCode: 'X' }),
    ).rejects.toThrow('no');
    expect(qc.getQueryState(cartQueries.all())?.isInvalidated).toBe(true);
  });
});
