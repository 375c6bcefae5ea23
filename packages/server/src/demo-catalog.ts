import { createOption, createRegion } from './store/shipping/index.js';
import type { ProductInput } from '@plaza/contracts';
import type { Ctx } from './kernel/context.js';
import { createCollection, createProduct, hasProducts } from './store/catalog/index.js';

/** Images are small SVG illustrations kept in the web app (apps/web/public/demo), served by the site itself. */
const img = (name: string, altText: string) => [{ url: `/demo/${name}.svg`, altText }];
const tracked = (quantity: number) => ({ trackQuantity: true, quantity });
const sizes = (prices: Record<string, string | undefined>, stock: Record<string, number>) => ({
  options: [{ name: 'Size', choices: Object.keys(stock) }],
  variants: Object.entries(stock).map(([size, quantity]) => ({
    choices: { Size: size },
    inventory: tracked(quantity),
    ...(prices[size] ? { price: { amount: prices[size] } } : {}),
  })),
});

type DemoProduct = Omit<ProductInput, 'collectionIds'> & { in: Array<'kitchen' | 'apparel' | 'home' | 'gifts'> };

const PRODUCTS: DemoProduct[] = [
  {
    name: 'Blue Stoneware Mug',
    productType: 'PHYSICAL',
    price: { amount: '18.00' },
    sku: 'MUG-BLU',
    weight: { value: 0.4, unit: 'KG' },
    media: img('mug-blue', 'A blue stoneware mug'),
    inventory: tracked(24),
    description: 'Hand-glazed stoneware that keeps coffee warm. Holds 350 ml.',
    in: ['kitchen'],
  },
  {
    name: 'Red Stoneware Mug',
    productType: 'PHYSICAL',
    price: { amount: '18.00' },
    compareAtPrice: { amount: '22.00' },
    sku: 'MUG-RED',
    weight: { value: 0.4, unit: 'KG' },
    media: img('mug-red', 'A red stoneware mug'),
    inventory: tracked(0),
    description: 'Our best-loved mug in brick red. Back soon.',
    in: ['kitchen'],
  },
  {
    name: 'Green Teapot',
    productType: 'PHYSICAL',
    price: { amount: '46.00' },
    sku: 'POT-GRN',
    weight: { value: 1.1, unit: 'KG' },
    media: img('teapot', 'A green ceramic teapot'),
    inventory: tracked(6),
    description: 'Brews four cups. Removable steel infuser.',
    in: ['kitchen', 'gifts'],
  },
  {
    name: 'House Blend Coffee',
    productType: 'PHYSICAL',
    price: { amount: '16.50' },
    sku: 'COF-250',
    weight: { value: 0.25, unit: 'KG' },
    media: img('coffee', 'A bag of coffee beans'),
    inventory: tracked(40),
    description: 'Chocolate and hazelnut notes, roasted every Monday.',
    subscriptionOptions: {
      allowOneTimePurchases: true,
      options: [
        { frequency: 'WEEK', interval: 2, discountPercent: 10 },
        { frequency: 'MONTH', interval: 1, discountPercent: 5 },
      ],
    },
    in: ['kitchen'],
  },
  {
    name: 'Classic White Tee',
    productType: 'PHYSICAL',
    price: { amount: '25.00' },
    sku: 'TEE-WHT',
    media: img('tee-white', 'A white cotton t-shirt'),
    ...sizes({ XL: '27.00' }, { S: 8, M: 12, L: 10, XL: 3 }),
    description: 'Heavyweight organic cotton, cut to last.',
    in: ['apparel'],
  },
  {
    name: 'Classic Black Tee',
    productType: 'PHYSICAL',
    price: { amount: '25.00' },
    sku: 'TEE-BLK',
    media: img('tee-black', 'A black cotton t-shirt'),
    ...sizes({ XL: '27.00' }, { S: 0, M: 5, L: 0, XL: 2 }),
    description: 'The white tee in black.',
    in: ['apparel'],
  },
  {
    name: 'Lavender Hoodie',
    productType: 'PHYSICAL',
    price: { amount: '58.00' },
    sku: 'HOOD-LAV',
    media: img('hoodie', 'A lavender hoodie'),
    ...sizes({}, { S: 4, M: 6, L: 4 }),
    description: 'Brushed fleece inside, kangaroo pocket outside.',
    in: ['apparel', 'gifts'],
  },
  {
    name: 'Striped Socks',
    productType: 'PHYSICAL',
    price: { amount: '9.00' },
    sku: 'SOCK-STR',
    media: img('socks', 'A pair of striped socks'),
    inventory: tracked(60),
    description: 'Soft cotton socks with a cheerful stripe.',
    in: ['apparel'],
  },
  {
    name: 'Canvas Tote',
    productType: 'PHYSICAL',
    price: { amount: '15.00' },
    sku: 'TOTE-01',
    media: img('tote', 'A canvas tote bag'),
    inventory: { trackQuantity: false, inStock: true },
    description: 'Carries a week of groceries.',
    in: ['apparel', 'home'],
  },
  {
    name: 'Mountain Poster',
    productType: 'PHYSICAL',
    price: { amount: '30.00' },
    sku: 'PST-MTN',
    media: img('poster', 'A poster of green hills and a sun'),
    inventory: tracked(15),
    description: 'Giclée print on 200 g paper, 50 × 70 cm.',
    in: ['home'],
  },
  {
    name: 'Cedar Candle',
    productType: 'PHYSICAL',
    price: { amount: '22.00' },
    sku: 'CND-CDR',
    media: img('candle', 'A cedar-scented candle'),
    inventory: tracked(18),
    description: 'Forty hours of cedar and smoke.',
    in: ['home', 'gifts'],
  },
  {
    name: 'Potted Fern',
    productType: 'PHYSICAL',
    price: { amount: '28.00' },
    sku: 'PLT-FERN',
    media: img('plant', 'A fern in a terracotta pot'),
    inventory: tracked(9),
    description: 'Happy in shade; water weekly.',
    in: ['home'],
  },
  {
    name: 'Linen Notebook',
    productType: 'PHYSICAL',
    price: { amount: '14.00' },
    sku: 'NB-LIN',
    media: img('notebook', 'A linen-bound notebook'),
    inventory: tracked(30),
    description: '160 dotted pages, lays flat.',
    in: ['home', 'gifts'],
  },
  {
    name: 'Slow Mornings (e-book)',
    productType: 'DIGITAL',
    price: { amount: '12.00' },
    sku: 'EBOOK-SM',
    media: img('ebook', 'The cover of an e-book'),
    description: 'Thirty breakfast recipes, delivered as a PDF.',
    in: ['kitchen'],
  },
  {
    name: 'Gift Card',
    productType: 'GIFT_CARD',
    price: { amount: '50.00' },
    media: img('giftcard', 'A gift card with a ribbon'),
    description: 'Lets them pick. Never expires.',
    in: ['gifts'],
  },
  {
    name: 'Pour-over Coffee Class',
    productType: 'SERVICE',
    price: { amount: '45.00' },
    media: img('class', 'A coffee class'),
    deposit: { amount: '15.00' },
    description: 'Ninety minutes at the shop; pay a deposit now, the rest on the day.',
    in: ['kitchen'],
  },
  {
    name: 'Espresso Cup Set',
    productType: 'PHYSICAL',
    price: { amount: '32.00' },
    sku: 'CUP-ESP',
    media: img('espresso-cups', 'Three blue espresso cups'),
    inventory: tracked(7),
    description: 'Four 90 ml cups in our blue glaze.',
    in: ['kitchen', 'gifts'],
  },
  {
    name: 'Tea Sampler',
    productType: 'PHYSICAL',
    price: { amount: '19.00' },
    sku: 'TEA-SMP',
    media: img('tea-sampler', 'A box of six loose-leaf teas'),
    inventory: tracked(20),
    description: 'Six loose-leaf teas, 25 g each.',
    in: ['kitchen', 'gifts'],
  },
  {
    name: 'Wool Throw',
    productType: 'PHYSICAL',
    price: { amount: '89.00' },
    compareAtPrice: { amount: '110.00' },
    sku: 'THR-WOOL',
    media: img('throw', 'A folded wool throw'),
    inventory: tracked(5),
    description: 'Lambswool, 130 × 180 cm.',
    in: ['home'],
  },
  {
    name: 'Archive Sale Tee',
    productType: 'PHYSICAL',
    price: { amount: '12.00' },
    sku: 'TEE-OLD',
    media: img('tee-black', 'An older t-shirt design'),
    inventory: tracked(3),
    visible: false,
    description: 'Hidden until the sale starts.',
    in: ['apparel'],
  },
];

