import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, checkOutFromCart, fillTestCard, payButton } from './shop.js';
import { DESKTOP, MOBILE, ownerIntoDashboard, snap } from './support.js';
import { journey } from './journey.js';

// "Nothing the packer or the buyer needs left out": a buyer collects one order at the shop's pickup place and has
// another delivered in a chosen morning window. The place's address and hours, and the window in the shop's own time
// zone, are on the thank-you page, the buyer's order page (from the e-mail's link), the dashboard's order page and
// the packing slip.

const EVERY_DAY = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].map((weekday) => ({
  weekday,
  fromHour: 9,
  toHour: 12,
}));
const PLACE_LINES = ['742 Evergreen Terrace', 'Springfield, IL 62704', 'United States of America'];
const HOURS = 'Open Mon–Fri 9:00–18:00';
/** A morning window read in Chicago (the shop's zone): read in UTC it would say 3:00 – 6:00 PM. */
const MORNING = /^Delivery time: [A-Z][a-z]{2} \d{1,2}, \d{4}, 9:00 AM – 12:00 PM$/;

const j = journey();
beforeAll(async () => {
  await j.owner.fetch('/site/v1/site', {
    method: 'PATCH',
    body: { site: { timeZone: 'America/Chicago' }, fieldMask: { paths: ['timeZone'] } },
  });
  const { key } = await j.owner.fetch<{ key: string }>('/settings/v1/api-keys', {
    method: 'POST',
    body: { name: 'e2e order pickup', scopes: ['ecom'] },
  });
  const { shippingRegion } = await apiCall<{ shippingRegion: { id: string } }>(
    j.plaza.url,
    '/ecom/v1/shipping-regions',
    key,
    {
      shippingRegion: {
        name: 'United States',
        destinationScope: 'SPECIFIC_DESTINATIONS',
        destinations: [{ country: 'US' }],
      },
    },
  );
  await apiCall(j.plaza.url, '/ecom/v1/shipping-options', key, {
    shippingOption: {
      shippingRegionId: shippingRegion.id,
      title: 'Morning courier',
      rates: [{ price: { amount: '7.00' } }],
      deliveryTimeSlots: EVERY_DAY,
    },
  });
  await apiCall(j.plaza.url, '/ecom/v1/pickup-locations', key, {
    pickupLocation: {
      name: 'Evergreen shop',
      pickupMethod: 'STORE_PICKUP',
      address: {
        country: 'US',
        subdivision: 'US-IL',
        city: 'Springfield',
        addressLine: '742 Evergreen Terrace',
        postalCode: '62704',
      },
      businessHours: 'Mon–Fri 9:00–18:00',
    },
  });
});

/**
 * A hoodie in size M into the cart, the hosted checkout's contact and US address, then `choose` picks the delivery,
 * and the card pays. Ends on the thank-you page.
 */
async function buyHoodie(page: Page, email: string, choose: (page: Page) => Promise<void>) {
  await page.goto(`${j.plaza.url}/products`, { waitUntil: 'networkidle' });
  await page
    .getByRole('link', { name: /Lavender Hoodie/ })
    .first()
    .click();
  await page.getByRole('heading', { name: 'Lavender Hoodie', exact: true }).waitFor();
  await page.getByRole('button', { name: 'M', exact: true }).click();
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect.poll(() => page.getByTestId('cart-count').first().textContent()).toBe('1');
  await checkOutFromCart(page, j.plaza.url);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('First name', { exact: true }).first().fill('Ann');
  await page.getByLabel('Last name', { exact: true }).first().fill('Lee');
  await page.getByLabel('Address', { exact: true }).first().fill('1 Main St');
  await page.getByLabel('City', { exact: true }).first().fill('San Francisco');
  await page.locator('#ship-country').selectOption('US');
  await page.locator('#ship-state').selectOption({ label: 'California' });
  await choose(page);
  await fillTestCard(page);
  await payButton(page, /^Pay /).click();
  await page.waitForURL(/\/orders\/[\w-]+\?token=/);
  await page.getByRole('heading', { name: 'Thank you for your order!', exact: true }).waitFor();
  const number = /order number is (\d+)/.exec(await page.locator('body').innerText())?.[1];
  const orderId = /\/orders\/([\w-]+)\?/.exec(page.url())?.[1];
  expect(number).toMatch(/^\d+$/);
  return { number: number!, orderId: orderId! };
}

