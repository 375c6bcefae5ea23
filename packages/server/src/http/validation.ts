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
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `${field} is required`;
    case 'additionalProperties':
      return `${field} is not allowed here`;
    case 'enum':
      return `${field} must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'maxLength':
      return `${field} must be at most ${p.limit} characters`;
    case 'minLength':
      return p.limit === 1 ? `${field} must not be empty` : `${field} must be at least ${p.limit} characters`;
    case 'type':
      return `${field} must be ${p.type === 'integer' ? 'an integer' : `a ${p.type}`}`;
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
const MAX_DEPTH = 64;

/**
 * PostgreSQL cannot store U+0000 in text and UTF-8 cannot encode a lone surrogate. Without this check such a
 * string reaches the database, fails there and answers 500; here it is a 400 naming the field.
 */
// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function isStorable(s: string): boolean {
  return !UNSTORABLE.test(s);
}

/** Keys and values are checked; a bad key is named by its parent (its own text is what cannot be shown). */
function findUnstorable(value: unknown, field: string, depth = 0): string | undefined {
  if (typeof value === 'string') return isStorable(value) ? undefined : field;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = findUnstorable(value[i], `${field}[${i}]`, depth + 1);
      if (bad) return bad;
    }
    return undefined;
  }
  for (const [key, child] of Object.entries(value)) {
    if (!isStorable(key)) return field;
    const bad = findUnstorable(child, field ? `${field}.${key}` : key, depth + 1);
    if (bad) return bad;
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
    const bad = findUnstorable(value, '');
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