/**
 * The demo catalog of a new site (`npm start` only; tests start empty): four collections and twenty products,
 * with variants, one out of stock, a digital item, a subscription, a service with a deposit and a hidden one.
 * Goes through the real services, so every product also has its created event. Skipped when products exist.
 */
export async function seedDemoCatalog(owner: Ctx): Promise<void> {
  if (await hasProducts(owner)) return;
  const names = { kitchen: 'Kitchen', apparel: 'Apparel', home: 'Home', gifts: 'Gifts' } as const;
  const ids = {} as Record<keyof typeof names, string>;
  for (const [key, name] of Object.entries(names) as Array<[keyof typeof names, string]>) {
    ids[key] = (await createCollection(owner, { collection: { name } })).id;
  }
  for (const { in: cols, ...product } of PRODUCTS) {
    await createProduct(owner, { product: { ...product, collectionIds: cols.map((c) => ids[c]) } });
  }
  // Somewhere to ship to, so a newcomer's first test purchase goes through; the owner edits it under Shipping.
  const region = await createRegion(owner, {
    shippingRegion: { name: 'Everywhere', destinationScope: 'WORLDWIDE', destinations: [] },
  });
  await createOption(owner, {
    shippingOption: {
      shippingRegionId: region.id,
      title: 'Standard delivery',
      estimatedDeliveryTime: '3–5 working days',
      rates: [{ price: { amount: '4.90' } }],
      freeShippingOver: { amount: '50' },
    },
  });
}
