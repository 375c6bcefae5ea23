import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LineItem, Money } from '@plaza/contracts';
import type { Database } from './kernel/db.js';
import { currencyDecimals, toMoney } from './store/pricing/index.js';
import type { OrderSnapshot } from './store/orders/index.js';
import { siteMoneySettings } from './platform/site/index.js';

/**
 * `plaza load-data --orders N`: N realistic orders over the last two years, with their payments and refunds, in
 * set-based SQL (one INSERT … SELECT per 50,000 orders, no round trip per row): a million take a few minutes on
 * PostgreSQL. The baskets (lines, discounts, shipping, tax, totals) are made here with the server's own money
 * formatting; SQL gives each order its buyer, address, statuses, tags and dates.
 *
 * What a load looks like: 90% APPROVED (of those 82% PAID, 6% NOT_PAID offline orders without any payment, the rest
 * PARTIALLY_PAID or refunded), 4% CANCELED, the rest INITIALIZED, PENDING or REJECTED; 85% from WEB; tags `vip` on
 * 10%, `wholesale` on 5%, `gift` on 3%; a buyer orders four times on average. Payment and fulfillment statuses agree
 * with the payment rows (derivePaymentStatus would answer the same), so the dashboard's drawers read true.
 */
const BATCH = 50_000;
const BASKETS = 256;
const SPAN_SECONDS = 730 * 86_400;

const FIRST = ['Ada', 'Ben', 'Cleo', 'Dan', 'Eva', 'Finn', 'Gia', 'Hugo', 'Ines', 'Jon', 'Kai', 'Lea', 'Max', 'Nia'];
const LAST = ['Abbott', 'Baker', 'Chen', 'Diaz', 'Evans', 'Fox', 'Garcia', 'Hill', 'Ito', 'Jones', 'Khan', 'Lopez'];
const PLACES: Array<[country: string, subdivision: string | null, city: string, postalCode: string]> = [
  ['US', 'US-NY', 'New York', '10001'],
  ['US', 'US-CA', 'San Francisco', '94103'],
  ['US', 'US-TX', 'Austin', '78701'],
  ['US', 'US-IL', 'Chicago', '60601'],
  ['US', 'US-WA', 'Seattle', '98101'],
  ['US', 'US-MA', 'Boston', '02108'],
  ['CA', 'CA-ON', 'Toronto', 'M5V 2T6'],
  ['GB', null, 'London', 'EC1A 1BB'],
  ['DE', null, 'Berlin', '10115'],
  ['FR', null, 'Lyon', '69001'],
];
const STREETS = ['Main St', 'Oak Ave', 'Elm St', 'Harbor Rd', 'Mill Lane', 'Park Ave', 'River St', 'Hill Rd'];
/** [name, price in cents, option name, option values]. */
const PRODUCTS: Array<[string, number, string?, string[]?]> = [
  ['Stoneware mug', 1800, 'Color', ['Sand', 'Slate', 'Moss']],
  ['Linen apron', 3400, 'Size', ['S', 'M', 'L']],
  ['Oak cutting board', 5200],
  ['Ceramic teapot', 6400, 'Color', ['White', 'Black']],
  ['Brass desk lamp', 12900],
  ['Wool throw', 8900, 'Color', ['Oat', 'Rust', 'Navy']],
  ['Cotton tee', 2500, 'Size', ['XS', 'S', 'M', 'L', 'XL']],
  ['Garden trowel', 1500],
  ['Beeswax candle', 1200],
  ['Enamel plate', 2200],
  ['Canvas tote', 1900],
  ['Walnut tray', 4600],
  ['Glass carafe', 2800],
  ['Herb seed kit', 1400],
  ['Leather journal', 3600, 'Color', ['Tan', 'Brown']],
  ['Rattan basket', 3900, 'Size', ['S', 'L']],
  ['Copper kettle', 9800],
  ['Print: harbor at dusk', 4500, 'Size', ['A4', 'A3']],
  ['Gift card', 5000],
  ['Knit beanie', 2100, 'Color', ['Grey', 'Mustard']],
];
const SHIPPING = [
  { code: 'standard', title: 'Standard shipping', cents: 500, delivery: true },
  { code: 'express', title: 'Express shipping', cents: 1200, delivery: true },
  { code: 'free', title: 'Free shipping', cents: 0, delivery: true },
  { code: 'pickup', title: 'Pickup at the studio', cents: 0, delivery: false },
];

