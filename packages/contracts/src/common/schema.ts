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

/** Field mask of a PATCH body: only the listed paths change. */
export const FieldMask = Type.Object(
  { paths: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);
