import { createOption, createRegion } from './store/shipping/index.js';
import type { ProductInput } from '@plaza/contracts';
import type { Ctx } from './kernel/context.js';
import { createCollection, createProduct, hasProducts } from './store/catalog/index.js';
import { createPlan } from './store/plans/index.js';

type Shelf = 'kitchen' | 'apparel' | 'home' | 'gifts';
type DemoProduct = Omit<ProductInput, 'collectionIds'> & { in: Shelf[] };

/**
 * How each product shows in the shop: alt text, description, and the picture when it is not named like the look.
 * Pictures are small SVG illustrations kept in the web app (apps/web/public/demo), served by the site itself.
 */
const LOOKS: Record<string, [altText: string, description: string, picture?: string]> = {
  'mug-blue': ['A blue stoneware mug', 'Hand-glazed stoneware that keeps coffee warm. Holds 350 ml.'],
  'mug-red': ['A red stoneware mug', 'Our best-loved mug in brick red. Back soon.'],
  teapot: ['A green ceramic teapot', 'Brews four cups. Removable steel infuser.'],
  coffee: ['A bag of coffee beans', 'Chocolate and hazelnut notes, roasted every Monday.'],
  'tee-white': ['A white cotton t-shirt', 'Heavyweight organic cotton, cut to last.'],
  'tee-black': ['A black cotton t-shirt', 'The white tee in black.'],
  hoodie: ['A lavender hoodie', 'Brushed fleece inside, kangaroo pocket outside.'],
  socks: ['A pair of striped socks', 'Soft cotton socks with a cheerful stripe.'],
  tote: ['A canvas tote bag', 'Carries a week of groceries.'],
  poster: ['A poster of green hills and a sun', 'Giclée print on 200 g paper, 50 × 70 cm.'],
  candle: ['A cedar-scented candle', 'Forty hours of cedar and smoke.'],
  plant: ['A fern in a terracotta pot', 'Happy in shade; water weekly.'],
  notebook: ['A linen-bound notebook', '160 dotted pages, lays flat.'],
  ebook: ['The cover of an e-book', 'Thirty breakfast recipes, delivered as a PDF.'],
  giftcard: ['A gift card with a ribbon', 'Lets them pick. Never expires.'],
  class: ['A coffee class', 'Ninety minutes at the shop; pay a deposit now, the rest on the day.'],
  'espresso-cups': ['Three blue espresso cups', 'Four 90 ml cups in our blue glaze.'],
  'tea-sampler': ['A box of six loose-leaf teas', 'Six loose-leaf teas, 25 g each.'],
  throw: ['A folded wool throw', 'Lambswool, 130 × 180 cm.'],
  'tee-old': ['An older t-shirt design', 'Hidden until the sale starts.', 'tee-black'],
};

const money = (amount: string) => ({ amount });
const kg = (value: number) => ({ value, unit: 'KG' as const });
const tracked = (quantity: number) => ({ trackQuantity: true, quantity });
const sizes = (prices: Record<string, string | undefined>, stock: Record<string, number>) => ({
  options: [{ name: 'Size', choices: Object.keys(stock) }],
  variants: Object.entries(stock).map(([size, quantity]) => ({
    choices: { Size: size },
    inventory: tracked(quantity),
    ...(prices[size] ? { price: { amount: prices[size] } } : {}),
  })),
});

/** A demo product: picture, alt text and description come from its look in LOOKS; `more` adds the rest. */
function demo(
  productType: ProductInput['productType'],
  name: string,
  price: string,
  look: string,
  shelves: Shelf[],
  more: Partial<ProductInput> = {},
): DemoProduct {
  const [altText, description, picture = look] = LOOKS[look]!;
  const media = [{ url: `/demo/${picture}.svg`, altText }];
  return { name, productType, price: money(price), media, description, ...more, in: shelves };
}

/** A physical product with a SKU; a number is its tracked stock, anything else (sizes, untracked) is spread in. */
const physical = (
  name: string,
  sku: string,
  price: string,
  stock: number | Partial<ProductInput>,
  look: string,
  shelves: Shelf[],
  more: Partial<ProductInput> = {},
) =>
  demo('PHYSICAL', name, price, look, shelves, {
    sku,
    ...(typeof stock === 'number' ? { inventory: tracked(stock) } : stock),
    ...more,
  });

const untracked = { inventory: { trackQuantity: false, inStock: true } };
const mug = { weight: kg(0.4) };
const teeSizes = (stock: Record<string, number>) => sizes({ XL: '27.00' }, stock);
const coffeeSubscription = {
  weight: kg(0.25),
  subscriptionOptions: {
    allowOneTimePurchases: true,
    options: [
      { frequency: 'WEEK' as const, interval: 2, discountPercent: 10 },
      { frequency: 'MONTH' as const, interval: 1, discountPercent: 5 },
    ],
  },
};

