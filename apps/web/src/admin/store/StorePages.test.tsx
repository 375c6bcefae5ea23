import { describe, expect, it } from 'vitest';
import { backInStockQueries, catalogQueries } from '@plaza/react';
import type { Collection, Product } from '@plaza/sdk/catalog';
import { queryClientWithSite, render, staffClient, textOf } from '../testing.js';
import { BackInStockPage } from './BackInStockPage.js';
import { CollectionsPage } from './CollectionsPage.js';
import { ProductsPage } from './ProductsPage.js';

let n = 0;
const uuid = () => `0190a1b2-0000-7000-b000-${String(++n).padStart(12, '0')}`;
const money = (amount: string) => ({ amount, formattedAmount: `€${amount}` });

function product(over: Partial<Product> = {}): Product {
  return {
    id: uuid(),
    name: 'Blue mug',
    slug: `blue-mug-${n}`,
    media: [],
    productType: 'PHYSICAL',
    currency: 'EUR',
    price: money('12.00'),
    options: [],
    variants: [],
    inventory: { trackQuantity: true, quantity: 12, inStock: true },
    visible: true,
    collectionIds: [],
    createdDate: '2025-03-01T10:00:00.000Z',
    updatedDate: '2025-03-01T10:00:00.000Z',
    ...over,
  };
}

const collection = (name: string, visible = true): Collection => ({
  id: uuid(),
  name,
  slug: name.toLowerCase(),
  visible,
  createdDate: '2025-03-01T10:00:00.000Z',
  updatedDate: '2025-03-01T10:00:00.000Z',
});

const firstPage = { limit: 25, sort: 'CREATED_DESC' } as const;
const owner = () => staffClient('OWNER');

describe('ProductsPage', () => {
  it('lists products with price, stock in words and kind, and the actions on each', () => {
    const queryClient = queryClientWithSite();
    const tee = product({
      name: 'Tee',
      price: money('20.00'),
      options: [{ name: 'Size', choices: ['S', 'M'] }],
      variants: [
        {
          id: uuid(),
          choices: { Size: 'S' },
          price: money('20.00'),
          inventory: { trackQuantity: true, quantity: 3, inStock: true },
          visible: true,
        },
        {
          id: uuid(),
          choices: { Size: 'M' },
          price: money('20.00'),
          inventory: { trackQuantity: true, quantity: 4, inStock: true },
          visible: true,
        },
      ],
    });
    queryClient.setQueryData([...catalogQueries.allProducts(), firstPage], {
      products: [
        product({ name: 'Blue mug' }),
        tee,
        product({
          name: 'Poster',
          productType: 'DIGITAL',
          visible: false,
          inventory: { trackQuantity: false, inStock: false },
        }),
      ],
      pagingMetadata: { count: 3, cursors: {}, hasNext: false },
    });
    queryClient.setQueryData(catalogQueries.allCollections(), [collection('Kitchen')]);
    const html = render(<ProductsPage />, owner(), queryClient, '/admin/store/products');
    const text = textOf(html);
    for (const words of ['Blue mug', '€12.00', '12 in stock', '7 in stock (2 variants)', 'Out of stock', 'Hidden'])
      expect(text).toContain(words);
    expect(text).toContain('Digital download');
    expect(text).not.toMatch(/PHYSICAL|DIGITAL\b/);
    expect(html).toContain('aria-label="Adjust stock Tee"');
    // Deleting is on the product's page, after a confirmation.
    expect(html).not.toContain('aria-label="Delete Poster"');
    expect(html).toContain('>Kitchen</option>');
  });

  it('invites the first product when there is none, and is the owner’s', () => {
    const queryClient = queryClientWithSite();
    queryClient.setQueryData([...catalogQueries.allProducts(), firstPage], {
      products: [],
      pagingMetadata: { count: 0, cursors: {}, hasNext: false },
    });
    expect(textOf(render(<ProductsPage />, owner(), queryClient))).toContain('No products yet');
    expect(textOf(render(<ProductsPage />, staffClient('CONTRIBUTOR'), queryClientWithSite()))).toContain(
      'Only the owner sets up products',
    );
  });
});

describe('CollectionsPage', () => {
  it('lists collections with whether they are shown', () => {
    const queryClient = queryClientWithSite();
    queryClient.setQueryData(catalogQueries.allCollections(), [collection('Kitchen'), collection('Drafts', false)]);
    const html = render(<CollectionsPage />, owner(), queryClient);
    const text = textOf(html);
    expect(text).toContain('2 collections');
    expect(text).toContain('Shown');
    expect(text).toContain('Hidden');
    expect(html).toContain('aria-label="Delete Drafts"');
  });
});

describe('BackInStockPage', () => {
  it('lists the products shoppers wait for, with counts and Notify now', () => {
    const queryClient = queryClientWithSite();
    queryClient.setQueryData(
      [...backInStockQueries.all(), 'items'],
      [{ product: product({ name: 'Red mug' }), waiting: 3 }],
    );
    const html = render(<BackInStockPage />, owner(), queryClient);
    expect(textOf(html)).toContain('3 shoppers');
    expect(html).toContain('aria-label="Notify now Red mug"');
  });
});
