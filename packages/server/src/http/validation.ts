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
