import { afterEach, describe, expect, it } from 'vitest';
import { adminNav, currentGroup, currentItem, loadFolded, matchScreens, saveFolded, visibleNav } from './nav.js';

const groups = visibleNav(adminNav);

describe('dashboard navigation', () => {
  it('finds the screen of any path, records included, and its group', () => {
    expect(currentItem(groups, '/admin')?.label).toBe('Overview');
    expect(currentItem(groups, '/admin/store/orders/0190-abc')?.label).toBe('Orders');
    expect(currentItem(groups, '/admin/store/products/')?.label).toBe('Products');
    expect(currentGroup(groups, '/admin/mailbox')).toBe('Developers');
    expect(currentGroup(groups, '/admin/members')).toBe('Community');
    expect(currentGroup(groups, '/admin')).toBeUndefined();
    expect(currentItem(groups, '/admin/nowhere')).toBeUndefined();
  });

  it('matches screens by every word typed, in the name or the group', () => {
    expect(matchScreens(groups, 'gift').map((s) => s.label)).toEqual(['Gift cards']);
    expect(matchScreens(groups, 'store ship').map((s) => s.label)).toContain('Shipping');
    expect(matchScreens(groups, 'mail').map((s) => s.label)).toContain('Mailbox');
    expect(matchScreens(groups, 'zzz')).toEqual([]);
    expect(matchScreens(groups, '').length).toBe(groups.flatMap((g) => g.items).length);
  });

  it('remembers which groups this browser folded', () => {
    const store = new Map<string, string>();
    globalThis.localStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    } as Storage;
    expect(loadFolded()).toEqual([]);
    saveFolded(['Store', 'Developers']);
    expect(loadFolded()).toEqual(['Store', 'Developers']);
    store.set('plaza.admin.folded', '{bad');
    expect(loadFolded()).toEqual([]);
  });
});

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});
