import { timestamp } from 'drizzle-orm/pg-core';

/** A `timestamptz` column read as a Date. Every table uses it for its dates. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
