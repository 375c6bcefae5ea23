import { and, isNotNull, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  AUTHOR_TYPES,
  MODERATION_STATUSES,
  REVIEW_FILTER_FIELDS,
  REVIEW_FILTER_MAX_JSON,
  type FieldViolation,
} from '@plaza/contracts';
import {
  FILTER_OPERATORS,
  isFilterOperator,
  operatorSql,
  UUID_PATTERN,
  ViolationList,
  type FilterOperator,
} from '../../lib/filter.js';
import { reviews } from './tables.js';

/**
 * The review filter language, Mongo-like: `{ entityId: 'p1', 'content.rating': { $gte: 4 } }`. A bare value means
 * `$eq`; operators are $eq $ne $in $nin $gt $gte $lt $lte, and `reply` takes only `{ $exists: true|false }`.
 * Every value is checked here (type, enum, UUID), so nothing malformed reaches SQL.
 */
type Kind = 'text' | 'rating' | 'uuid' | 'status' | 'authorType';

const FIELDS: Record<Exclude<(typeof REVIEW_FILTER_FIELDS)[number], 'reply'>, { col: AnyPgColumn; kind: Kind }> = {
  namespace: { col: reviews.namespace, kind: 'text' },
  entityId: { col: reviews.entityId, kind: 'text' },
  'content.rating': { col: reviews.rating, kind: 'rating' },
  'moderation.moderationStatus': { col: reviews.moderationStatus, kind: 'status' },
  'author.memberId': { col: reviews.authorMemberId, kind: 'uuid' },
  'author.authorType': { col: reviews.authorType, kind: 'authorType' },
};

const MAX_IN = 100;

function checkValue(kind: Kind, v: unknown, field: string, p: ViolationList): boolean {
  const bad = (rule: FieldViolation['violatedRule'], what: string) => (p.add(field, rule, what), false);
  switch (kind) {
    case 'text':
      return (typeof v === 'string' && v.length <= 200) || bad('FORMAT', 'must be a string of at most 200 characters');
    case 'rating':
      return (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 5) || bad('FORMAT', 'must be 1 to 5');
    case 'uuid':
      return (typeof v === 'string' && UUID_PATTERN.test(v)) || bad('FORMAT', 'must be a UUID');
    case 'status':
      return (
        (MODERATION_STATUSES as readonly unknown[]).includes(v) ||
        bad('INVALID_ENUM_VALUE', `must be one of: ${MODERATION_STATUSES.join(', ')}`)
      );
    case 'authorType':
      return (
        (AUTHOR_TYPES as readonly unknown[]).includes(v) ||
        bad('INVALID_ENUM_VALUE', `must be one of: ${AUTHOR_TYPES.join(', ')}`)
      );
  }
}

function condition(col: AnyPgColumn, op: FilterOperator, v: unknown): SQL {
  // author.memberId is NULL for contacts: "not in" includes them, as in Mongo.
  if (op === '$nin' && col === reviews.authorMemberId) return or(isNull(col), notInArray(col, v as unknown[]))!;
  return operatorSql(col, op, v);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Turns a filter into SQL conditions, or throws one 400 naming every bad field (`{prefix}.{field}…`). */
export function parseFilter(filter: Record<string, unknown> | undefined, prefix: string): SQL[] {
  // Reported as `<field> <description>`.
  const p = new ViolationList(' ');
  const out: SQL[] = [];
  if (filter && JSON.stringify(filter).length > REVIEW_FILTER_MAX_JSON) {
    p.add(prefix, 'MAX_SIZE', `must be at most ${REVIEW_FILTER_MAX_JSON} characters as JSON`);
    p.throwIfAny();
  }
  for (const [field, raw] of Object.entries(filter ?? {})) {
    const path = `${prefix}.${field}`;
    if (field === 'reply') {
      const exists = isPlainObject(raw) ? raw.$exists : undefined;
      if (!isPlainObject(raw) || Object.keys(raw).length !== 1 || typeof exists !== 'boolean') {
        p.add(path, 'FORMAT', 'takes only { "$exists": true } or { "$exists": false }');
      } else out.push(exists ? isNotNull(reviews.replyMessage) : isNull(reviews.replyMessage));
      continue;
    }
    const spec = FIELDS[field as keyof typeof FIELDS];
    if (!spec) {
      p.add(path, 'FIELD_NOT_ALLOWED', `cannot be filtered on; fields: ${REVIEW_FILTER_FIELDS.join(', ')}`);
      continue;
    }
    const ops: Record<string, unknown> = isPlainObject(raw) ? raw : { $eq: raw };
    if (!Object.keys(ops).length) p.add(path, 'FORMAT', 'needs a value or an operator');
    for (const [op, v] of Object.entries(ops)) {
      const opPath = isPlainObject(raw) ? `${path}.${op}` : path;
      if (!isFilterOperator(op)) {
        p.add(opPath, 'FIELD_NOT_ALLOWED', `is not an operator; operators: ${FILTER_OPERATORS.join(' ')}`);
        continue;
      }
      if (op === '$in' || op === '$nin') {
        if (!Array.isArray(v) || v.length === 0 || v.length > MAX_IN) {
          p.add(opPath, 'FORMAT', `must be an array of 1 to ${MAX_IN} values`);
          continue;
        }
        if (v.every((x, i) => checkValue(spec.kind, x, `${opPath}[${i}]`, p))) {
          out.push(condition(spec.col, op, v));
        }
        continue;
      }
      if (checkValue(spec.kind, v, opPath, p)) out.push(condition(spec.col, op, v));
    }
  }
  p.throwIfAny();
  return out;
}

export const allOf = (conditions: Array<SQL | undefined>): SQL | undefined => and(...conditions.filter(Boolean));
