import type { FieldViolation, ViolatedRule } from '@plaza/contracts';
import type { FastifySchemaValidationError } from 'fastify';

const RULE_BY_KEYWORD: Record<string, ViolatedRule> = {
  required: 'REQUIRED_FIELD',
  maxLength: 'MAX_LENGTH',
  minLength: 'MIN_LENGTH',
  maximum: 'MAX',
  exclusiveMaximum: 'MAX',
  minimum: 'MIN',
  exclusiveMinimum: 'MIN',
  maxItems: 'MAX_SIZE',
  maxProperties: 'MAX_SIZE',
  minItems: 'MIN_SIZE',
  minProperties: 'MIN_SIZE',
  format: 'FORMAT',
  pattern: 'FORMAT',
  type: 'FORMAT',
  enum: 'INVALID_ENUM_VALUE',
  const: 'INVALID_ENUM_VALUE',
  additionalProperties: 'FIELD_NOT_ALLOWED',
};

/** `/site/signInPolicy/captchaMode` → `site.signInPolicy.captchaMode`; array indexes stay as `items[2]`. */
function toFieldPath(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (child) parts.push(child);
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}

function describe(e: FastifySchemaValidationError, field: string): string {
  const p = e.params;
  switch (e.keyword) {
    case 'required':
      return `${field} is required`;
    case 'additionalProperties':
      return `${field} is not allowed here`;
    case 'enum':
      return `${field} must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'maxLength':
      return `${field} must be at most ${String(p.limit)} characters`;
    case 'minLength':
      return p.limit === 1 ? `${field} must not be empty` : `${field} must be at least ${String(p.limit)} characters`;
    case 'type':
      return `${field} must be ${p.type === 'integer' ? 'an integer' : `a ${String(p.type)}`}`;
    default:
      return `${field || 'request'} ${e.message ?? 'is invalid'}`;
  }
}

/** Turns Ajv errors into the spec's field violations, one per field and rule. */
export function toFieldViolations(errors: FastifySchemaValidationError[], context: string): FieldViolation[] {
  const seen = new Set<string>();
  const out: FieldViolation[] = [];
  for (const e of errors) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue; // the branch errors say more
    const p = e.params as Record<string, string>;
    const child =
      e.keyword === 'required'
        ? p.missingProperty
        : e.keyword === 'additionalProperties'
          ? p.additionalProperty
          : undefined;
    const field = toFieldPath(e.instancePath, child) || context;
    const violatedRule = RULE_BY_KEYWORD[e.keyword] ?? 'VALIDATION';
    const key = `${field}|${violatedRule}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field, violatedRule, description: describe(e, field) });
  }
  return out;
}

/** Query strings with more keys than this are refused before any route sees them. */
export const MAX_QUERY_PARAMETERS = 200;

/**
 * PostgreSQL cannot store U+0000 in text and UTF-8 cannot encode a lone surrogate. Without this check such a
 * string reaches the database, fails there and answers 500; here it is a 400 naming the field.
 */
// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function isStorable(s: string): boolean {
  return !UNSTORABLE.test(s);
}

interface Visit {
  value: unknown;
  key?: string | number;
  parent?: Visit;
}

function fieldPath(visit: Visit): string {
  const parts: (string | number)[] = [];
  for (let v: Visit | undefined = visit; v?.key !== undefined; v = v.parent) parts.unshift(v.key);
  return parts.reduce<string>((acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}

/**
 * Keys and values are checked, however deep (a loop, not recursion: a body may nest thousands of levels); a bad key
 * is named by its parent, since its own text is what cannot be shown. Returns the field path, '' for the top level.
 */
function findUnstorable(root: unknown): string | undefined {
  const stack: Visit[] = [{ value: root }];
  while (stack.length) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (!isStorable(value)) return fieldPath(visit);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: visit });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [key] of entries) if (!isStorable(key)) return fieldPath(visit);
      for (let i = entries.length - 1; i >= 0; i--) {
        stack.push({ value: entries[i]![1], key: entries[i]![0], parent: visit });
      }
    }
  }
  return undefined;
}

/**
 * The checks every route gets before its schema runs, whatever the route: no text the database cannot store
 * (in path, query or body, JSON or form) and a bounded number of query parameters.
 * Returns the violation to refuse the request with, or undefined.
 */
export function checkRequestText(parts: {
  params: unknown;
  query: unknown;
  body: unknown;
}): FieldViolation | undefined {
  if (parts.query && typeof parts.query === 'object' && Object.keys(parts.query).length > MAX_QUERY_PARAMETERS) {
    return {
      field: 'querystring',
      violatedRule: 'MAX_SIZE',
      description: `querystring must have at most ${MAX_QUERY_PARAMETERS} parameters`,
    };
  }
  for (const [part, value] of Object.entries(parts)) {
    const bad = findUnstorable(value);
    if (bad === undefined) continue;
    const field = bad || (part === 'body' ? 'body' : part);
    return {
      field,
      violatedRule: 'FORMAT',
      description: `${field} contains a character that cannot be stored (a NUL character or a broken surrogate)`,
    };
  }
  return undefined;
}