const pickAtShop = async (page: Page) => {
  const radio = page.getByRole('radio', { name: /Evergreen shop/ });
  await radio.click();
  await expect.poll(() => radio.isChecked()).toBe(true);
};
const pickMorning = async (page: Page) => {
  const radio = page.getByRole('radio', { name: /Morning courier/ });
  await radio.click();
  await expect.poll(() => radio.isChecked()).toBe(true);
  // The select sits inside its label, so its name also carries the chosen option's words.
  const time = page.getByRole('combobox', { name: /^Delivery time/ });
  await time.waitFor();
  // The second window offered (not "Any time").
  const value = await time.locator('option').nth(2).getAttribute('value');
  await time.selectOption(value);
  await expect.poll(() => time.inputValue()).toBe(value);
};

/** The pickup place's lines as a surface shows them (address, then opening hours). */
const placeLines = async (scope: ReturnType<Page['locator']>) =>
  (await scope.getByTestId('pickup-place').first().innerText()).split('\n');
const slotText = async (scope: ReturnType<Page['locator']>) =>
  (await scope.getByTestId('delivery-slot').first().innerText()).trim();

describe('the pickup place and the delivery window on every order screen', () => {
  it('a pickup order names the place’s address and hours for the buyer and the packer', async () => {
    const email = `pickup.${Date.now()}@example.com`;
    const buyer = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    const { number, orderId } = await buyHoodie(buyer, email, pickAtShop);

    const shipping = buyer.getByRole('region', { name: 'Shipping', exact: true });
    await expect.poll(() => shipping.getByTestId('delivery-method').textContent()).toBe('Pickup at Evergreen shop');
    await expect.poll(() => placeLines(shipping)).toEqual([...PLACE_LINES, HOURS]);
    await snap(buyer, 'order-pickup-thank-you-desktop');

    // The buyer's order page, opened later from the confirmation e-mail's link.
    const mail = await j.mailbox.latest(email, 'ORDER_PLACED');
    expect(mail.text).toContain(`Pick up at:\n${PLACE_LINES.join('\n')}\n${HOURS}`);
    const link = /See your order: (\S+)/.exec(mail.text)?.[1];
    const later = await (await j.browser.newContext({ viewport: MOBILE })).newPage();
    await later.goto(link!, { waitUntil: 'networkidle' });
    const region = later.getByRole('region', { name: 'Shipping', exact: true });
    await region.getByTestId('pickup-place').waitFor();
    await expect.poll(() => placeLines(region)).toEqual([...PLACE_LINES, HOURS]);
    await snap(later, 'order-pickup-buyer-order-mobile');

    const owner = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await ownerIntoDashboard(owner, j.plaza);
    // The Orders list notes the pickup under the items.
    await owner.goto(`${j.plaza.url}/admin/store/orders`, { waitUntil: 'networkidle' });
    const listed = owner.getByRole('row').filter({ hasText: `Order ${number}` });
    await expect.poll(() => listed.getByTestId('delivery-note').innerText()).toBe('Pickup at Evergreen shop');
    await owner.goto(`${j.plaza.url}/admin/store/orders/${orderId}`, { waitUntil: 'networkidle' });
    await owner.getByRole('heading', { name: `Order ${number}`, exact: true }).waitFor();
    const main = owner.locator('main');
    await main.getByTestId('pickup-place').waitFor();
    expect(await main.getByTestId('delivery-method').innerText()).toBe('Pickup at Evergreen shop');
    await expect.poll(() => placeLines(main)).toEqual([...PLACE_LINES, HOURS]);
    await snap(owner, 'order-pickup-dashboard-desktop');
    // A pickup order is made ready, not shipped: the customer gets the ready-for-pickup e-mail.
    await main.getByText('Not ready for pickup yet', { exact: true }).waitFor();
    expect(await main.getByRole('button', { name: 'Mark as shipped', exact: true }).count()).toBe(0);
    await main.getByRole('button', { name: 'Mark as ready for pickup', exact: true }).click();
    await owner
      .getByRole('dialog', { name: `Order ${number} is ready for pickup`, exact: true })
      .getByRole('button', { name: 'Mark as ready for pickup', exact: true })
      .click();
    await owner
      .getByRole('status')
      .filter({ hasText: `Order ${number} is ready for pickup` })
      .waitFor();
    await main.getByText('Ready for pickup', { exact: true }).waitFor();

    await owner.getByRole('link', { name: 'Packing slip', exact: true }).click();
    const slip = owner.getByRole('article', { name: 'Packing slip', exact: true });
    const method = slip.getByRole('region', { name: 'Delivery method', exact: true });
    await method.getByText('Pickup at Evergreen shop', { exact: true }).waitFor();
    await expect.poll(() => placeLines(method)).toEqual([...PLACE_LINES, HOURS]);
    await snap(owner, 'order-pickup-packing-slip-desktop');
    await owner.setViewportSize(MOBILE);
    await snap(owner, 'order-pickup-packing-slip-mobile');
  });

  it('a delivery names the chosen window in the shop’s time zone for the buyer and the packer', async () => {
    const email = `slot.${Date.now()}@example.com`;
    const buyer = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    const { number, orderId } = await buyHoodie(buyer, email, pickMorning);

    const shipping = buyer.getByRole('region', { name: 'Shipping', exact: true });
    await expect.poll(() => shipping.getByTestId('delivery-method').textContent()).toBe('Morning courier');
    await expect.poll(() => slotText(shipping)).toMatch(MORNING);
    const words = await slotText(shipping);
    await snap(buyer, 'order-slot-thank-you-desktop');

    const mail = await j.mailbox.latest(email, 'ORDER_PLACED');
    const link = /See your order: (\S+)/.exec(mail.text)?.[1];
    const later = await (await j.browser.newContext({ viewport: MOBILE })).newPage();
    await later.goto(link!, { waitUntil: 'networkidle' });
    const region = later.getByRole('region', { name: 'Shipping', exact: true });
    await expect.poll(() => slotText(region)).toBe(words);
    await snap(later, 'order-slot-buyer-order-mobile');

    const owner = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await ownerIntoDashboard(owner, j.plaza);
    await owner.goto(`${j.plaza.url}/admin/store/orders`, { waitUntil: 'networkidle' });
    const listed = owner.getByRole('row').filter({ hasText: `Order ${number}` });
    await expect
      .poll(() => listed.getByTestId('delivery-note').innerText())
      .toBe(`Morning courier · ${words.replace('Delivery time: ', '')}`);
    await snap(owner, 'order-slot-list-desktop');
    await owner.goto(`${j.plaza.url}/admin/store/orders/${orderId}`, { waitUntil: 'networkidle' });
    await owner.getByRole('heading', { name: `Order ${number}`, exact: true }).waitFor();
    const main = owner.locator('main');
    await expect.poll(() => slotText(main)).toBe(words);
    await snap(owner, 'order-slot-dashboard-desktop');

    await owner.getByRole('link', { name: 'Packing slip', exact: true }).click();
    const slip = owner.getByRole('article', { name: 'Packing slip', exact: true });
    const method = slip.getByRole('region', { name: 'Delivery method', exact: true });
    await method.getByText('Morning courier', { exact: true }).waitFor();
    await expect.poll(() => slotText(method)).toBe(words);
    await snap(owner, 'order-slot-packing-slip-desktop');
  });
});

