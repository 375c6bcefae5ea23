import { describe, expect, it } from 'vitest';
import { fakeClient, queryClientWithSite, render, textOf } from './testing.js';
import { displayName } from './MemberMenu.js';
import { HomePage } from './HomePage.js';

describe('storefront home', () => {
  it('welcomes with the store name once and no placeholder copy', () => {
    const text = textOf(render(<HomePage />, fakeClient(null), queryClientWithSite()));
    expect(text).toContain('Welcome to Corner Shop');
    expect(text.match(/Corner Shop/g)).toHaveLength(1);
    expect(text).toContain('Meet the community');
    for (const placeholder of ['Prices in', 'for example', 'catalog opens', 'No products yet']) {
      expect(text).not.toContain(placeholder);
    }
  });
});

describe('header account menu', () => {
  it('names the member by nickname, else first name, never by e-mail', () => {
    expect(displayName({ profile: { nickname: 'Ada L.' }, contact: { firstName: 'Ada' } })).toBe('Ada L.');
    expect(displayName({ profile: { nickname: ' ' }, contact: { firstName: 'Ada' } })).toBe('Ada');
    expect(displayName({ profile: {} })).toBe('Your account');
    expect(displayName(undefined)).toBe('Your account');
  });
});
