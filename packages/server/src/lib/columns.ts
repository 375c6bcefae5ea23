import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A `timestamptz` column read as a Date. Every table uses it for its dates. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A required uuid naming the row this one belongs to: deleting that row deletes this one with it. */
export const belongsTo = (name: string, owner: () => AnyPgColumn) =>
  uuid(name).notNull().references(owner, { onDelete: 'cascade' });
