import { sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import type { Db } from '../../kernel/db.js';

/**
 * Where "bought or carted together" comes from: baskets (carts, checkouts and placed orders), each a set of product
 * ids. Every source is a SELECT of `(basket text, product_id uuid)` rows; the algorithms read their UNION ALL. Best
 * sellers also read units sold (`unitsSold`), which rank before baskets.
 */
interface Source {
  /** The table and jsonb column the source reads; the source is skipped while they do not exist. */
  table: string;
  column: string;
  select: SQL;
}

const UUID_RE = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * How many of the newest orders recommendations read: a storefront read must not grow with the shop's history, so
 * "best sellers" means best sold lately. The walk follows `orders_created_idx` backwards and stops there.
 */
const ORDERS_READ = 5000;

/** The newest ORDERS_READ orders that were not canceled or rejected (their lines are what was bought). */
function placedOrders(): SQL {
  return sql`SELECT o.id, o.cart_id, o.checkout_id, o.snapshot FROM orders o
    WHERE o.status NOT IN ('CANCELED', 'REJECTED')
    ORDER BY o.created_date DESC, o.id DESC LIMIT ${ORDERS_READ}`;
}

const SOURCES: Source[] = [
  {
    // Carts hold their lines as a jsonb array (cart/tables.ts); a line's `catalogReference.catalogItemId` is the product.
    // Custom line items have no catalog reference and drop out.
    table: 'carts',
    column: 'lines',
    select: sql`SELECT 'cart:' || c.id::text AS basket, (li -> 'catalogReference' ->> 'catalogItemId')::uuid AS product_id
      FROM carts c CROSS JOIN LATERAL jsonb_array_elements(c.lines) li
      WHERE li -> 'catalogReference' ->> 'appId' = 'plaza-catalog'
        AND li -> 'catalogReference' ->> 'catalogItemId' ~* ${UUID_RE}`,
  },
  {
    // Checkouts: one made from a cart is the same basket as that cart (the key merges them), others stand alone.
    table: 'checkouts',
    column: 'lines',
    select: sql`SELECT coalesce('cart:' || k.cart_id::text, 'checkout:' || k.id::text) AS basket,
        (li -> 'catalogReference' ->> 'catalogItemId')::uuid AS product_id
      FROM checkouts k CROSS JOIN LATERAL jsonb_array_elements(k.lines) li
      WHERE li -> 'catalogReference' ->> 'appId' = 'plaza-catalog'
        AND li -> 'catalogReference' ->> 'catalogItemId' ~* ${UUID_RE}`,
  },
  {
    // Placed orders: one made from a cart or checkout is that same basket. Bounded like unitsSold.
    table: 'orders',
    column: 'snapshot',
    select: sql`SELECT coalesce('cart:' || o.cart_id::text, 'checkout:' || o.checkout_id::text, 'order:' || o.id::text)
        AS basket, (li -> 'catalogReference' ->> 'catalogItemId')::uuid AS product_id
      FROM (${placedOrders()}) o CROSS JOIN LATERAL jsonb_array_elements(o.snapshot -> 'lineItems') li
      WHERE li -> 'catalogReference' ->> 'appId' = 'plaza-catalog'
        AND li -> 'catalogReference' ->> 'catalogItemId' ~* ${UUID_RE}`,
  },
];

const NONE = sql`SELECT NULL::text AS basket, NULL::uuid AS product_id WHERE false`;

/** Per database: the sources whose table exists (a yes is kept; a no is asked again after 10 s). */
const present = new WeakMap<Db, { sources: Source[]; at: number }>();

async function availableSources(ctx: Ctx): Promise<Source[]> {
  const known = present.get(ctx.db);
  if (known && (known.sources.length === SOURCES.length || Date.now() - known.at < 10_000)) return known.sources;
  const res = await ctx.db.execute(sql`
    SELECT table_name || '.' || column_name AS name FROM information_schema.columns
    WHERE table_schema = current_schema() AND (table_name, column_name) IN (${sql.join(
      SOURCES.map((s) => sql`(${s.table}, ${s.column})`),
      sql`, `,
    )})`);
  const names = new Set((res as { rows: Array<{ name: string }> }).rows.map((r) => r.name));
  const sources = SOURCES.filter((s) => names.has(`${s.table}.${s.column}`));
  present.set(ctx.db, { sources, at: Date.now() });
  return sources;
}

/** All baskets as one relation, for a WITH clause. */
export async function baskets(ctx: Ctx): Promise<SQL> {
  const sources = await availableSources(ctx);
  return sources.length
    ? sql.join(
        sources.map((s) => s.select),
        sql` UNION ALL `,
      )
    : NONE;
}

/** Units of each product in the newest placed orders, as `(product_id uuid, units bigint)` rows for a WITH clause. */
export async function unitsSold(ctx: Ctx): Promise<SQL> {
  const sources = await availableSources(ctx);
  if (!sources.some((x) => x.table === 'orders'))
    return sql`SELECT NULL::uuid AS product_id, 0::bigint AS units WHERE false`;
  return sql`SELECT (li -> 'catalogReference' ->> 'catalogItemId')::uuid AS product_id,
      sum((li ->> 'quantity')::bigint) AS units
    FROM (${placedOrders()}) o CROSS JOIN LATERAL jsonb_array_elements(o.snapshot -> 'lineItems') li
    WHERE li -> 'catalogReference' ->> 'appId' = 'plaza-catalog'
      AND li -> 'catalogReference' ->> 'catalogItemId' ~* ${UUID_RE}
    GROUP BY 1`;
}
