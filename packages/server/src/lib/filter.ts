import { eq, gt, gte, inArray, lt, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FieldViolation } from '@plaza/contracts';
import { AppError } from '../kernel/errors.js';

/**
 * The shared parts of the Mongo-like query filters (members, reviews): the operators, how each becomes SQL, and a
 * collector that reports every bad field of a filter in one 400. Each domain decides its fields and value rules.
 */
export const FILTER_OPERATORS = ['$eq', '$ne', '$in', '$nin', '$gt', '$gte', '$lt', '$lte'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const isFilterOperator = (op: string): op is FilterOperator =>
  (FILTER_OPERATORS as readonly string[]).includes(op);

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `column <op> value` for a non-null value (`$in`/`$nin`: an array). `$ne` also matches NULL, as Mongo's does. */
export function operatorSql(column: AnyPgColumn, op: FilterOperator, value: unknown): SQL {
  switch (op) {
    case '$eq':
      return eq(column, value);
    case '$ne':
      return sql`${column} IS DISTINCT FROM ${value}`;
    case '$in':
      return inArray(column, value as unknown[]);
    case '$nin':
      return notInArray(column, value as unknown[]);
    case '$gt':
      return gt(column, value);
    case '$gte':
      return gte(column, value);
    case '$lt':
      return lt(column, value);
    case '$lte':
      return lte(column, value);
  }
}

/** Violations of one request, thrown together; each description starts with its field and `separator`. */
export class ViolationList {
  readonly list: FieldViolation[] = [];
  constructor(private readonly separator: string) {}
  add(field: string, violatedRule: FieldViolation['violatedRule'], description: string): void {
    this.list.push({ field, violatedRule, description: `${field}${this.separator}${description}` });
  }
  throwIfAny(): void {
    if (this.list.length) throw new AppError('VALIDATION', this.list[0]!.description, { violations: this.list });
  }
}
