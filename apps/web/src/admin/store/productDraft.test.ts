import { describe, expect, it } from 'vitest';
import {
  changesOf,
  draftHasProblems,
  emptyDraft,
  imageProblem,
  inputOf,
  normalizeAmount,
  optionsProblem,
  variantGrid,
  variantPriceProblem,
  type ProductDraft,
} from './productDraft.js';

const draft = (over: Partial<ProductDraft> = {}): ProductDraft => ({
  ...emptyDraft(),
  name: 'Tee',
  price: '20',
  ...over,
});

describe('product draft', () => {
  it('reads prices as the owner types them', () => {
    expect(normalizeAmount(' 12,50 ')).toBe('12.50');
    expect(normalizeAmount('$1,234.50')).toBe('1234.50');
  });

  it('sends the tax group only when it changed, and the default group as null', () => {
    const saved = draft({ taxGroupId: '0190a1b2-0000-7000-8000-000000000001' });
    expect(changesOf({ ...saved, taxGroupId: '' }, saved)).toEqual({ taxGroupId: null });
    expect(changesOf({ ...saved, name: 'Shirt' }, saved)).toEqual({ name: 'Shirt' });
    expect(inputOf(draft()).taxGroupId).toBeNull();
  });

  it('grows the variant grid from the options and keeps rows already edited', () => {
    const options = [
      { name: 'Size', choices: 'S, M' },
      { name: 'Colour', choices: 'Red, Blue, Red' },
    ];
    const grid = variantGrid(options, [], '20');
    expect(grid.map((v) => Object.values(v.choices).join('/'))).toEqual(['S/Red', 'S/Blue', 'M/Red', 'M/Blue']);
    const edited = grid.map((v) => (v.key === 'Size=M|Colour=Blue' ? { ...v, price: '25', quantity: '4' } : v));
    const again = variantGrid([...options.slice(0, 1), { name: 'Colour', choices: 'Red, Blue, Green' }], edited, '20');
    expect(again).toHaveLength(6);
    expect(again.find((v) => v.key === 'Size=M|Colour=Blue')).toMatchObject({ price: '25', quantity: '4' });
    expect(variantGrid([{ name: '', choices: 'x' }], edited, '20')).toEqual([]);
  });

  it('sends variants with their own stock, and the stock kind of the product', () => {
    const options = [{ name: 'Size', choices: 'S, M' }];
    const d = draft({ options, variants: variantGrid(options, [], '20'), trackQuantity: true });
    d.variants[1]!.quantity = '7';
    const input = inputOf(d);
    expect(input.options).toEqual([{ name: 'Size', choices: ['S', 'M'] }]);
    expect(input.variants?.[1]).toMatchObject({
      choices: { Size: 'M' },
      price: { amount: '20' },
      inventory: { trackQuantity: true, quantity: 7 },
    });
    expect(inputOf(draft({ trackQuantity: false, inStock: false })).inventory).toEqual({
      trackQuantity: false,
      inStock: false,
    });
  });

  it('sends only what changed, and empty extras as removals', () => {
    const saved = draft({ compareAtPrice: '30', subscriptions: true });
    expect(changesOf(saved, saved)).toEqual({});
    const changes = changesOf({ ...saved, price: '18', compareAtPrice: '', subscriptions: false }, saved);
    expect(changes).toEqual({ price: { amount: '18' }, compareAtPrice: null, subscriptionOptions: null });
  });

  it('says in words, per field, what keeps a draft from being saved', () => {
    expect(draftHasProblems(draft())).toBe(false);
    expect(imageProblem({ url: 'http://x.test/a.jpg', altText: '' })).toMatch(/https:\/\/.*or choose the image/);
    // Uploaded images have addresses on this site.
    expect(imageProblem({ url: '/media/files/abc/mug.jpg', altText: '' })).toBeUndefined();
    expect(optionsProblem(draft({ options: [{ name: 'Size', choices: ' , ' }] }))).toMatch(/at least one choice/);
    expect(
      optionsProblem(
        draft({
          options: [
            { name: 'Size', choices: 'S' },
            { name: 'size', choices: 'M' },
          ],
        }),
      ),
    ).toMatch(/same name/);
    const red = { key: 'Colour=Red', choices: { Colour: 'Red' }, price: 'abc', sku: '', quantity: '0' };
    const cell = { ...red, inStock: true, visible: true };
    expect(variantPriceProblem(cell)).toBe('Enter a price such as 12.50.');
    expect(variantPriceProblem({ ...cell, price: '12,50' })).toBeUndefined();
    expect(draftHasProblems(draft({ variants: [cell] }))).toBe(true);
  });
});
