import type { ErrorBody, FieldViolation } from '@plaza/contracts';

/** Error codes the services raise. One table below maps each to an HTTP status. */
export type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'CONFLICT'
  | 'GONE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RANGE_NOT_SATISFIABLE'
  | 'RATE_LIMITED'
  /** Not ready to serve (a readiness probe): the caller may try again, or another node. */
  | 'UNAVAILABLE'
  | 'INVALID_GRANT'
  | 'INVALID_CLIENT'
  | 'UNSUPPORTED_GRANT_TYPE'
  | 'INTERNAL';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION: 400,
  INVALID_GRANT: 400,
  INVALID_CLIENT: 400,
  UNSUPPORTED_GRANT_TYPE: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** RFC 6749 §5.2 error codes: errors with these application codes also carry `error`/`error_description`. */
const OAUTH_ERROR_CODES = new Set([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
]);

/**
 * The one error type services throw. `applicationCode` is the wire `applicationError.code`
 * (defaults to the ErrorCode); `violations` become `validationError.fieldViolations`.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: {
      applicationCode?: string;
      data?: Record<string, unknown>;
      violations?: FieldViolation[];
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }

  toBody(): ErrorBody {
    if (this.options.violations?.length) {
      return { message: this.message, details: { validationError: { fieldViolations: this.options.violations } } };
    }
    const oauth = OAUTH_ERROR_CODES.has(this.options.applicationCode ?? '')
      ? { error: this.options.applicationCode!, error_description: this.message }
      : {};
    return {
      message: this.message,
      ...oauth,
      details: {
        applicationError: {
          code: this.options.applicationCode ?? this.code,
          description: this.message,
          ...(this.options.data ? { data: this.options.data } : {}),
        },
      },
    };
  }
}

/** A 400 naming one field and the rule it broke. */
export function violation(
  field: string,
  violatedRule: FieldViolation['violatedRule'],
  description: string,
  data?: Record<string, unknown>,
): AppError {
  return new AppError('VALIDATION', `${field}: ${description}`, {
    violations: [{ field, violatedRule, description, ...(data ? { data } : {}) }],
  });
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
