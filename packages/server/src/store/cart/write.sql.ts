import { sql } from 'drizzle-orm';

const p = (name: string) => sql.placeholder(name);

/**
 * The common write of a cart change: every field the shopper can change, only over the version that was read. Written
 * by hand so it is prepared once per database handle (service.ts); write.sql.test.ts holds its column names to
 * tables.ts.
 */
export const cartWriteOverVersion = sql`UPDATE carts SET lines = ${p('lines')}::jsonb, coupon_code = ${p('couponCode')}::text,
    merchant_discounts = ${p('merchantDiscounts')}::jsonb, contact_info = ${p('contactInfo')}::jsonb,
    buyer_note = ${p('buyerNote')}::text, business_location_id = ${p('businessLocationId')}::text,
    updated_date = ${p('updatedDate')}::timestamptz, version = ${p('readVersion')}::int + 1
    WHERE id = ${p('id')}::uuid AND version = ${p('readVersion')}::int RETURNING id`;
