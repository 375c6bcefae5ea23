import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FileDescriptor, ListProductsResponse } from '@plaza/contracts';
import { DESKTOP, MOBILE, snap } from './support.js';
import { journey } from './journey.js';

// The media library (issue 11) in Chromium against the built server: the owner uploads three pictures and watches
// their progress, uses one as a product's picture from the picker, trashes it and restores it.

const picture = (name: string, background: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .png()
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/png', buffer }));

const j = journey({ ownerPage: true });

const tiles = () => j.page.getByRole('list', { name: 'Folders and files', exact: true }).getByRole('listitem');
const toast = (text: string) => j.page.getByRole('status').filter({ hasText: text }).waitFor();

describe('media library', () => {
  it('starts empty and uploads three pictures with a progress bar each', async () => {
    await j.page
      .getByRole('navigation', { name: 'Dashboard', exact: true })
      .getByRole('link', { name: 'Media', exact: true })
      .click();
    await j.page.getByRole('heading', { name: 'Media', exact: true }).waitFor();
    await j.page.getByText('No files here yet', { exact: true }).waitFor();
    await j.page
      .getByLabel('Upload files', { exact: true })
      .setInputFiles(
        await Promise.all([
          picture('lemon.png', '#f5d90a'),
          picture('sea.png', '#1b6fd1'),
          picture('moss.png', '#4b8f29'),
        ]),
      );
    const uploads = j.page
      .getByRole('region', { name: 'Uploads', exact: true })
      .or(j.page.getByLabel('Uploads', { exact: true }));
    await uploads.getByText('3 of 3 files uploaded', { exact: true }).waitFor();
    const bars = uploads.getByRole('progressbar');
    expect(await bars.count()).toBe(3);
    for (const bar of await bars.all())
      expect(await bar.getAttribute('aria-valuenow')).toBe(await bar.getAttribute('aria-valuemax'));
    await expect.poll(() => tiles().count()).toBe(3);
    // Processing (previews) finishes in the job worker; the grid looks again until every tile has its picture.
    await expect.poll(() => j.page.getByText('Getting ready…', { exact: true }).count(), { timeout: 20_000 }).toBe(0);
    await snap(j.page, 'media-library-desktop');
  });

  it('shows a file’s details with its size and a focus point', async () => {
    await j.page.getByRole('button', { name: /sea\.png/ }).click();
    const drawer = j.page.getByRole('dialog', { name: 'sea.png', exact: true });
    await drawer.getByText(/\b900 × 600 pixels/).waitFor();
    await drawer.getByRole('slider', { name: /Focus point/ }).waitFor();
    await snap(j.page, 'media-details-desktop');
    await drawer.getByRole('button', { name: 'Close', exact: true }).click();
  });

  it('uses a picture as a product image from the picker', async () => {
    await j.page
      .getByRole('navigation', { name: 'Dashboard', exact: true })
      .getByRole('link', { name: 'Products', exact: true })
      .click();
    await j.page.getByRole('link', { name: 'Add product', exact: true }).first().click();
    await j.page.getByLabel('Name', { exact: true }).fill('Lemon tea');
    await j.page.getByLabel('Price', { exact: true }).fill('6.50');
    await j.page.getByRole('button', { name: 'Choose from media', exact: true }).click();
    const picker = j.page.getByRole('dialog', { name: 'Choose a picture', exact: true });
    await picker.getByRole('button', { name: 'Use lemon.png', exact: true }).click();
    await j.page.locator('img[src*="/media/v1/f/"]').first().waitFor();
    await j.page.getByRole('button', { name: 'Add product', exact: true }).click();
    await toast('Lemon tea is added');
    const { products } = await j.owner.fetch<ListProductsResponse>('/catalog/v1/products', {
      query: { text: 'Lemon tea', includeHidden: true },
    });
    const url = products[0]!.media[0]!.url;
    expect(url).toMatch(/^\/media\/v1\/f\/[0-9a-f]+\/original\/lemon\.png$/);
    const served = await fetch(`${j.plaza.url}${url}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    const id = url.split('/')[4]!;
    const { file } = await j.owner.fetch<{ file: FileDescriptor }>('/media/v1/files/get-file-by-id', {
      query: { fileId: id },
    });
    expect(file.lastUsedDate).toBeTruthy();
  });

  it('moves a picture to the trash and restores it', async () => {
    await j.page
      .getByRole('navigation', { name: 'Dashboard', exact: true })
      .getByRole('link', { name: 'Media', exact: true })
      .click();
    await j.page.getByLabel('Select moss.png', { exact: true }).check();
    await j.page.getByRole('button', { name: 'Move to trash', exact: true }).click();
    await j.page
      .getByRole('dialog', { name: 'Move this to the trash?', exact: true })
      .getByRole('button', { name: 'Move to trash', exact: true })
      .click();
    await expect.poll(() => tiles().count()).toBe(2);
    await j.page.getByRole('button', { name: 'Trash', exact: true }).click();
    await j.page.getByLabel('Select moss.png', { exact: true }).check();
    await j.page.getByRole('button', { name: 'Restore', exact: true }).click();
    await toast('Restored');
    await j.page.getByText('The trash is empty', { exact: true }).waitFor();
    await j.page.getByRole('button', { name: 'Library', exact: true }).click();
    await expect.poll(() => tiles().count()).toBe(3);
  });

  it('a new member attaches a photo from their device to a review', async () => {
    const member = await j.browser.newContext({ viewport: DESKTOP });
    const shopper = await member.newPage();
    const email = `photo.${Date.now()}@example.com`;
    await shopper.goto(`${j.plaza.url}/signup`, { waitUntil: 'networkidle' });
    await shopper.getByLabel('Name', { exact: true }).fill('Pia Photo');
    await shopper.getByLabel('Email', { exact: true }).fill(email);
    await shopper.getByLabel('Password', { exact: true }).fill('correct horse battery staple');
    await shopper.getByRole('button', { name: 'Create account', exact: true }).click();
    await shopper.getByLabel('Verification code', { exact: true }).fill((await j.mailbox.code(email)).code);
    await shopper.getByRole('button', { name: 'Verify', exact: true }).click();
    await shopper.waitForURL(`${j.plaza.url}/`);
    const reviews = shopper.getByTestId('reviews-widget');
    await reviews.getByRole('button', { name: 'Write a review', exact: true }).click();
    await reviews.getByRole('radio', { name: /^5 stars/ }).check({ force: true });
    await reviews.getByLabel('Upload a photo', { exact: true }).setInputFiles(await picture('cup.png', '#c0392b'));
    await reviews.getByRole('img', { name: 'Your photo', exact: true }).waitFor({ timeout: 20_000 });
    const url = await reviews.getByLabel('Photo URL (optional)', { exact: true }).inputValue();
    expect(url).toMatch(/\/media\/v1\/f\/[0-9a-f]+\/original\/cup\.png$/);
    await snap(shopper, 'media-review-photo-desktop');
    await reviews.getByRole('button', { name: 'Post review', exact: true }).click();
    await reviews.getByText('Waiting for approval', { exact: true }).waitFor();
    // The photo sits with the visitors' uploads, not in the owner's library.
    const { files } = await j.owner.fetch<{ files: FileDescriptor[] }>('/media/v1/files/search', {
      method: 'POST',
      body: { rootFolder: 'VISITOR_UPLOADS_ROOT' },
    });
    expect(files.map((f) => f.displayName)).toContain('cup.png');
    await member.close();
  });

  it('fits a phone', async () => {
    const phone = await j.context.newPage();
    await phone.setViewportSize(MOBILE);
    await phone.goto(`${j.plaza.url}/admin/media`, { waitUntil: 'networkidle' });
    await phone.getByRole('heading', { name: 'Media', exact: true }).waitFor();
    await expect
      .poll(() => phone.getByRole('list', { name: 'Folders and files', exact: true }).getByRole('listitem').count())
      .toBe(3);
    await snap(phone, 'media-library-mobile');
    await phone.close();
  });
});
