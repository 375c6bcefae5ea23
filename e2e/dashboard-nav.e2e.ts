import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, ownerIntoDashboard, snap } from './support.js';
import { journey } from './journey.js';

// Second look, point 8: groups that fold (remembered), the current screen in view, and a search that jumps to any
// screen or record, by keyboard, on a desktop and on a phone.

const j = journey();

describe('dashboard navigation', () => {
  it('jumps to a screen and a product with Ctrl+K, shows the current screen, and remembers folded groups', async () => {
    const page = await j.browser.newPage({ viewport: DESKTOP });
    await ownerIntoDashboard(page, j.plaza);
    const nav = page.getByRole('navigation', { name: 'Dashboard', exact: true });

    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Search screens, orders, members and products', exact: true });
    await box.fill('mailbox');
    await box.press('Enter');
    await page.waitForURL(`${j.plaza.url}/admin/mailbox`);
    const mailbox = nav.getByRole('link', { name: 'Mailbox', exact: true });
    await expect.poll(() => mailbox.getAttribute('aria-current')).toBe('page');
    // The current screen's group is open and its link scrolled into the sidebar's view.
    await expect
      .poll(() =>
        mailbox.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const n = el.closest('nav')!.getBoundingClientRect();
          return r.top >= n.top && r.bottom <= n.bottom;
        }),
      )
      .toBe(true);

    // Fold the Store group; it stays folded after a reload.
    const store = nav.getByRole('button', { name: 'Store', exact: true });
    await store.click();
    await expect.poll(() => store.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => nav.getByRole('link', { name: 'Orders', exact: true }).isVisible()).toBe(false);
    await page.reload({ waitUntil: 'networkidle' });
    await expect
      .poll(() => nav.getByRole('button', { name: 'Store', exact: true }).getAttribute('aria-expanded'))
      .toBe('false');

    // A record: a product by name, through the visible search button.
    await page
      .getByRole('button', { name: /^Search/ })
      .first()
      .click();
    await box.fill('blue mug');
    const product = page.getByRole('option', { name: /Blue stoneware mug/i });
    await product.waitFor();
    await page.screenshot({ path: (await import('./support.js')).screenshotPath('dashboard-palette-desktop') });
    await product.click();
    await page.waitForURL(/\/admin\/store\/products\/[0-9a-f-]+$/);
    // The group of the current screen is open even though it was folded.
    await expect
      .poll(() => nav.getByRole('button', { name: 'Store', exact: true }).getAttribute('aria-expanded'))
      .toBe('true');
    await page.close();
  });

  it('works on a phone: the top bar search opens the palette', async () => {
    const page = await j.browser.newPage({ viewport: MOBILE });
    await ownerIntoDashboard(page, j.plaza);
    await page.getByRole('button', { name: 'Search or jump to', exact: true }).click();
    const box = page.getByRole('combobox', { name: 'Search screens, orders, members and products', exact: true });
    await box.fill('tax');
    await expect.poll(() => page.getByRole('option', { name: /^Tax/ }).count()).toBeGreaterThan(0);
    await snap(page, 'dashboard-palette-phone');
    await box.press('Escape');
    await page.getByRole('button', { name: 'Open menu', exact: true }).click();
    await snap(page, 'dashboard-menu-phone');
    await page.close();
  });
});