/** A small seeded generator (mulberry32): the same baskets on every load. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Basket {
  snapshot: Omit<OrderSnapshot, 'billingInfo'>;
  total: string;
  /** The product names, for the free-text filter. */
  words: string;
  delivery: boolean;
}

/** What the orders are made of: carts of 1–3 products, some with a coupon or tax, each with a shipping choice. */
function makeBaskets(currency: string, locale: string): Basket[] {
  const next = random(10);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const scale = 10n ** BigInt(currencyDecimals(currency));
  const minorOf = (cents: number) => (BigInt(cents) * scale) / 100n;
  const money = (minor: bigint) => toMoney(minor, currency, locale);
  const baskets: Basket[] = [];
  for (let b = 0; b < BASKETS; b++) {
    const r = next();
    const count = r < 0.55 ? 1 : r < 0.85 ? 2 : 3;
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(Math.floor(next() * PRODUCTS.length));
    let subtotal = 0n;
    const lineItems: LineItem[] = [...chosen].map((p, n) => {
      const [name, cents, option, values] = PRODUCTS[p]!;
      const q = next();
      const quantity = q < 0.7 ? 1 : q < 0.9 ? 2 : 3;
      const price = minorOf(cents);
      subtotal += price * BigInt(quantity);
      return {
        id: `00000000-0000-4000-8000-${String(b * 10 + n).padStart(12, '0')}`,
        quantity,
        productName: name,
        itemType: name === 'Gift card' ? 'GIFT_CARD' : 'PHYSICAL',
        descriptionLines: option && values ? [{ name: option, value: pick(values) }] : [],
        price: money(price),
        fullPrice: money(price),
        lineItemPrice: money(price * BigInt(quantity)),
        sku: `LD-${String(p + 1).padStart(3, '0')}`,
        physicalProperties: { shippable: name !== 'Gift card' },
        availability: { status: 'AVAILABLE' },
        customLineItem: true,
      };
    });
    const coupon = next() < 0.15;
    const discount = coupon ? subtotal / 10n : 0n;
    const ship = subtotal >= minorOf(10000) && next() < 0.7 ? SHIPPING[2]! : pick(SHIPPING);
    const shipping = minorOf(ship.cents);
    const taxed = next() < 0.4;
    const tax = taxed ? ((subtotal - discount) * 8n) / 100n : 0n;
    const total = subtotal - discount + shipping + tax;
    baskets.push(basketOf({ lineItems, ship, subtotal, discount, shipping, tax, total, coupon, taxed }, money));
  }
  return baskets;
}

/** A basket's order snapshot from its drawn lines, shipping, coupon and tax. */
function basketOf(
  b: {
    lineItems: LineItem[];
    ship: (typeof SHIPPING)[number];
    subtotal: bigint;
    discount: bigint;
    shipping: bigint;
    tax: bigint;
    total: bigint;
    coupon: boolean;
    taxed: boolean;
  },
  money: (minor: bigint) => Money,
): Basket {
  const { lineItems, ship, subtotal, discount, shipping, tax, total, coupon, taxed } = b;
  const zero = money(0n);
  return {
    snapshot: {
      lineItems,
      shippingInfo: { title: ship.title, code: ship.code, cost: money(shipping), logistics: {} },
      appliedDiscounts: coupon
        ? [
            {
              discountType: 'GLOBAL',
              coupon: {
                id: '00000000-0000-4000-8000-0000000c0de0',
                code: 'SAVE10',
                name: '10% off',
                amount: money(discount),
              },
              lineItemIds: [],
            },
          ]
        : [],
      priceSummary: {
        subtotal: money(subtotal),
        discount: money(discount),
        shipping: money(shipping),
        additionalFees: zero,
        tax: money(tax),
        tip: zero,
        total: money(total),
        taxIncludedInPrices: false,
        payNow: money(total),
      },
      taxSummary: {
        totalTax: money(tax),
        calculationDetails: { rateType: taxed ? 'MANUAL_RATE' : 'NO_TAX_COLLECTED' },
        taxBreakdown: taxed
          ? [
              {
                jurisdiction: 'Store rate',
                jurisdictionType: 'COUNTRY',
                taxName: 'Sales tax',
                rate: '0.08',
                taxAmount: money(tax),
              },
            ]
          : [],
      },
      paymentOption: 'FULL_PAYMENT_ONLINE',
    },
    total: String(total),
    words: lineItems.map((l) => l.productName).join(' '),
    delivery: ship.delivery,
  };
}

