import { describe, expect, it } from 'vitest';
import type { ListProductsResponse } from '@plaza/contracts';
import { DESKTOP, MOBILE, snap, sidebarLink } from './support.js';
import { journey } from './journey.js';

// The store's dashboard screens (issue 9, "Dashboard"), in Chromium against the built server: the owner creates a
// collection and a product with variants and stock, adjusts stock from the list, sees a bad price refused next to its
// field, and a destructive action asks first. Screenshots at 1280 and 390 px.

const j = journey({ ownerPage: true });

const nav = (name: string) => sidebarLink(j.page, name);
const toast = (text: string) => j.page.getByRole('status').filter({ hasText: text }).waitFor();
const productNamed = async (name: string) => {
  const { products } = await j.owner.fetch<ListProductsResponse>('/catalog/v1/products', {
    query: { text: name, includeHidden: true },
  });
  return products.find((p) => p.name === name);
};

describe('store dashboard', () => {
  it('adds a collection from its drawer', async () => {
    await nav('Collections').click();
    await j.page.getByRole('heading', { name: 'Collections', exact: true }).waitFor();
    await j.page.getByRole('button', { name: 'Add collection', exact: true }).first().click();
    const drawer = j.page.getByRole('dialog', { name: 'Add a collection', exact: true });
    await drawer.getByLabel('Name', { exact: true }).fill('Summer shirts');
    await drawer.getByRole('button', { name: 'Add collection', exact: true }).click();
    await toast('Summer shirts is saved');
    await j.page.getByRole('button', { name: 'Delete Summer shirts', exact: true }).locator('visible=true').waitFor();
  });

  it('refuses a bad price next to its field and saves nothing', async () => {
    await nav('Products').click();
    await j.page.getByRole('heading', { name: 'Products', exact: true }).waitFor();
    await j.page.getByRole('link', { name: 'Add product', exact: true }).first().click();
    await j.page.getByRole('heading', { name: 'Add a product', exact: true }).waitFor();
    await j.page.getByLabel('Name', { exact: true }).fill('Linen shirt');
    await j.page.getByLabel('Price', { exact: true }).fill('twelve');
    await j.page.getByRole('button', { name: 'Add product', exact: true }).click();
    await j.page.getByText('Enter price as a number such as 12.50.', { exact: true }).waitFor();
    expect(await j.page.getByLabel('Price', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await productNamed('Linen shirt')).toBeUndefined();
  });

  it('creates a product with options, a variant grid with prices and stock, and a collection', async () => {
    await j.page.getByLabel('Price', { exact: true }).fill('39,90');
    await j.page.getByLabel('Description', { exact: true }).fill('A light shirt for hot days.');
    await j.page.getByRole('button', { name: 'Add an option', exact: true }).click();
    await j.page.getByLabel('Option 1', { exact: true }).fill('Size');
    await j.page.getByLabel('Choices of Size', { exact: true }).fill('S, M, L');
    await j.page.getByRole('button', { name: 'Add an option', exact: true }).click();
    await j.page.getByLabel('Option 2', { exact: true }).fill('Colour');
    await j.page.getByLabel('Choices of Colour', { exact: true }).fill('White, Sand');
    await j.page.getByTestId('table-total').filter({ hasText: '6 variants' }).waitFor();
    await j.page.getByLabel('Stock of M / White', { exact: true }).locator('visible=true').fill('4');
    await j.page.getByLabel('Stock of L / Sand', { exact: true }).locator('visible=true').fill('2');
    await j.page.getByLabel('Price of L / Sand', { exact: true }).locator('visible=true').fill('42');
    await j.page.getByRole('checkbox', { name: 'Summer shirts', exact: true }).check();
    await j.page.getByRole('button', { name: 'Add by web address', exact: true }).click();
    await j.page.getByLabel('Image 1 address', { exact: true }).fill('/favicon.svg');
    await snap(j.page, 'store-product-form-desktop');
    await j.page.getByRole('button', { name: 'Add product', exact: true }).click();
    await toast('Linen shirt is added');
    await j.page.getByRole('heading', { name: 'Linen shirt', exact: true }).waitFor();

    const saved = await productNamed('Linen shirt');
    expect(saved?.price.amount).toBe('39.90');
    expect(saved?.variants).toHaveLength(6);
    const variant = (size: string, colour: string) =>
      saved?.variants.find((v) => v.choices.Size === size && v.choices.Colour === colour);
    expect(variant('M', 'White')?.inventory).toMatchObject({ trackQuantity: true, quantity: 4 });
    expect(variant('L', 'Sand')?.price.amount).toBe('42.00');
    expect(saved?.collectionIds).toHaveLength(1);

    await j.page.setViewportSize(MOBILE);
    await snap(j.page, 'store-product-form-mobile');
    await j.page.setViewportSize(DESKTOP);
  });

  it('lists it with its stock and adjusts stock from the list', async () => {
    await nav('Products').click();
    await j.page.getByLabel('Search', { exact: true }).fill('Linen');
    await j.page.getByRole('cell', { name: /6 in stock \(6 variants\)/ }).waitFor();
    await j.page.getByRole('button', { name: 'Adjust stock Linen shirt', exact: true }).locator('visible=true').click();
    const drawer = j.page.getByRole('dialog', { name: 'Stock of Linen shirt', exact: true });
    const row = drawer.getByRole('region', { name: 'S / White', exact: true });
    await row.getByLabel('Add or remove units', { exact: true }).fill('5');
    await row.getByRole('button', { name: 'Update', exact: true }).click();
    await toast('S / White: 5 in stock');
    await drawer.getByRole('button', { name: 'Done', exact: true }).click();
    const saved = await productNamed('Linen shirt');
    expect(
      saved?.variants.find((v) => v.choices.Size === 'S' && v.choices.Colour === 'White')?.inventory.quantity,
    ).toBe(5);
    await j.page.getByRole('cell', { name: /11 in stock/ }).waitFor();
    await snap(j.page, 'store-products-desktop');
    await j.page.setViewportSize(MOBILE);
    await snap(j.page, 'store-products-mobile');
    await j.page.setViewportSize(DESKTOP);
  });

  it('asks before deleting a collection, and keeps it on Cancel', async () => {
    await nav('Collections').click();
    await j.page.getByRole('button', { name: 'Delete Summer shirts', exact: true }).locator('visible=true').click();
    const confirm = j.page.getByRole('dialog', { name: 'Delete Summer shirts?', exact: true });
    await confirm.getByText(/^Its products stay in your shop/).waitFor();
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await j.page.getByRole('button', { name: 'Delete Summer shirts', exact: true }).locator('visible=true').click();
    await snap(j.page, 'store-collections-confirm-desktop');
    await confirm.getByRole('button', { name: 'Delete collection', exact: true }).click();
    await toast('Summer shirts is deleted');
    expect((await productNamed('Linen shirt'))?.collectionIds).toEqual([]);
    await j.page.setViewportSize(MOBILE);
    await snap(j.page, 'store-collections-mobile');
    await j.page.setViewportSize(DESKTOP);
  });

  it('adds a shipping region with an option, its rates and free-over', async () => {
    await nav('Shipping').click();
    await j.page.getByRole('heading', { name: 'Shipping', exact: true }).waitFor();
    await j.page.getByRole('button', { name: 'Add region', exact: true }).first().click();
    const drawer = j.page.getByRole('dialog', { name: 'Add a shipping region', exact: true });
    await drawer.getByLabel('Region name', { exact: true }).fill('Home');
    await drawer.getByRole('combobox', { name: 'Country 1', exact: true }).fill('germ');
    await j.page.getByRole('option', { name: /Germany/ }).click();
    await drawer.getByRole('button', { name: 'Add region', exact: true }).click();
    await toast('Home is saved');
    const region = j.page.getByRole('region', { name: 'Home', exact: true });
    await region.getByText('Germany', { exact: true }).waitFor();
    await region.getByRole('button', { name: 'Add option', exact: true }).click();
    const option = j.page.getByRole('dialog', { name: 'Add an option for Home', exact: true });
    await option.getByLabel('Name', { exact: true }).fill('Standard');
    await option.getByLabel('Delivery time', { exact: true }).fill('2–3 business days');
    await option.getByLabel('Rate 1 price', { exact: true }).fill('4,90');
    await option.getByLabel('Free over', { exact: true }).fill('50');
    await option.getByRole('button', { name: 'Add a slot', exact: true }).click();
    await option.getByRole('button', { name: 'Add option', exact: true }).click();
    await toast('Standard is saved');
    await region
      .getByText(/\$4\.90; free over \$50\.00/)
      .locator('visible=true')
      .waitFor();
    const { shippingOptions } = await j.owner.fetch<{
      shippingOptions: Array<{
        title: string;
        rates: Array<{ price: { amount: string } }>;
        deliveryTimeSlots: unknown[];
      }>;
    }>('/ecom/v1/shipping-options');
    expect(shippingOptions.find((o) => o.title === 'Standard')).toMatchObject({
      rates: [{ price: { amount: '4.90' } }],
      deliveryTimeSlots: [{ weekday: 'MON', fromHour: 9, toHour: 12 }],
    });
    // A pickup place below the regions.
    await j.page.getByRole('button', { name: 'Add pickup place', exact: true }).first().click();
    const pickup = j.page.getByRole('dialog', { name: 'Add a pickup place', exact: true });
    await pickup.getByLabel('Name', { exact: true }).fill('Our shop');
    await pickup.getByRole('button', { name: 'Add pickup place', exact: true }).click();
    await pickup.getByText('Choose the country the place is in.', { exact: true }).waitFor();
    await pickup.getByRole('combobox', { name: 'Country', exact: true }).fill('germ');
    await j.page.getByRole('option', { name: /Germany/ }).click();
    await pickup.getByLabel('City', { exact: true }).fill('Berlin');
    await pickup.getByLabel('Opening hours', { exact: true }).fill('Mon–Fri 9:00–18:00');
    await pickup.getByRole('button', { name: 'Add pickup place', exact: true }).click();
    await toast('Our shop is saved');
    await j.page
      .getByRole('region', { name: 'Pickup', exact: true })
      .getByText('Free', { exact: true })
      .locator('visible=true')
      .waitFor();
    await snap(j.page, 'store-shipping-desktop');
    await j.page.setViewportSize(MOBILE);
    await snap(j.page, 'store-shipping-mobile');
    await j.page.setViewportSize(DESKTOP);
  });

  it('creates a coupon with limits; a bad code is refused next to its field', async () => {
    await nav('Coupons').click();
    await j.page.getByRole('heading', { name: 'Coupons', exact: true }).waitFor();
    await j.page.getByRole('button', { name: 'Create coupon', exact: true }).first().click();
    const drawer = j.page.getByRole('dialog', { name: 'Create a coupon', exact: true });
    await drawer.getByLabel('Code', { exact: true }).fill('SUMMER 10');
    await drawer.getByLabel('Name', { exact: true }).fill('Summer sale');
    await drawer.getByLabel('Percent off', { exact: true }).fill('10');
    await drawer.getByLabel('Uses in all', { exact: true }).fill('100');
    await drawer.getByRole('button', { name: 'Create coupon', exact: true }).click();
    await drawer.getByText(/^A code has letters, digits, - and _ only/).waitFor();
    await drawer.getByLabel('Code', { exact: true }).fill('SUMMER10');
    await drawer.getByRole('button', { name: 'Create coupon', exact: true }).click();
    await toast('SUMMER10 is ready');
    await j.page.getByText('10% off everything', { exact: true }).locator('visible=true').waitFor();
    await j.page.getByText('0 of 100 used', { exact: true }).locator('visible=true').waitFor();
    await j.page.getByText('Live', { exact: true }).locator('visible=true').first().waitFor();
    await snap(j.page, 'store-coupons-desktop');
    // An emptied limit is lifted, not refused.
    await j.page.getByText('0 of 100 used', { exact: true }).locator('visible=true').click();
    const edit = j.page.getByRole('dialog', { name: 'Edit SUMMER10', exact: true });
    await edit.getByLabel('Uses in all', { exact: true }).fill('');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('SUMMER10 is saved');
    await j.page.getByText('0 used', { exact: true }).locator('visible=true').waitFor();
  });

  it('creates an automatic discount for orders over an amount', async () => {
    await nav('Discounts').click();
    await j.page.getByRole('heading', { name: 'Automatic discounts', exact: true }).waitFor();
    await j.page.getByRole('button', { name: 'Create discount', exact: true }).first().click();
    const drawer = j.page.getByRole('dialog', { name: 'Create an automatic discount', exact: true });
    await drawer.getByLabel('Name', { exact: true }).fill('10% over 50');
    await drawer.getByLabel('Percent off', { exact: true }).fill('10');
    await drawer.getByLabel('When', { exact: true }).selectOption({ label: 'The order total is in a range' });
    await drawer.getByLabel('From', { exact: true }).fill('50');
    await drawer.getByRole('button', { name: 'Create discount', exact: true }).click();
    await toast('10% over 50 is saved');
    await j.page
      .getByText(/Order total 50(\.00)? or more/)
      .locator('visible=true')
      .waitFor();
    await j.page.getByText('10% off everything', { exact: true }).locator('visible=true').waitFor();
    await snap(j.page, 'store-discounts-desktop');
  });

  it('issues a gift card whose code shows once, then disables it after a confirm', async () => {
    await nav('Gift cards').click();
    await j.page.getByRole('heading', { name: 'Gift cards', exact: true }).waitFor();
    await j.page.getByRole('button', { name: 'Issue gift card', exact: true }).first().click();
    const drawer = j.page.getByRole('dialog', { name: 'Issue a gift card', exact: true });
    await drawer.getByLabel('Amount', { exact: true }).fill('25');
    await drawer.getByRole('button', { name: 'Issue card', exact: true }).click();
    const code = (await drawer.getByTestId('gift-card-code').innerText()).trim();
    expect(code.length).toBeGreaterThanOrEqual(8);
    await drawer.getByRole('button', { name: 'Copy code', exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Done', exact: true }).click();
    const last4 = code.replace(/-/g, '').slice(-4);
    const card = j.page.getByText(new RegExp(last4), { exact: true }).locator('visible=true');
    await card.waitFor();
    expect(await j.page.getByText(code, { exact: true }).count()).toBe(0);
    await j.page
      .getByRole('button', { name: /^Disable / })
      .locator('visible=true')
      .click();
    await j.page
      .getByRole('dialog', { name: /^Disable / })
      .getByRole('button', { name: 'Disable card', exact: true })
      .click();
    await toast('is disabled');
    await j.page.getByText('Disabled', { exact: true }).locator('visible=true').waitFor();
    await snap(j.page, 'store-gift-cards-desktop');
  });

  it('adds an extra fee and turns it off', async () => {
    await nav('Extra fees').click();
    await j.page.getByRole('heading', { name: 'Extra fees', exact: true }).waitFor();
    await j.page.getByRole('button', { name: 'Add fee', exact: true }).first().click();
    const drawer = j.page.getByRole('dialog', { name: 'Add a fee', exact: true });
    await drawer.getByLabel('Name', { exact: true }).fill('Packaging');
    await drawer.getByLabel('Amount', { exact: true }).fill('1.50');
    await drawer.getByRole('button', { name: 'Add fee', exact: true }).click();
    await toast('Packaging is saved');
    await j.page.getByText('$1.50 per order', { exact: true }).locator('visible=true').waitFor();
    await j.page.getByRole('button', { name: 'Turn off Packaging', exact: true }).locator('visible=true').click();
    await toast('Packaging is off');
    await j.page.getByRole('button', { name: 'Turn on Packaging', exact: true }).locator('visible=true').waitFor();
  });

  it('adds a tax region with its rate and saves the tax settings', async () => {
    await nav('Tax').click();
    await j.page.getByRole('heading', { name: 'Tax', exact: true }).waitFor();
    await j.page.getByRole('button', { name: 'Add tax region', exact: true }).first().click();
    const drawer = j.page.getByRole('dialog', { name: 'Add a tax region', exact: true });
    await drawer.getByRole('combobox', { name: 'Country', exact: true }).fill('germ');
    await j.page.getByRole('option', { name: /Germany/ }).click();
    await drawer.getByLabel('Tax 1 name', { exact: true }).fill('VAT');
    await drawer.getByLabel('Rate %', { exact: true }).fill('19');
    await drawer.getByRole('button', { name: 'Add tax region', exact: true }).click();
    await toast('Tax region saved');
    await j.page
      .getByRole('region', { name: 'Tax regions', exact: true })
      .getByText('VAT 19%', { exact: true })
      .locator('visible=true')
      .waitFor();
    await j.page
      .getByLabel('Your prices', { exact: true })
      .selectOption({ label: 'Include tax (tax is part of the price)' });
    await j.page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Tax settings saved');
    const { taxRegions } = await j.owner.fetch<{
      taxRegions: Array<{ country: string; jurisdictions: Array<{ rate: string }> }>;
    }>('/ecom/v1/tax-regions');
    expect(taxRegions.find((r) => r.country === 'DE')?.jurisdictions).toMatchObject([{ name: 'VAT', rate: '0.19' }]);
    const { taxSettings } = await j.owner.fetch<{ taxSettings: { taxIncludedInPrices: boolean } }>(
      '/ecom/v1/tax-settings',
    );
    expect(taxSettings.taxIncludedInPrices).toBe(true);
    await snap(j.page, 'store-tax-desktop');
    await j.page.setViewportSize(MOBILE);
    await snap(j.page, 'store-tax-mobile');
    await j.page.setViewportSize(DESKTOP);
  });

  it('saves checkout settings: stock trigger, a policy and a custom field', async () => {
    await nav('Checkout').click();
    await j.page.getByRole('heading', { level: 1, name: 'Checkout', exact: true }).waitFor();
    await j.page
      .getByLabel('Take items out of stock', { exact: true })
      .selectOption({ label: 'When the order is paid' });
    await j.page.getByLabel('Return policy', { exact: true }).fill('Returns within 30 days.');
    await j.page.getByRole('button', { name: 'Add a field', exact: true }).click();
    await j.page.getByLabel('Field 1 label', { exact: true }).fill('Gift message');
    await j.page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Checkout settings saved');
    const { checkoutSettings } = await j.owner.fetch<{
      checkoutSettings: { inventoryUpdateTrigger: string; customFields: Array<{ key: string; label: string }> };
    }>('/ecom/v1/checkout-settings');
    expect(checkoutSettings.inventoryUpdateTrigger).toBe('ON_ORDER_PAID');
    expect(checkoutSettings.customFields).toMatchObject([{ key: 'gift_message', label: 'Gift message' }]);
    await j.page.getByText('All changes saved.', { exact: true }).waitFor();
    await snap(j.page, 'store-checkout-settings-desktop');
  });

  it('turns tips on with a choice and a staff member', async () => {
    await nav('Tips').click();
    await j.page.getByRole('heading', { name: 'Tips', exact: true }).waitFor();
    await j.page.getByLabel('Buyers can add a tip', { exact: true }).check();
    await j.page.getByRole('button', { name: 'Add a choice', exact: true }).click();
    const choices = await j.page.getByLabel(/^Choice \d+$/).count();
    await j.page.getByLabel('Percent', { exact: true }).last().fill('15');
    await j.page.getByRole('button', { name: 'Add a staff member', exact: true }).click();
    await j.page
      .getByLabel(/^Staff member \d+$/)
      .last()
      .fill('Ana');
    await j.page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Tip settings saved');
    const { tipSettings } = await j.owner.fetch<{
      tipSettings: { enabled: boolean; presets: Array<{ value: string }>; staff: Array<{ name: string }> };
    }>('/ecom/v1/tip-settings');
    expect(tipSettings.enabled).toBe(true);
    expect(tipSettings.presets).toHaveLength(choices);
    expect(tipSettings.presets.at(-1)?.value).toBe('15');
    expect(tipSettings.staff.map((s) => s.name)).toContain('Ana');
  });

  it('creates a buy now link for a variant, with a link to copy', async () => {
    await nav('Buy now links').click();
    await j.page.getByRole('heading', { name: 'Buy now links', exact: true }).waitFor();
    await j.page.getByRole('button', { name: 'Create a link', exact: true }).first().click();
    const drawer = j.page.getByRole('dialog', { name: 'Create a buy now link', exact: true });
    await drawer.getByLabel('Name', { exact: true }).fill('Shirt deal');
    await drawer.getByLabel('Product 1', { exact: true }).selectOption({ label: 'Linen shirt ($39.90)' });
    await drawer.getByLabel('Variant', { exact: true }).selectOption({ label: 'M / White ($39.90)' });
    await drawer.getByLabel('How many', { exact: true }).fill('2');
    await drawer.getByRole('button', { name: 'Create link', exact: true }).click();
    await toast('Shirt deal is ready to share');
    await j.page.getByText('2 items', { exact: true }).locator('visible=true').waitFor();
    await j.page.getByRole('button', { name: 'Copy link', exact: true }).locator('visible=true').waitFor();
    await snap(j.page, 'store-buy-links-desktop');
  });

  it('shows back-in-stock requests', async () => {
    await nav('Back in stock').click();
    await j.page.getByRole('heading', { name: 'Back in stock requests', exact: true }).waitFor();
    await j.page.getByText('Nobody is waiting', { exact: true }).waitFor();
    await snap(j.page, 'store-back-in-stock-desktop');
  });
});
