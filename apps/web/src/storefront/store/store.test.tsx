import { describe, expect, it } from 'vitest';
import type { Product } from '@plaza/sdk/catalog';
import type { PriceSummary } from '@plaza/contracts';
import { fakeClient, queryClientWithSite, render, textOf } from '../testing.js';
import { queryFromParams } from './CatalogPage.js';
import { Totals } from './CartLines.js';
import { ProductCard } from './ProductCard.js';
import { choiceAvailable, findVariant, initialChoices, subscriptionLabel } from './variants.js';

const money = (amount: string) => ({ amount, formattedAmount: `€${amount}` });
const variant = (id: string, size: string, inStock: boolean, price = '25.00') => ({
  id,
  choices: { Size: size },
  price: money(price),
  inventory: { trackQuantity: true, quantity: inStock ? 3 : 0, inStock },
  visible: true,
});
const tee = {
  id: 'p1',
  name: 'Classic Tee',
  slug: 'classic-tee',
  media: [{ url: '/demo/tee-white.svg', altText: 'A white tee' }],
  productType: 'PHYSICAL',
  currency: 'EUR',
  price: money('25.00'),
  compareAtPrice: money('30.00'),
  options: [{ name: 'Size', choices: ['S', 'M', 'L'] }],
  variants: [variant('v-s', 'S', false), variant('v-m', 'M', true, '27.00'), variant('v-l', 'L', true)],
  inventory: { trackQuantity: false, inStock: true },
  visible: true,
  collectionIds: [],
  createdDate: '2025-01-01T00:00:00.000Z',
  updatedDate: '2025-01-01T00:00:00.000Z',
} as Product;

describe('catalog filters in the address', () => {
  it('reads the filters and drops malformed ones', () => {
    const q = queryFromParams(new URLSearchParams('q=+mug+&min=5&max=abc&inStock=1&type=DIGITAL&sort=PRICE_ASC'));
    expect(q).toEqual({
      limit: 12,
      text: 'mug',
      minPrice: '5',
      inStock: true,
      productType: 'DIGITAL',
      sort: 'PRICE_ASC',
    });
    expect(queryFromParams(new URLSearchParams('type=CAR&sort=RANDOM'))).toEqual({ limit: 12, sort: 'CREATED_DESC' });
  });
});

describe('variant picker', () => {
  it('starts on the first variant in stock and maps choices to a variant', () => {
    expect(initialChoices(tee)).toEqual({ Size: 'M' });
    expect(findVariant(tee, { Size: 'L' })?.id).toBe('v-l');
    expect(findVariant(tee, { Size: 'XL' })).toBeUndefined();
    expect(choiceAvailable(tee, { Size: 'M' }, 'Size', 'S')).toBe(false);
    expect(choiceAvailable(tee, { Size: 'M' }, 'Size', 'L')).toBe(true);
  });

  it('words subscription plans', () => {
    expect(subscriptionLabel({ frequency: 'MONTH', interval: 1 })).toBe('Every month');
    expect(subscriptionLabel({ frequency: 'WEEK', interval: 2, billingCycles: 6 })).toBe('Every 2 weeks, 6 deliveries');
  });
});

describe('product card', () => {
  it('shows a sized lazy image, the sale price and the struck-through price', () => {
    const html = render(
      <ul>
        <ProductCard product={tee} />
      </ul>,
      fakeClient(null),
      queryClientWithSite(),
    );
    expect(html).toContain('width="320"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('href="/products/classic-tee"');
    expect(textOf(html)).toContain('Classic Tee €25.00 Was €30.00');
  });
});

describe('totals', () => {
  const summary: PriceSummary = {
    subtotal: money('33.00'),
    discount: money('3.30'),
    shipping: money('5.00'),
    additionalFees: money('0'),
    tax: money('0'),
    tip: money('0'),
    total: money('34.70'),
    taxIncludedInPrices: false,
    payNow: money('34.70'),
  };

  it('lists every total that applies, in order, and leaves out zero fees and tips', () => {
    const html = render(
      <Totals summary={summary} extra={[['Shipping', '€5.00', 'shipping']]} />,
      fakeClient(null),
      queryClientWithSite(),
    );
    expect(textOf(html)).toBe('Subtotal €33.00 Discounts −€3.30 Shipping €5.00 Tax €0 Total €34.70');
  });

  it("names a plan's member price on a line of its own under Discounts; a coupon stays in the sum", () => {
    const html = render(
      <Totals
        summary={summary}
        discounts={[
          {
            discountType: 'GLOBAL',
            merchantDiscount: { amount: money('1.65'), description: 'Coffee Club' },
            lineItemIds: [],
          },
          {
            discountType: 'GLOBAL',
            coupon: { id: 'c', code: 'TEN', name: 'Ten', amount: money('1.65') },
            lineItemIds: [],
          },
        ]}
      />,
      fakeClient(null),
      queryClientWithSite(),
    );
    expect(textOf(html)).toBe('Subtotal €33.00 Discounts −€3.30 · Coffee Club −€1.65 Tax €0 Total €34.70');
  });
});