const list = (items: readonly string[]) => `ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;

/** Adds `n` orders with their payments and refunds, 50,000 to a statement. */
export async function loadOrders(database: Database, n: number): Promise<void> {
  const { db } = database;
  const site = await siteMoneySettings(db);
  // Before the first start (the bench loads data first) there are no settings yet: the seed's defaults.
  const currency = site?.currency ?? 'USD';
  const baskets = JSON.stringify(makeBaskets(currency, site?.locale ?? 'en-US'));
  // Repeat buyers: a quarter as many buyers as orders (each load draws its own).
  const buyers = Math.max(50, Math.floor(n / 4));
  const seed = randomInt(1, 1_000_000_000);
  for (let from = 0; from < n; from += BATCH) {
    const to = Math.min(n, from + BATCH) - 1;
    await db.execute(sql`WITH b AS (
        SELECT (t.ord - 1)::int AS k, t.e->'snapshot' AS snap, (t.e->>'total')::bigint AS total,
          t.e->>'words' AS words, (t.e->>'delivery')::boolean AS delivery
        FROM jsonb_array_elements(${baskets}::jsonb) WITH ORDINALITY AS t(e, ord)
      ), ${batchSql({ from, to, n, seed, buyers, currency })}`);
  }
}

// UUID v7 of a date (as the server makes them): 48 bits of milliseconds, version 7, variant, random bits.
const uuid7 = (date: string, hex: string) =>
  `(lpad(to_hex((extract(epoch FROM ${date}) * 1000)::bigint), 12, '0') || '7' || substr(${hex}, 1, 3) ||
      substr('89ab', 1 + get_byte(decode(substr(${hex}, 20, 2), 'hex'), 0) % 4, 1) || substr(${hex}, 4, 15))::uuid`;
// Dates in JSON as the server writes them (toISOString), whatever the session's time zone.
const iso = (date: string) => `to_char(${date} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One statement for orders `from`..`to`: draw each order (s to f), then write it, its payment and its refund. */
function batchSql(o: { from: number; to: number; n: number; seed: number; buyers: number; currency: string }) {
  // A draw of 0..999 (or 0..m-1) per order and purpose: deterministic for a load, independent between purposes.
  const h = (salt: number, m = 1000) => `((hashint8extended(j, ${o.seed + salt}) & 2147483647) % ${m})::int`;
  const place = (i: number) => `(${list(PLACES.map((p) => p[i] ?? ''))})[1 + city]`;
  return sql.raw(`
    s AS (
      SELECT j, md5(j::text || '-${o.seed}') AS hex,
        -- Milliseconds, as placements write them: list cursors carry a JavaScript date.
        date_trunc('milliseconds', now() - make_interval(secs => ${SPAN_SECONDS}::float8 * (${o.n} - j - ${h(1)} / 1000.0) / ${o.n})) AS created,
        ${h(2)} AS st, ${h(3)} AS pay, ${h(4)} AS ful, ${h(5)} AS ch, ${h(6)} AS tg, ${h(7, o.buyers)} AS buyer,
        ${h(8, BASKETS)} AS k, ${h(9, PLACES.length)} AS city, 1 + ${h(10, 900)} AS house
      FROM generate_series(${o.from}, ${o.to}) AS j
    ),
    d AS (
      SELECT s.*, CASE WHEN st < 900 THEN 'APPROVED' WHEN st < 940 THEN 'CANCELED' WHEN st < 970 THEN 'INITIALIZED'
          WHEN st < 990 THEN 'PENDING' ELSE 'REJECTED' END AS status,
        (${list(FIRST)})[1 + buyer % ${FIRST.length}] AS first_name,
        (${list(LAST)})[1 + (buyer / ${FIRST.length}) % ${LAST.length}] AS last_name
      FROM s
    ),
    e AS (
      SELECT d.*, CASE status
          WHEN 'APPROVED' THEN CASE WHEN pay < 820 THEN 'PAID' WHEN pay < 880 THEN 'NOT_PAID' WHEN pay < 920
            THEN 'PARTIALLY_PAID' WHEN pay < 960 THEN 'PARTIALLY_REFUNDED' ELSE 'FULLY_REFUNDED' END
          WHEN 'CANCELED' THEN CASE WHEN pay < 700 THEN 'CANCELED' ELSE 'FULLY_REFUNDED' END
          WHEN 'INITIALIZED' THEN CASE WHEN pay < 500 THEN 'NOT_PAID' WHEN pay < 900 THEN 'PENDING' ELSE 'DECLINED' END
          WHEN 'PENDING' THEN 'PENDING'
          ELSE CASE WHEN pay < 500 THEN 'DECLINED' ELSE 'NOT_PAID' END END AS payment_status,
        lower(first_name || '.' || last_name || buyer) || '@example.com' AS email,
        jsonb_strip_nulls(jsonb_build_object(
          'address', jsonb_build_object('country', ${place(0)}, 'subdivision', nullif(${place(1)}, ''),
            'city', ${place(2)}, 'postalCode', ${place(3)},
            'addressLine', house || ' ' || (${list(STREETS)})[1 + (house % ${STREETS.length})]),
          'contactDetails', jsonb_build_object('firstName', first_name, 'lastName', last_name))) AS person,
        nextval('order_number_seq') AS number
      FROM d
    ),
    f AS (
      SELECT e.*, b.snap, b.total, b.words, b.delivery,
        CASE WHEN status = 'APPROVED' AND payment_status NOT IN ('NOT_PAID', 'PARTIALLY_PAID') THEN
          CASE WHEN ful < 850 THEN 'FULFILLED' WHEN ful < 900 THEN 'PARTIALLY_FULFILLED' ELSE 'NOT_FULFILLED' END
          ELSE 'NOT_FULFILLED' END AS fulfillment_status,
        least(now(), created + make_interval(hours => 1 + ful % 72)) AS updated
      FROM e JOIN b USING (k)
    ),
${writeSql(o.currency)}`);
}

/** The rest of a batch's statement: the drawn orders (f) written as orders (o), payments (p) and refunds. */
function writeSql(currency: string): string {
  return `    o AS (
      INSERT INTO orders (id, number, status, payment_status, fulfillment_status, buyer_email, currency, total_minor,
        channel, tags, search_text, snapshot, activities, stock_taken, purchased_date, created_date, updated_date)
      SELECT ${uuid7('created', 'hex')}, number, status, payment_status, fulfillment_status, email, '${currency}',
        total,
        CASE WHEN ch < 850 THEN 'WEB' WHEN ch < 900 THEN 'POS' WHEN ch < 930 THEN 'BACKOFFICE_MERCHANT'
          WHEN ch < 950 THEN 'FACEBOOK' WHEN ch < 965 THEN 'ETSY' WHEN ch < 980 THEN 'AMAZON' WHEN ch < 990 THEN 'TIKTOK'
          ELSE 'EBAY' END,
        array_remove(ARRAY[CASE WHEN tg < 100 THEN 'vip' END, CASE WHEN tg >= 100 AND tg < 150 THEN 'wholesale' END,
          CASE WHEN tg % 100 < 3 THEN 'gift' END], NULL),
        lower(concat_ws(' ', number, email, first_name, last_name, CASE WHEN delivery THEN first_name END,
          CASE WHEN delivery THEN last_name END, words)),
        snap || jsonb_build_object('billingInfo', person,
          'paymentOption', CASE WHEN payment_status = 'NOT_PAID' AND status = 'APPROVED' THEN 'FULL_PAYMENT_OFFLINE'
            ELSE 'FULL_PAYMENT_ONLINE' END,
          'shippingInfo', CASE WHEN delivery THEN jsonb_set(snap->'shippingInfo', '{logistics}',
            jsonb_build_object('shippingDestination', person)) ELSE snap->'shippingInfo' END),
        jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'type', 'ORDER_PLACED', 'createdDate', ${iso('created')}))
          || CASE WHEN payment_status IN ('PAID', 'PARTIALLY_REFUNDED', 'FULLY_REFUNDED') THEN jsonb_build_array(
            jsonb_build_object('id', gen_random_uuid(), 'type', 'ORDER_PAID', 'createdDate', ${iso('created')})) ELSE '[]' END
          || CASE WHEN fulfillment_status = 'FULFILLED' THEN jsonb_build_array(
            jsonb_build_object('id', gen_random_uuid(), 'type', 'ORDER_FULFILLED', 'createdDate', ${iso('updated')})) ELSE '[]' END
          || CASE WHEN status = 'CANCELED' THEN jsonb_build_array(
            jsonb_build_object('id', gen_random_uuid(), 'type', 'ORDER_CANCELED', 'createdDate', ${iso('updated')})) ELSE '[]' END,
        false, created, created, updated
      FROM f
      RETURNING id, number, payment_status, total_minor, created_date, updated_date
    ),
    p AS (
      INSERT INTO order_payments (id, order_id, method, provider, status, amount_minor, captured_minor, refunded_minor,
        provider_transaction_id, card, captures, decline_reason, authorized_date, voided_date, created_date,
        updated_date)
      SELECT ${uuid7('created_date', 'md5(id::text)')}, id, 'CREDIT_CARD', 'TEST_CARD',
        CASE payment_status WHEN 'PAID' THEN 'APPROVED' WHEN 'PARTIALLY_PAID' THEN 'APPROVED'
          WHEN 'PARTIALLY_REFUNDED' THEN 'PARTIALLY_REFUNDED' WHEN 'FULLY_REFUNDED' THEN 'REFUNDED'
          WHEN 'CANCELED' THEN 'VOIDED' ELSE payment_status END,
        amount, captured, CASE payment_status WHEN 'FULLY_REFUNDED' THEN captured
          WHEN 'PARTIALLY_REFUNDED' THEN greatest(1, captured / 4) ELSE 0 END,
        'load_' || number, jsonb_build_object('brand', CASE WHEN number % 3 = 0 THEN 'Mastercard' ELSE 'Visa' END,
          'lastFourDigits', CASE WHEN number % 3 = 0 THEN '4444' ELSE '4242' END),
        CASE WHEN captured > 0 THEN jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'amountMinor',
          captured::text, 'status', 'SUCCEEDED', 'createdDate', ${iso('created_date')})) ELSE '[]' END,
        CASE WHEN payment_status = 'DECLINED' THEN 'The card was declined.' END,
        CASE WHEN payment_status NOT IN ('PENDING', 'DECLINED') THEN created_date END,
        CASE WHEN payment_status = 'CANCELED' THEN updated_date END, created_date, updated_date
      FROM (SELECT o.*, CASE WHEN payment_status = 'PARTIALLY_PAID' THEN total_minor / 2 ELSE total_minor END AS amount,
          CASE WHEN payment_status IN ('PAID', 'PARTIALLY_REFUNDED', 'FULLY_REFUNDED') THEN total_minor
            WHEN payment_status = 'PARTIALLY_PAID' THEN total_minor / 2 ELSE 0 END AS captured
        FROM o WHERE payment_status <> 'NOT_PAID') o
      RETURNING id, order_id, refunded_minor, updated_date
    )
    INSERT INTO order_refunds (id, order_id, status, amount_minor, payments, reason, created_date)
    SELECT gen_random_uuid(), order_id, 'SUCCEEDED', refunded_minor,
      jsonb_build_array(jsonb_build_object('paymentId', id, 'amountMinor', refunded_minor::text)), 'Returned by the buyer',
      updated_date
    FROM p WHERE refunded_minor > 0`;
}
