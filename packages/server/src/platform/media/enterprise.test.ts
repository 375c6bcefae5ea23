import { beforeAll, describe, expect, it } from 'vitest';
import type { EnterpriseCategory, EnterpriseItem, FileDescriptor } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { eventsOf } from '../../store/catalog/testing.js';
import { readyPicture, settled, upload } from './testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { media: ['media'] } });
let logo: FileDescriptor;
let vector: FileDescriptor;

beforeAll(async () => {
  logo = await readyPicture(srv, keys.media, { fileName: 'logo.png' });
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle r="4" cx="5" cy="5"/></svg>';
  const { put } = await upload(srv, keys.media, svg, { mimeType: 'image/svg+xml', fileName: 'logo.svg' });
  vector = await settled(srv, keys.media, put.body.file.id);
}, 120_000);

const req = <T>(method: string, path: string, body?: unknown, auth = keys.media) =>
  call<T>(srv.url, method, `/media/v1/enterprise${path}`, { auth, ...(body !== undefined ? { body } : {}) });

describe('brand library', () => {
  let brand: EnterpriseCategory;
  let logos: EnterpriseCategory;
  it('categories nest, keep their order and never contain themselves', async () => {
    brand = (await req<{ category: EnterpriseCategory }>('POST', '/categories', { category: { name: 'Brand' } })).body
      .category;
    logos = (
      await req<{ category: EnterpriseCategory }>('POST', '/categories', {
        category: { name: 'Logos', parentCategoryId: brand.id },
      })
    ).body.category;
    const colours = (
      await req<{ category: EnterpriseCategory }>('POST', '/categories', {
        category: { name: 'Colours', parentCategoryId: brand.id },
      })
    ).body.category;
    expect([logos.sortOrder, colours.sortOrder]).toEqual([0, 1]);
    await req('PATCH', `/categories/${colours.id}`, {
      category: { sortOrder: -1 },
      fieldMask: { paths: ['sortOrder'] },
    });
    const children = await req<{ categories: EnterpriseCategory[] }>('GET', `/categories?parentCategoryId=${brand.id}`);
    expect(children.body.categories.map((x) => x.name)).toEqual(['Colours', 'Logos']);
    const loop = await req('PATCH', `/categories/${brand.id}`, {
      category: { parentCategoryId: logos.id },
      fieldMask: { paths: ['parentCategoryId'] },
    });
    expect(violations(loop.body)).toEqual(['category.parentCategoryId:VALIDATION']);
    expect(violations((await req('POST', '/categories', { category: { name: '' } })).body)).toEqual([
      'category.name:MIN_LENGTH',
    ]);
    expect((await req('POST', '/categories', { category: { name: 'x' } }, c.memberA.auth)).status).toBe(403);
    expect((await req('GET', '/categories', undefined, c.visitor)).status).toBe(403);
  });

  it('items group files by kind, and a file of the wrong kind is refused', async () => {
    const made = await req<{ item: EnterpriseItem }>('POST', '/items', {
      item: { title: 'Primary logo', categoryId: logos.id, assets: { image: [logo.id], vector: [vector.id] } },
    });
    expect(made.status).toBe(200);
    expect(made.body.item.assets.image?.[0]?.id).toBe(logo.id);
    expect(made.body.item.assets.vector?.[0]?.mediaType).toBe('VECTOR');
    const wrong = await req('POST', '/items', {
      item: { title: 'x', categoryId: logos.id, assets: { video: [logo.id] } },
    });
    expect(violations(wrong.body)).toEqual(['item.assets.video[0]:VALIDATION']);
    const missing = await req('POST', '/items', { item: { title: 'x', categoryId: 'nope', assets: {} } });
    expect(violations(missing.body)).toEqual(['item.categoryId:VALIDATION']);
    const list = await req<{ items: EnterpriseItem[] }>('GET', `/items?categoryId=${logos.id}`);
    expect(list.body.items.map((i) => i.title)).toEqual(['Primary logo']);
    const file = await call<{ file: FileDescriptor }>(
      srv.url,
      'GET',
      `/media/v1/files/get-file-by-id?fileId=${logo.id}`,
      { auth: keys.media },
    );
    expect(file.body.file.lastUsedDate).toBeTruthy();
    const changed = await req<{ item: EnterpriseItem }>('PATCH', `/items/${made.body.item.id}`, {
      item: { assets: { image: [] } },
      fieldMask: { paths: ['assets'] },
    });
    expect(changed.body.item.assets.image).toBeUndefined();
    expect(changed.body.item.assets.vector).toHaveLength(1);
    expect(await eventsOf(srv, made.body.item.id)).toEqual([
      'media.enterprise_item.created',
      'media.enterprise_item.updated',
    ]);
  });

  it('a category with items is not deleted; an item goes and its files stay', async () => {
    const full = await req('DELETE', `/categories/${logos.id}`);
    expect(full.status).toBe(409);
    expect(appCode(full.body)).toBe('CATEGORY_NOT_EMPTY');
    const { items } = (await req<{ items: EnterpriseItem[] }>('GET', `/items?categoryId=${logos.id}`)).body;
    await req('DELETE', `/items/${items[0]!.id}`);
    expect((await req('DELETE', `/categories/${logos.id}`)).status).toBe(200);
    expect((await req('GET', `/categories/${logos.id}`)).status).toBe(404);
    expect(
      (await call(srv.url, 'GET', `/media/v1/files/get-file-by-id?fileId=${vector.id}`, { auth: keys.media })).status,
    ).toBe(200);
  });
});
