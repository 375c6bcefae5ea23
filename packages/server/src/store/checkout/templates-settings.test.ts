import { beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, CheckoutSettings, CheckoutTemplate, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { createProduct, eventsOf } from '../catalog/testing.js';
import { createCoupon } from '../discounts/testing.js';
import { checkoutCall, checkoutCount, newCheckout, ref, setCheckoutSettings } from './testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'], other: ['catalog'] } });
let mug: Product;

beforeAll(async () => {
  mug = await createProduct(srv, c.owner, { price: { amount: '8.00' } });
}, 120_000);

const TPL = '/ecom/v1/checkout-templates';
const tplBody = (extra: Record<string, unknown> = {}) => ({
  checkoutTemplate: { name: 'Mug bundle', lineItems: [{ catalogReference: ref(mug.id), quantity: 2 }], ...extra },
});
async function newTemplate(auth = c.owner, extra: Record<string, unknown> = {}) {
  const res = await call<{ checkoutTemplate: CheckoutTemplate }>(srv.url, 'POST', TPL, { auth, body: tplBody(extra) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checkoutTemplate;
}

describe('checkout templates', () => {
  it('the owner and ecom keys create, read, list, update and delete; each change emits its event', async () => {
    const t = await newTemplate(c.owner, { couponCode: 'BUNDLE' });
    expect(t).toMatchObject({
      status: 'ACTIVE',
      couponCode: 'BUNDLE',
      buyNowUrl: `${srv.config.publicUrl}/buy/${t.id}`,
    });
    const got = await call<{ checkoutTemplate: CheckoutTemplate }>(srv.url, 'GET', `${TPL}/${t.id}`, {
      auth: keys.ecom,
    });
    expect(got.body.checkoutTemplate).toEqual(t);
    const list = await call<{ checkoutTemplates: CheckoutTemplate[]; metadata: { total: number } }>(
      srv.url,
      'GET',
      `${TPL}?status=ACTIVE&limit=10`,
      { auth: c.owner },
    );
    expect(list.body.checkoutTemplates.map((x) => x.id)).toContain(t.id);
    const upd = await call<{ checkoutTemplate: CheckoutTemplate }>(srv.url, 'PATCH', `${TPL}/${t.id}`, {
      auth: keys.ecom,
      body: { checkoutTemplate: { name: 'Renamed', status: 'INACTIVE' }, fieldMask: { paths: ['name'] } },
    });
    expect(upd.body.checkoutTemplate).toMatchObject({ name: 'Renamed', status: 'ACTIVE' });
    expect((await call(srv.url, 'DELETE', `${TPL}/${t.id}`, { auth: c.owner })).status).toBe(200);
    expect((await call(srv.url, 'GET', `${TPL}/${t.id}`, { auth: c.owner })).status).toBe(404);
    expect(await eventsOf(srv, t.id)).toEqual([
      'ecom.checkout_template.created',
      'ecom.checkout_template.updated',
      'ecom.checkout_template.deleted',
    ]);
  });

  it.each([
    [{ lineItems: [] }, 'checkoutTemplate.lineItems:MIN_SIZE'],
    [
      { lineItems: [{ catalogReference: ref('0190b6a8-0000-7000-8000-000000000000'), quantity: 1 }] },
      'checkoutTemplate.lineItems[0].catalogReference.catalogItemId:VALIDATION',
    ],
    [{ status: 'PAUSED' }, 'checkoutTemplate.status:INVALID_ENUM_VALUE'],
    [{ name: '' }, 'checkoutTemplate.name:MIN_LENGTH'],
  ])('bad input %j → 400, nothing written', async (extra, expected) => {
    const before = (await call<{ metadata: { total: number } }>(srv.url, 'GET', TPL, { auth: c.owner })).body.metadata
      .total;
    const res = await call(srv.url, 'POST', TPL, { auth: c.owner, body: tplBody(extra) });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toContain(expected);
    expect(
      (await call<{ metadata: { total: number } }>(srv.url, 'GET', TPL, { auth: c.owner })).body.metadata.total,
    ).toBe(before);
  });

  it('visitors, members and keys without ecom cannot manage templates; no token is 401', async () => {
    const t = await newTemplate();
    for (const auth of [c.visitor, c.memberA.auth, c.contributor.auth, keys.other]) {
      expect((await call(srv.url, 'POST', TPL, { auth, body: tplBody() })).status).toBe(403);
      expect((await call(srv.url, 'GET', `${TPL}/${t.id}`, { auth })).status).toBe(403);
      expect((await call(srv.url, 'DELETE', `${TPL}/${t.id}`, { auth })).status).toBe(403);
    }
    expect((await call(srv.url, 'GET', TPL)).status).toBe(401);
  });

  it("buy now: a visitor's own checkout with the template's lines and coupon; strangers cannot read it", async () => {
    await createCoupon(srv, c.owner, { code: 'BUNDLE' });
    const t = await newTemplate(c.owner, { couponCode: 'BUNDLE' });
    const res = await call<{ checkout: Checkout }>(srv.url, 'POST', `${TPL}/${t.id}/create-checkout`, {
      auth: c.visitor,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const co = res.body.checkout;
    expect(co.lineItems.map((l) => [l.catalogReference?.catalogItemId, l.quantity])).toEqual([[mug.id, 2]]);
    expect(co.couponCode).toBe('BUNDLE');
    expect(co.priceSummary.subtotal.amount).toBe('16.00');
    expect(co.priceSummary.discount.amount).toBe('1.60');
    expect(co.buyerInfo.visitorId).toBeTruthy();
    expect((await checkoutCall(srv, c.visitor, 'GET', co.id)).status).toBe(200);
    expect((await checkoutCall(srv, c.memberB.auth, 'GET', co.id)).status).toBe(404);
  });

  it('buy now leaves behind a coupon that does not apply (it never blocks paying)', async () => {
    const t = await newTemplate(c.owner, { couponCode: 'NO-SUCH-CODE' });
    const res = await call<{ checkout: Checkout }>(srv.url, 'POST', `${TPL}/${t.id}/create-checkout`, {
      auth: c.visitor,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.checkout.couponCode).toBeUndefined();
    expect(res.body.checkout.violations.filter((v) => v.target.other?.name === 'couponCode')).toEqual([]);
  });

  it('an INACTIVE or missing template is a 404; no token is 401', async () => {
    const t = await newTemplate(c.owner, { status: 'INACTIVE' });
    const before = await checkoutCount(srv);
    expect((await call(srv.url, 'POST', `${TPL}/${t.id}/create-checkout`, { auth: c.visitor })).status).toBe(404);
    expect((await call(srv.url, 'POST', `${TPL}/${t.id}/create-checkout`)).status).toBe(401);
    expect(await checkoutCount(srv)).toBe(before);
  });

  it('an item deleted since the template was made: 409 TEMPLATE_ITEM_UNAVAILABLE', async () => {
    const p = await createProduct(srv, c.owner);
    const t = await newTemplate(c.owner, { lineItems: [{ catalogReference: ref(p.id), quantity: 1 }] });
    await call(srv.url, 'DELETE', `/catalog/v1/products/${p.id}`, { auth: c.owner });
    const res = await call(srv.url, 'POST', `${TPL}/${t.id}/create-checkout`, { auth: c.visitor });
    expect(res.status).toBe(409);
    expect(appCode(res.body)).toBe('TEMPLATE_ITEM_UNAVAILABLE');
  });
});

describe('checkout settings', () => {
  const SETTINGS = '/ecom/v1/checkout-settings';
  const getSettings = async (auth?: string) =>
    (await call<{ checkoutSettings: CheckoutSettings }>(srv.url, 'GET', SETTINGS, auth ? { auth } : {})).body
      .checkoutSettings;

  it('anyone reads the defaults; the owner changes only the masked paths; the event is emitted', async () => {
    expect(await getSettings()).toMatchObject({
      status: 'ACTIVE',
      logo: { size: 'MEDIUM', alignment: 'SIDE' },
      inventoryUpdateTrigger: 'ON_ORDER_PAID',
      restockAction: 'RESTOCK',
      abandonedCheckout: { after: 1, unit: 'HOURS' },
      customFields: [],
    });
    await setCheckoutSettings(
      srv,
      c.owner,
      {
        logo: { url: 'https://example.com/logo.png', size: 'LARGE', alignment: 'CENTER' },
        policies: { returnPolicy: { title: 'Returns', text: '30 days' } },
        restockAction: 'DECREASE',
        abandonedCheckout: { after: 30, unit: 'MINUTES' },
        inventoryUpdateTrigger: 'ON_ORDER_PLACED',
      },
      ['logo', 'policies', 'restockAction', 'abandonedCheckout'],
    );
    const s = await getSettings(c.visitor);
    expect(s).toMatchObject({
      logo: { url: 'https://example.com/logo.png', size: 'LARGE', alignment: 'CENTER' },
      policies: { returnPolicy: { title: 'Returns', text: '30 days' } },
      restockAction: 'DECREASE',
      abandonedCheckout: { after: 30, unit: 'MINUTES' },
      inventoryUpdateTrigger: 'ON_ORDER_PAID',
    });
    expect(await eventsOf(srv, 'checkout-settings')).toContain('ecom.checkout_settings.updated');
  });

  it.each([
    [{ logo: { size: 'HUGE', alignment: 'SIDE' } }, ['logo'], 'checkoutSettings.logo.size:INVALID_ENUM_VALUE'],
    [{ status: 'OPEN' }, ['status'], 'checkoutSettings.status:INVALID_ENUM_VALUE'],
    [{ restockAction: 'RESTOCK' }, ['colour'], 'fieldMask.paths[0]:FIELD_NOT_ALLOWED'],
    [
      {
        customFields: [
          { key: 'vat', label: 'VAT', valueType: 'STRING', required: false },
          { key: 'vat', label: 'VAT 2', valueType: 'STRING', required: false },
        ],
      },
      ['customFields'],
      'checkoutSettings.customFields[1].key:VALIDATION',
    ],
  ])('bad input %j → 400, nothing changed', async (body, paths, expected) => {
    const before = await getSettings();
    const res = await call(srv.url, 'PATCH', SETTINGS, {
      auth: c.owner,
      body: { checkoutSettings: body, fieldMask: { paths } },
    });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toContain(expected);
    expect(await getSettings()).toEqual(before);
  });

  it('only the owner and ecom keys change them', async () => {
    const body = { checkoutSettings: { restockAction: 'RESTOCK' }, fieldMask: { paths: ['restockAction'] } };
    for (const auth of [c.visitor, c.memberA.auth, c.contributor.auth, keys.other]) {
      expect((await call(srv.url, 'PATCH', SETTINGS, { auth, body })).status).toBe(403);
    }
    expect((await call(srv.url, 'PATCH', SETTINGS, { body })).status).toBe(401);
    expect((await call(srv.url, 'PATCH', SETTINGS, { auth: keys.ecom, body })).status).toBe(200);
  });

  it('custom fields: typed values, required ones are violations until filled', async () => {
    await setCheckoutSettings(srv, c.owner, {
      customFields: [
        { key: 'vat', label: 'VAT number', valueType: 'STRING', required: true },
        { key: 'deliverOn', label: 'Deliver on', valueType: 'DATE', required: false },
        { key: 'gift', label: 'Gift', valueType: 'BOOLEAN', required: false },
        { key: 'floor', label: 'Floor', valueType: 'NUMBER', required: false },
      ],
    });
    const co = await newCheckout(srv, c.visitor, { lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }] });
    expect(co.violations).toContainEqual(
      expect.objectContaining({ severity: 'ERROR', target: { other: { name: 'customFields.vat' } } }),
    );
    const bad = await checkoutCall(srv, c.visitor, 'PATCH', co.id, {
      checkout: { customFields: [{ key: 'floor', value: 'third' }] },
    });
    expect(violations(bad.body)).toEqual(['checkout.customFields[0].value:FORMAT']);
    const unknown = await checkoutCall(srv, c.visitor, 'PATCH', co.id, {
      checkout: { customFields: [{ key: 'shoeSize', value: '42' }] },
    });
    expect(violations(unknown.body)).toEqual(['checkout.customFields[0].key:FIELD_NOT_ALLOWED']);
    const ok = await checkoutCall(srv, c.visitor, 'PATCH', co.id, {
      checkout: {
        customFields: [
          { key: 'vat', value: 'DE123' },
          { key: 'deliverOn', value: '2026-12-24' },
          { key: 'gift', value: true },
          { key: 'floor', value: 3 },
        ],
      },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.checkout.customFields.map((f) => [f.key, f.value])).toEqual([
      ['vat', 'DE123'],
      ['deliverOn', '2026-12-24'],
      ['gift', true],
      ['floor', 3],
    ]);
    expect(ok.body.checkout.violations.filter((v) => v.target.other)).toEqual([]);
    await setCheckoutSettings(srv, c.owner, { customFields: [] });
  });

  it('INACTIVE refuses new checkouts (409 CHECKOUT_INACTIVE, nothing written); ACTIVE again accepts', async () => {
    await setCheckoutSettings(srv, c.owner, { status: 'INACTIVE' });
    const before = await checkoutCount(srv);
    const res = await call(srv.url, 'POST', '/ecom/v1/checkouts', {
      auth: c.visitor,
      body: { lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }] },
    });
    expect(res.status).toBe(409);
    expect(appCode(res.body)).toBe('CHECKOUT_INACTIVE');
    const t = await newTemplate();
    expect((await call(srv.url, 'POST', `${TPL}/${t.id}/create-checkout`, { auth: c.visitor })).status).toBe(409);
    expect(await checkoutCount(srv)).toBe(before);
    await setCheckoutSettings(srv, c.owner, { status: 'ACTIVE' });
    expect((await call(srv.url, 'POST', '/ecom/v1/checkouts', { auth: c.visitor, body: {} })).status).toBe(200);
  });
});