describe('refunds put items back in stock line by line', () => {
  it('the owner picks how many of each line go back, never more than are still out', async () => {
    const buyer = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    const { number, orderId } = await buyHoodie(buyer, `restock.${Date.now()}@example.com`, pickAtShop);
    const owner = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await ownerIntoDashboard(owner, j.plaza);
    await owner.goto(`${j.plaza.url}/admin/store/orders/${orderId}`, { waitUntil: 'networkidle' });
    await owner.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: `Refund order ${number}`, exact: true });
    await dialog.getByLabel('Amount to refund', { exact: true }).fill('5.00');
    await dialog.getByLabel('Put the items back in stock', { exact: true }).check();
    const hoodie = dialog.getByLabel('Lavender Hoodie (Size: M)', { exact: true });
    // Everything still out is offered; the owner lowers or raises it.
    expect(await hoodie.inputValue()).toBe('1');
    await dialog.getByText('Up to 1.', { exact: true }).waitFor();
    await hoodie.fill('2');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.getByText('At most 1 can go back.', { exact: true }).waitFor();
    await snap(owner, 'order-restock-dialog-desktop');
    await owner.setViewportSize(MOBILE);
    await snap(owner, 'order-restock-dialog-mobile');
    await hoodie.fill('1');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await owner.getByRole('status').filter({ hasText: 'Refunded $5.00' }).waitFor();
    await owner.getByText(/back in stock: 1 × Lavender Hoodie \(Size: M\)$/).waitFor();
    await snap(owner, 'order-restock-refunds-mobile');
    // Nothing is left out of stock: a second refund no longer offers it.
    await owner.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.getByLabel('Amount to refund', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Put the items back in stock', { exact: true }).count()).toBe(0);
  });
});
