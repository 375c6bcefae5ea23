import { describe, expect, it } from 'vitest';
import type { EnterpriseCategory } from '@plaza/sdk/media';
import { assetKindOf, categoryTree } from './categories.js';

const cat = (id: string, parentCategoryId?: string): EnterpriseCategory => ({
  id,
  name: id,
  sortOrder: 0,
  createdDate: '2026-11-29T00:00:00.000Z',
  updatedDate: '2026-11-29T00:00:00.000Z',
  ...(parentCategoryId ? { parentCategoryId } : {}),
});

describe('brand library categories', () => {
  it('reads the flat list as a tree, each parent before its children, in the server’s order', () => {
    const tree = categoryTree([cat('Logos'), cat('Photos'), cat('Print', 'Logos'), cat('Small', 'Print')]);
    expect(tree.map((p) => `${p.depth}:${p.category.id}`)).toEqual(['0:Logos', '1:Print', '2:Small', '0:Photos']);
  });

  it('keeps a category whose parent is gone at the top, and never loops on a cycle', () => {
    expect(categoryTree([cat('Orphan', 'gone')]).map((p) => p.depth)).toEqual([0]);
    expect(categoryTree([cat('A', 'B'), cat('B', 'A')])).toEqual([]);
  });

  it('files of the kinds an item holds, and no others', () => {
    expect(assetKindOf('IMAGE')).toBe('image');
    expect(assetKindOf('MODEL3D')).toBe('model3d');
    expect(assetKindOf('OTHER')).toBeUndefined();
  });
});
