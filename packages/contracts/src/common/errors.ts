import { Type, type Static } from 'typebox';
import { StringEnum } from './schema.js';

/** Validation kinds from the spec (§5). `violatedRule` of a field violation is always one of these. */
export const VIOLATED_RULES = [
  'VALIDATION',
  'OTHER',
  'MAX',
  'MIN',
  'MAX_LENGTH',
  'MIN_LENGTH',
  'MAX_SIZE',
  'MIN_SIZE',
  'FORMAT',
  'DECIMAL_LTE',
  'DECIMAL_GTE',
  'DECIMAL_LT',
  'DECIMAL_GT',
  'DECIMAL_MAX_SCALE',
  'INVALID_ENUM_VALUE',
  'REQUIRED_FIELD',
  'FIELD_NOT_ALLOWED',
  'ONE_OF_ALIGNMENT',
  'EXACT_LENGTH',
  'EXACT_SIZE',
  'REQUIRED_ONE_OF_FIELD',
] as const;
export type ViolatedRule = (typeof VIOLATED_RULES)[number];

export const FieldViolation = Type.Object({
  field: Type.String(),
  description: Type.String(),
  violatedRule: StringEnum(VIOLATED_RULES),
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type FieldViolation = Static<typeof FieldViolation>;

export const ApplicationError = Type.Object({
  code: Type.String(),
  description: Type.String(),
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type ApplicationError = Static<typeof ApplicationError>;

/**
 * The body of every non-2xx response (DESIGN.md §3). OAuth endpoints also carry RFC 6749 §5.2's `error` and
 * `error_description`, so standard OAuth/OIDC client libraries understand them.
 */
export const ErrorBody = Type.Object({
  message: Type.String(),
  error: Type.Optional(Type.String()),
  error_description: Type.Optional(Type.String()),
  details: Type.Object({
    applicationError: Type.Optional(ApplicationError),
    validationError: Type.Optional(Type.Object({ fieldViolations: Type.Array(FieldViolation) })),
  }),
});
export type ErrorBody = Static<typeof ErrorBody>;