const PRODUCTS: DemoProduct[] = [
  physical('Blue Stoneware Mug', 'MUG-BLU', '18.00', 24, 'mug-blue', ['kitchen'], mug),
  physical('Red Stoneware Mug', 'MUG-RED', '18.00', 0, 'mug-red', ['kitchen'], {
    ...mug,
    compareAtPrice: money('22.00'),
  }),
  physical('Green Teapot', 'POT-GRN', '46.00', 6, 'teapot', ['kitchen', 'gifts'], { weight: kg(1.1) }),
  physical('House Blend Coffee', 'COF-250', '16.50', 40, 'coffee', ['kitchen'], coffeeSubscription),
  physical('Classic White Tee', 'TEE-WHT', '25.00', teeSizes({ S: 8, M: 12, L: 10, XL: 3 }), 'tee-white', ['apparel']),
  physical('Classic Black Tee', 'TEE-BLK', '25.00', teeSizes({ S: 0, M: 5, L: 0, XL: 2 }), 'tee-black', ['apparel']),
  physical('Lavender Hoodie', 'HOOD-LAV', '58.00', sizes({}, { S: 4, M: 6, L: 4 }), 'hoodie', ['apparel', 'gifts']),
  physical('Striped Socks', 'SOCK-STR', '9.00', 60, 'socks', ['apparel']),
  physical('Canvas Tote', 'TOTE-01', '15.00', untracked, 'tote', ['apparel', 'home']),
  physical('Mountain Poster', 'PST-MTN', '30.00', 15, 'poster', ['home']),
  physical('Cedar Candle', 'CND-CDR', '22.00', 18, 'candle', ['home', 'gifts']),
  physical('Potted Fern', 'PLT-FERN', '28.00', 9, 'plant', ['home']),
  physical('Linen Notebook', 'NB-LIN', '14.00', 30, 'notebook', ['home', 'gifts']),
  demo('DIGITAL', 'Slow Mornings (e-book)', '12.00', 'ebook', ['kitchen'], { sku: 'EBOOK-SM' }),
  demo('GIFT_CARD', 'Gift Card', '50.00', 'giftcard', ['gifts']),
  demo('SERVICE', 'Pour-over Coffee Class', '45.00', 'class', ['kitchen'], { deposit: money('15.00') }),
  physical('Espresso Cup Set', 'CUP-ESP', '32.00', 7, 'espresso-cups', ['kitchen', 'gifts']),
  physical('Tea Sampler', 'TEA-SMP', '19.00', 20, 'tea-sampler', ['kitchen', 'gifts']),
  physical('Wool Throw', 'THR-WOOL', '89.00', 5, 'throw', ['home'], { compareAtPrice: money('110.00') }),
  physical('Archive Sale Tee', 'TEE-OLD', '12.00', 3, 'tee-old', ['apparel'], { visible: false }),
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
  const productIds = new Map<string, string>();
  for (const { in: cols, ...product } of PRODUCTS) {
    const made = await createProduct(owner, { product: { ...product, collectionIds: cols.map((c) => ids[c]) } });
    productIds.set(made.name, made.id);
  }
  await seedDemoPlans(owner, (name) => productIds.get(name)!, ids.kitchen);
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

/** Two plans to try the paid plans with: a monthly coffee club and a class pass paid once. */
async function seedDemoPlans(owner: Ctx, productId: (name: string) => string, kitchen: string): Promise<void> {
  // Newest first on the Plans page: the club leads.
  await createPlan(owner, {
    plan: {
      name: 'Class Pass',
      description: 'Three pour-over classes to use within six months.',
      image: '/demo/class.svg',
      price: { amount: '120' },
      validity: { unit: 'MONTH', count: 6 },
      benefits: [{ kind: 'CREDITS', credits: 3, productIds: [productId('Pour-over Coffee Class')], collectionIds: [] }],
    },
  });
  await createPlan(owner, {
    plan: {
      name: 'Coffee Club',
      description: 'Two bags of House Blend a month, 10 % off everything for the kitchen, and free delivery.',
      image: '/demo/coffee.svg',
      price: { amount: '25' },
      recurrence: { frequency: 'MONTH', interval: 1 },
      benefits: [
        { kind: 'CREDITS', credits: 2, productIds: [productId('House Blend Coffee')], collectionIds: [] },
        { kind: 'MEMBER_PRICE', percentOff: 10, productIds: [], collectionIds: [kitchen] },
        { kind: 'FREE_SHIPPING', productIds: [], collectionIds: [] },
      ],
    },
  });
}
