import type { EnterpriseCategory } from '@plaza/sdk/media';

/** A category with how deep it sits (0 at the top), in the order a tree is read: each parent before its children. */
export interface PlacedCategory {
  category: EnterpriseCategory;
  depth: number;
}

/**
 * The server lists categories flat (by sortOrder, then name) with their parent; the page shows them as a tree. A
 * category whose parent is not in the list (deleted meanwhile) is shown at the top rather than lost.
 */
export function categoryTree(categories: readonly EnterpriseCategory[]): PlacedCategory[] {
  const ids = new Set(categories.map((c) => c.id));
  const children = new Map<string, EnterpriseCategory[]>();
  for (const c of categories) {
    const parent = c.parentCategoryId && ids.has(c.parentCategoryId) ? c.parentCategoryId : '';
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const out: PlacedCategory[] = [];
  const seen = new Set<string>();
  const walk = (parent: string, depth: number) => {
    for (const c of children.get(parent) ?? []) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push({ category: c, depth });
      walk(c.id, depth + 1);
    }
  };
  walk('', 0);
  return out;
}

/** The kinds of files an item groups, as the library names them ("image" holds pictures, "vector" drawings). */
export const ASSET_KINDS = ['image', 'vector', 'video', 'audio', 'document', 'archive', 'model3d'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/** The item's kind for a library file's media type; other files cannot be part of an item. */
export const assetKindOf = (mediaType: string): AssetKind | undefined =>
  (ASSET_KINDS as readonly string[]).includes(mediaType.toLowerCase())
    ? (mediaType.toLowerCase() as AssetKind)
    : undefined;
