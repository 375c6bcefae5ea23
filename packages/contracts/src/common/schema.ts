import { Type, type TUnsafe } from 'typebox';

/**
 * A string enum as plain JSON Schema `{ type: 'string', enum: [...] }`.
 * A union of literals would make Ajv report one error per branch; `enum` gives one clear INVALID_ENUM_VALUE.
 */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** ISO 8601 UTC date-time string. */
export const DateString = Type.String({ format: 'date-time' });

/** When a stored entity was made and last changed: spread into its object schema. */
export const Timestamps = { createdDate: DateString, updatedDate: DateString };

/** Field mask of a PATCH body: only the listed paths change. */
export const FieldMask = Type.Object(
  { paths: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);

/**
 * The deepest offset any list accepts. Every integer a request carries has a maximum that fits a 32-bit column: an
 * unbounded one (`offset=1e20`) would pass validation and fail in the database as a 500.
 */
export const MAX_PAGE_OFFSET = 1_000_000;

/** A page size: 1 to `maximum` (100 unless a list allows more). */
export const PageLimit = (opts: { maximum?: number; default?: number } = {}) =>
  Type.Integer({
    minimum: 1,
    maximum: opts.maximum ?? 100,
    ...(opts.default !== undefined ? { default: opts.default } : {}),
  });

/** An offset into a list: 0 to MAX_PAGE_OFFSET. */
export const PageOffset = (opts: { default?: number } = {}) =>
  Type.Integer({ minimum: 0, maximum: MAX_PAGE_OFFSET, ...opts });
