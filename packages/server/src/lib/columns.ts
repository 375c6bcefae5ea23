import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A `timestamptz` column read as a Date. Every table uses it for its dates. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A required uuid naming the row this one belongs to: deleting that row deletes this one with it. */
export const belongsTo = (name: string, owner: () => AnyPgColumn) =>
  uuid(name).notNull().references(owner, { onDelete: 'cascade' });

/** A row's createdDate and updatedDate, both required: for tables whose writers always set both. */
export const rowDates = () => ({
  createdDate: ts('created_date').notNull(),
  updatedDate: ts('updated_date').notNull(),
});

/** A row's createdDate and updatedDate, both required and stamped by the database when an insert leaves them out. */
export const rowDatesDefaultNow = () => ({
  createdDate: ts('created_date').notNull().defaultNow(),
  updatedDate: ts('updated_date').notNull().defaultNow(),
});
