import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@plaza/sdk';
import { files, uploadFile } from '@plaza/sdk/media';
import { DESKTOP, MOBILE, sidebarLink, snap } from './support.js';
import { journey } from './journey.js';

// The brand library (enterprise media, issue 22) in Chromium against the built server: the owner starts from the
// empty library, adds categories (one inside another), an item with a picture and a document from the media library,
// is told why a category with items cannot go, and deletes the item.

const j = journey({ ownerPage: true });
const toast = (text: string) => j.page.getByRole('status').filter({ hasText: text }).waitFor();

beforeAll(async () => {
  // Two files in the media library, uploaded as a script would, and processed before the picker offers them.
  const media = createClient({ baseUrl: j.plaza.url, auth: j.owner.auth, modules: { files } });
  const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#1b6fd1' } })
    .png()
    .toBuffer();
  const uploaded = [
    await uploadFile(media, new Blob([new Uint8Array(png)], { type: 'image/png' }), { fileName: 'logo-blue.png' }),
    await uploadFile(media, new Blob(['Keep the logo on white.'], { type: 'text/plain' }), {
      fileName: 'logo-guidelines.txt',
    }),
  ];
  for (const u of uploaded) {
    const deadline = Date.now() + 20_000;
    while ((await media.files.getFileDescriptor(u.id)).file.operationStatus !== 'READY') {
      if (Date.now() > deadline) throw new Error(`${u.displayName} was not processed`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
});

describe('brand library', () => {
  it('starts empty and takes a category, with its problems next to its fields', async () => {
    await sidebarLink(j.page, 'Brand library').click();
    await j.page.getByRole('heading', { name: 'Brand library', exact: true }).waitFor();
    await j.page.getByText('No categories yet', { exact: true }).waitFor();
    await j.page.setViewportSize(MOBILE);
    await snap(j.page, 'brand-library-empty-phone');
    await j.page.setViewportSize(DESKTOP);

    await j.page.getByRole('button', { name: 'Add category', exact: true }).click();
    const drawer = j.page.getByRole('dialog', { name: 'Add a category', exact: true });
    await drawer.getByRole('button', { name: 'Add category', exact: true }).click();
    await drawer.getByText('Give the category a name, such as “Logos”.', { exact: true }).waitFor();
    await drawer.getByLabel('Name', { exact: true }).fill('Logos');
    await drawer.getByLabel('Description', { exact: true }).fill('Every version of the logo.');
    await drawer.getByRole('button', { name: 'Add category', exact: true }).click();
    await toast('Logos is saved');
    await j.page.getByRole('heading', { name: 'Logos', exact: true }).waitFor();
    await j.page.getByText('No items here yet', { exact: true }).waitFor();

    await j.page.getByRole('button', { name: 'Add category', exact: true }).click();
    await drawer.getByLabel('Name', { exact: true }).fill('Print');
    await drawer.getByLabel('Place', { exact: true }).selectOption({ label: 'Inside Logos' });
    await drawer.getByRole('button', { name: 'Add category', exact: true }).click();
    await toast('Print is saved');
    const nav = j.page.getByRole('navigation', { name: 'Categories', exact: true });
    expect(await nav.getByRole('button').allInnerTexts()).toEqual(['Logos', 'Print']);
    await nav.getByRole('button', { name: 'Logos', exact: true }).click();
    await j.page.getByRole('heading', { name: 'Logos', exact: true }).waitFor();
  });

  it('adds an item with a picture and a document from the media library', async () => {
    await j.page.getByRole('button', { name: 'Add item', exact: true }).first().click();
    const drawer = j.page.getByRole('dialog', { name: 'Add an item', exact: true });
    await drawer.getByRole('button', { name: 'Add item', exact: true }).click();
    await drawer.getByText('Give the item a title, such as “Main logo”.', { exact: true }).waitFor();
    await drawer.getByLabel('Title', { exact: true }).fill('Main logo');
    await drawer.getByRole('button', { name: 'Add files', exact: true }).click();
    const picker = j.page.getByRole('dialog', { name: 'Add files from the media library', exact: true });
    await picker.getByRole('button', { name: 'Add logo-blue.png', exact: true }).click();
    await picker.getByRole('button', { name: 'Add logo-guidelines.txt', exact: true }).click();
    await picker.getByText('No files to add', { exact: true }).waitFor();
    await picker.getByRole('button', { name: 'Done', exact: true }).click();
    const chosen = drawer.getByRole('list', { name: 'Files of this item', exact: true });
    await chosen.getByText('logo-blue.png', { exact: true }).waitFor();
    await chosen.getByText('logo-guidelines.txt', { exact: true }).waitFor();
    await snap(j.page, 'brand-library-item-desktop');
    await drawer.getByRole('button', { name: 'Add item', exact: true }).click();
    await toast('Main logo is saved');
    await j.page.getByText('2 files: picture, document', { exact: true }).first().waitFor();
    await snap(j.page, 'brand-library-desktop');
    await j.page.setViewportSize(MOBILE);
    await snap(j.page, 'brand-library-phone');
    await j.page.setViewportSize(DESKTOP);

    // What the server kept: the item in Logos with the picture as an image and the text file as a document.
    const { items } = await j.owner.fetch<{
      items: Array<{ title: string; assets: Record<string, Array<{ displayName: string }>> }>;
    }>('/media/v1/enterprise/items');
    expect(items.map((i) => [i.title, i.assets.image?.[0]?.displayName, i.assets.document?.[0]?.displayName])).toEqual([
      ['Main logo', 'logo-blue.png', 'logo-guidelines.txt'],
    ]);
  });

  it('says why a category with items cannot be deleted, and deletes the item after asking', async () => {
    await j.page.getByRole('button', { name: 'Delete category', exact: true }).click();
    const confirm = j.page.getByRole('dialog', { name: 'Delete Logos?', exact: true });
    await confirm.getByRole('button', { name: 'Delete category', exact: true }).click();
    await confirm.getByText(/Move or delete the items and categories inside it first/).waitFor();
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();

    await j.page.getByRole('button', { name: 'Delete Main logo', exact: true }).locator('visible=true').click();
    const ask = j.page.getByRole('dialog', { name: 'Delete Main logo?', exact: true });
    await ask.getByText('Its files stay in your media library.', { exact: true }).waitFor();
    await ask.getByRole('button', { name: 'Delete item', exact: true }).click();
    await toast('Main logo is deleted');
    await j.page.getByText('No items here yet', { exact: true }).waitFor();
  });
});
