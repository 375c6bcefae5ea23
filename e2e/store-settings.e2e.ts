import { beforeAll, describe, expect, it } from 'vitest';
import type { ShippingProviderConfigurationResponse } from '@plaza/contracts';
import { DESKTOP, MOBILE, ownerIntoDashboard, snap, sidebarLink } from './support.js';
import { journey } from './journey.js';

// The store's configuration screens that store-admin.e2e.ts does not walk: the carriers page (rate tables, boxes,
// local delivery) and editing a discount after it was made. Screenshots at 1280 and 390 px.

const j = journey();
beforeAll(async () => {
  j.page = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
  await ownerIntoDashboard(j.page, j.plaza);
});

const nav = (name: string) => sidebarLink(j.page, name);
const toast = (text: string) => j.page.getByRole('status').filter({ hasText: text }).waitFor();

describe('store settings', () => {
  it('sets carrier rates, a box and local delivery; a rate out of order is refused in words', async () => {
    await nav('Carriers').click();
    await j.page.getByRole('heading', { name: 'Carriers', exact: true }).waitFor();
    await j.page.getByRole('combobox', { name: 'Country', exact: true }).fill('united st');
    await j.page
      .getByRole('option', { name: /United States/ })
      .first()
      .click();
    await j.page.getByLabel('Latitude', { exact: true }).fill('40.78');
    await j.page.getByLabel('Longitude', { exact: true }).fill('-73.97');
    await j.page.getByLabel('Priority Mail', { exact: true }).check();
    const priority = j.page.getByRole('group', { name: 'Priority Mail', exact: true });
    await priority.getByRole('button', { name: 'Add a rate', exact: true }).click();
    await priority.getByLabel('Parcels up to (weight)', { exact: true }).fill('2');
    await priority.getByLabel('Price', { exact: true }).fill('7.50');
    await priority.getByRole('button', { name: 'Add a rate', exact: true }).click();
    await priority.getByLabel('Parcels up to (weight)', { exact: true }).nth(1).fill('1');
    await priority.getByLabel('Price', { exact: true }).nth(1).fill('9');
    await j.page.getByRole('button', { name: 'Save carriers', exact: true }).click();
    await j.page.getByRole('alert').filter({ hasText: 'from the lightest parcel to the heaviest' }).waitFor();
    await priority.getByLabel('Parcels up to (weight)', { exact: true }).nth(1).fill('5');
    await j.page.getByLabel('Your own box', { exact: true }).check();
    await j.page.getByLabel('Length', { exact: true }).fill('30');
    await j.page.getByLabel('Width', { exact: true }).fill('20');
    await j.page.getByLabel('Height', { exact: true }).fill('10');
    await j.page.getByLabel('Offer local delivery', { exact: true }).check();
    await j.page.getByLabel('Up to', { exact: true }).fill('10');
    await j.page.getByLabel('Price', { exact: true }).last().fill('5');
    await snap(j.page, 'store-carriers-desktop');
    await j.page.getByRole('button', { name: 'Save carriers', exact: true }).click();
    await toast('Carrier settings saved');
    await j.page.getByText('All changes saved.', { exact: true }).waitFor();

    const { shippingProviderConfiguration: saved } = await j.owner.fetch<ShippingProviderConfigurationResponse>(
      '/ecom/v1/shipping-provider-configuration',
    );
    expect(saved.shipFromAddress).toMatchObject({ country: 'US', geocode: { latitude: 40.78, longitude: -73.97 } });
    const rates = saved.domesticServices.find((s) => s.service === 'PRIORITY_MAIL');
    expect(rates).toMatchObject({ enabled: true, rateTable: [{ maxWeight: 2 }, { maxWeight: 5 }] });
    expect(rates?.rateTable.map((b) => b.price.amount)).toEqual(['7.50', '9.00']);
    expect(saved.packageTypes.find((p) => p.type === 'CUSTOM')).toMatchObject({
      enabled: true,
      dimensions: { length: 30, width: 20, height: 10, unit: 'CM' },
    });
    expect(saved.localDelivery).toMatchObject({ enabled: true, radius: { value: 10, unit: 'KM' } });

    await j.page.setViewportSize(MOBILE);
    await snap(j.page, 'store-carriers-mobile');
    await j.page.setViewportSize(DESKTOP);
  });

  it('edits a coupon: a new amount, and only products in a collection', async () => {
    await nav('Coupons').click();
    await j.page.getByRole('button', { name: 'Create coupon', exact: true }).first().click();
    let drawer = j.page.getByRole('dialog', { name: 'Create a coupon', exact: true });
    await drawer.getByLabel('Code', { exact: true }).fill('AUTUMN');
    await drawer.getByLabel('Name', { exact: true }).fill('Autumn');
    await drawer.getByLabel('Percent off', { exact: true }).fill('10');
    await drawer.getByRole('button', { name: 'Create coupon', exact: true }).click();
    await toast('AUTUMN is ready');

    await j.page.getByRole('button', { name: 'Edit AUTUMN', exact: true }).locator('visible=true').click();
    drawer = j.page.getByRole('dialog', { name: 'Edit AUTUMN', exact: true });
    await expect(drawer.getByLabel('Percent off', { exact: true }).inputValue()).resolves.toBe('10');
    await drawer.getByLabel('Percent off', { exact: true }).fill('15');
    await drawer.getByLabel('Applies to', { exact: true }).selectOption({ label: 'Products in some collections' });
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await drawer.getByRole('alert').filter({ hasText: 'Choose at least one collection.' }).waitFor();
    await drawer.getByRole('group', { name: 'Collections', exact: true }).getByRole('checkbox').first().check();
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('AUTUMN is saved');
    await j.page.getByText('15% off some products', { exact: true }).locator('visible=true').waitFor();
  });
  it('adds a state tax region where one tax group pays no tax', async () => {
    const { taxGroup } = await j.owner.fetch<{ taxGroup: { id: string } }>('/ecom/v1/tax-groups', {
      method: 'POST',
      body: { taxGroup: { name: 'Books' } },
    });
    await nav('Tax').click();
    await j.page.getByRole('button', { name: 'Add tax region', exact: true }).first().click();
    const drawer = j.page.getByRole('dialog', { name: 'Add a tax region', exact: true });
    await drawer.getByRole('combobox', { name: 'Country', exact: true }).fill('united st');
    await j.page
      .getByRole('option', { name: /United States/ })
      .first()
      .click();
    await drawer.getByLabel('Only this state or province', { exact: true }).selectOption({ label: 'California' });
    await drawer.getByLabel('Tax 1 name', { exact: true }).fill('Sales tax');
    await drawer.getByLabel('Rate %', { exact: true }).fill('7.25');
    await drawer.getByLabel('Books', { exact: true }).selectOption({ label: 'No tax' });
    await drawer.getByRole('button', { name: 'Add tax region', exact: true }).click();
    await toast('Tax region saved');
    await j.page.getByText('California, United States', { exact: true }).locator('visible=true').waitFor();
    const { taxRegions } = await j.owner.fetch<{
      taxRegions: Array<{ subdivision?: string; groupOverrides: Array<{ taxGroupId: string; exempt?: boolean }> }>;
    }>('/ecom/v1/tax-regions');
    const california = taxRegions.find((r) => r.subdivision === 'US-CA');
    expect(california?.groupOverrides).toEqual([{ taxGroupId: taxGroup.id, exempt: true }]);
  });
  it('adds a fee charged only on orders with a chosen product', async () => {
    await nav('Extra fees').click();
    await j.page.getByRole('button', { name: 'Add fee', exact: true }).first().click();
    const drawer = j.page.getByRole('dialog', { name: 'Add a fee', exact: true });
    await drawer.getByLabel('Name', { exact: true }).fill('Gift wrap');
    await drawer.getByLabel('Amount', { exact: true }).fill('2');
    await drawer.getByLabel('Applies to', { exact: true }).selectOption({ label: 'Orders with some products' });
    await drawer.getByRole('button', { name: 'Add fee', exact: true }).click();
    await drawer.getByRole('alert').filter({ hasText: 'Choose the products the fee is for.' }).waitFor();
    const products = drawer.getByRole('group', { name: 'Products', exact: true });
    await products.getByLabel('Find a product', { exact: true }).fill('mug');
    const mug = products.getByRole('checkbox').first();
    const mugName = (await mug.locator('xpath=..').innerText()).trim();
    await mug.check();
    await drawer.getByRole('button', { name: 'Add fee', exact: true }).click();
    await toast('Gift wrap is saved');
    const { additionalFees } = await j.owner.fetch<{
      additionalFees: Array<{ name: string; catalogItemIds: string[] }>;
    }>('/ecom/v1/additional-fees');
    const fee = additionalFees.find((f) => f.name === 'Gift wrap');
    expect(fee?.catalogItemIds).toHaveLength(1);
    const { product } = await j.owner.fetch<{ product: { name: string } }>(
      `/catalog/v1/products/${fee!.catalogItemIds[0]}`,
    );
    expect(product.name).toBe(mugName);
  });
});
