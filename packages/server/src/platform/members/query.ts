import { and, asc, desc, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  ACTIVITY_STATUSES,
  LEGACY_MEMBER_STATUS_MAP,
  MEMBER_FILTER_FIELDS,
  MEMBER_ROLES,
  MEMBER_STATUSES,
  PRIVACY_STATUSES,
  type Fieldset,
  type MemberSort,
} from '@plaza/contracts';
import {
  FILTER_OPERATORS,
  isFilterOperator,
  operatorSql,
  UUID_PATTERN,
  ViolationList,
  type FilterOperator,
} from '../../lib/filter.js';
import { atLeast } from './view.js';
import { members } from './tables.js';

type FilterField = (typeof MEMBER_FILTER_FIELDS)[number];
type Kind = 'uuid' | 'text' | 'date' | readonly string[];

/**
 * Each filterable field: its column, what its values look like, and the fieldset a caller must be allowed to read
 * to filter or sort by it (a visitor can't narrow members down by e-mail or real name).
 */
const FIELDS: Record<FilterField, { column: AnyPgColumn; kind: Kind; needs: Fieldset }> = {
  id: { column: members.id, kind: 'uuid', needs: 'PUBLIC' },
  slug: { column: members.slug, kind: 'text', needs: 'PUBLIC' },
  status: { column: members.status, kind: MEMBER_STATUSES, needs: 'PUBLIC' },
  role: { column: members.role, kind: MEMBER_ROLES, needs: 'EXTENDED' },
  activityStatus: { column: members.activityStatus, kind: ACTIVITY_STATUSES, needs: 'EXTENDED' },
  privacyStatus: { column: members.privacyStatus, kind: PRIVACY_STATUSES, needs: 'PUBLIC' },
  loginEmail: { column: members.loginEmail, kind: 'text', needs: 'FULL' },
  'profile.nickname': { column: members.nickname, kind: 'text', needs: 'PUBLIC' },
  'contact.firstName': { column: members.firstName, kind: 'text', needs: 'FULL' },
  'contact.lastName': { column: members.lastName, kind: 'text', needs: 'FULL' },
  createdDate: { column: members.createdDate, kind: 'date', needs: 'PUBLIC' },
  updatedDate: { column: members.updatedDate, kind: 'date', needs: 'EXTENDED' },
  lastLoginDate: { column: members.lastLoginDate, kind: 'date', needs: 'EXTENDED' },
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Reported as `<field>: <description>`. */
const violations = () => new ViolationList(': ');

/** Reads one filter value of a field; undefined (and a violation) when it doesn't fit. Null matches missing values. */
function parseValue(kind: Kind, raw: unknown, field: string, v: ViolationList): string | Date | null | undefined {
  if (raw === null) return null;
  if (typeof raw !== 'string') {
    v.add(field, 'FORMAT', 'must be a string');
    return undefined;
  }
  if (typeof kind !== 'string') {
    const legacy =
      kind === MEMBER_STATUSES ? LEGACY_MEMBER_STATUS_MAP[raw as keyof typeof LEGACY_MEMBER_STATUS_MAP] : undefined;
    if (legacy) return legacy;
    if (kind.includes(raw)) return raw;
    const also =
      kind === MEMBER_STATUSES ? ` (or a legacy name: ${Object.keys(LEGACY_MEMBER_STATUS_MAP).join(', ')})` : '';
    v.add(field, 'INVALID_ENUM_VALUE', `must be one of: ${kind.join(', ')}${also}`);
    return undefined;
  }
  if (raw.length > 254) {
    v.add(field, 'MAX_LENGTH', 'must be at most 254 characters');
    return undefined;
  }
  if (kind === 'uuid' && !UUID_PATTERN.test(raw)) {
    v.add(field, 'FORMAT', 'must be a UUID');
    return undefined;
  }
  if (kind === 'date') {
    if (!ISO_DATE.test(raw) || Number.isNaN(Date.parse(raw))) {
      v.add(field, 'FORMAT', 'must be an ISO 8601 date-time such as 2026-01-31T00:00:00Z');
      return undefined;
    }
    return new Date(raw);
  }
  return kind === 'uuid' ? raw.toLowerCase() : raw;
}

/** A null value compares with the column's absence: `$eq: null` is IS NULL, `$ne: null` IS NOT NULL. */
function condition(column: AnyPgColumn, op: FilterOperator, value: unknown): SQL {
  if (value === null && op === '$eq') return isNull(column);
  if (value === null && op === '$ne') return isNotNull(column);
  return operatorSql(column, op, value);
}

/**
 * Turns a Mongo-like member filter into SQL on plain columns (so the status + sort-key indexes apply). Every problem
 * is reported at once, as violations named `<prefix>.<field>`.
 */
export function filterSql(filter: Record<string, unknown> | undefined, cap: Fieldset, prefix: string): SQL | undefined {
  const v = violations();
  const parts: SQL[] = [];
  for (const [name, spec] of Object.entries(filter ?? {})) {
    const path = `${prefix}.${name}`;
    const def = FIELDS[name as FilterField];
    if (!Object.hasOwn(FIELDS, name) || !def) {
      v.add(
        path,
        'FIELD_NOT_ALLOWED',
        `members can't be filtered by ${name}; filterable: ${MEMBER_FILTER_FIELDS.join(', ')}`,
      );
      continue;
    }
    if (!atLeast(cap, def.needs)) {
      v.add(path, 'FIELD_NOT_ALLOWED', `this caller can't filter members by ${name}`);
      continue;
    }
    const isOps = spec !== null && typeof spec === 'object' && !Array.isArray(spec);
    const ops = isOps ? Object.entries(spec as Record<string, unknown>) : [['$eq', spec] as const];
    if (!ops.length) v.add(path, 'REQUIRED_FIELD', `needs a value or an operator (${FILTER_OPERATORS.join(' ')})`);
    for (const [op, raw] of ops) {
      if (!isFilterOperator(op)) {
        v.add(`${path}.${op}`, 'FIELD_NOT_ALLOWED', `unknown operator; use one of ${FILTER_OPERATORS.join(' ')}`);
        continue;
      }
      const ordered = op === '$gt' || op === '$gte' || op === '$lt' || op === '$lte';
      if (ordered && typeof def.kind !== 'string') {
        v.add(`${path}.${op}`, 'FIELD_NOT_ALLOWED', `${name} is an enumeration: use $eq $ne $in $nin`);
        continue;
      }
      if (op === '$in' || op === '$nin') {
        if (!Array.isArray(raw) || raw.length === 0 || raw.length > 100) {
          v.add(path, 'FORMAT', `${op} takes an array of 1 to 100 values`);
          continue;
        }
        const values = raw.map((x) => parseValue(def.kind, x, path, v));
        if (values.includes(undefined)) continue;
        const present = values.filter((x) => x !== null);
        const withNull = present.length < values.length;
        let cond = present.length ? condition(def.column, op, present) : undefined;
        if (withNull) {
          const nullCond = op === '$in' ? isNull(def.column) : isNotNull(def.column);
          cond = cond ? (op === '$in' ? sql`(${cond} OR ${nullCond})` : and(cond, nullCond)) : nullCond;
        }
        parts.push(cond!);
        continue;
      }
      const value = parseValue(def.kind, raw, path, v);
      if (value === undefined) continue;
      if (value === null && ordered) {
        v.add(path, 'FORMAT', `${op} needs a value, not null`);
        continue;
      }
      parts.push(condition(def.column, op, value));
    }
  }
  v.throwIfAny();
  return parts.length ? and(...parts) : undefined;
}

/** `'%term%'` for LIKE, with LIKE's own wildcards escaped. */
export const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Free-text search. Readers of contact data search names, nickname and login e-mail (the generated search column);
 * others the nickname only, so a search can't confirm someone's e-mail or real name.
 */
export function searchSql(expression: string | undefined, cap: Fieldset): SQL | undefined {
  const term = expression?.trim();
  if (!term) return undefined;
  return atLeast(cap, 'FULL')
    ? sql`${members.searchText} LIKE ${likePattern(term)}`
    : sql`lower(${members.nickname}) LIKE ${likePattern(term)}`;
}

/**
 * ORDER BY of a member list: the asked sort keys on plain columns (default nickname A→Z), then `id` in the
 * direction of the last key, so pages never overlap and one index serves the whole order.
 */
export function orderSql(sort: readonly MemberSort[] | undefined, cap: Fieldset, prefix: string): SQL[] {
  const v = violations();
  const keys = sort?.length ? sort : [{ fieldName: 'profile.nickname' as const, order: 'ASC' as const }];
  const out: SQL[] = [];
  const seen = new Set<string>();
  for (const [i, s] of keys.entries()) {
    const def = FIELDS[s.fieldName];
    if (!atLeast(cap, def.needs)) {
      v.add(`${prefix}[${i}].fieldName`, 'FIELD_NOT_ALLOWED', `this caller can't sort members by ${s.fieldName}`);
      continue;
    }
    if (seen.has(s.fieldName)) continue;
    seen.add(s.fieldName);
    out.push(s.order === 'DESC' ? desc(def.column) : asc(def.column));
  }
  v.throwIfAny();
  out.push(keys.at(-1)!.order === 'DESC' ? desc(members.id) : asc(members.id));
  return out;
}
