/** A value a query parameter can hold; nested objects and arrays are flattened by {@link toQueryString}. */
export type QueryValue =
  string | number | boolean | Date | null | undefined | QueryValue[] | { [key: string]: QueryValue };
/** Query parameters of a request. */
export type QueryParams = Record<string, QueryValue>;

/** A GET whose query string is longer than this switches to its fallback request (SPEC §7, §9). */
export const MAX_GET_QUERY_LENGTH = 4000;

/**
 * Serializes query parameters (without the leading `?`), in the form `application/x-www-form-urlencoded`:
 * - nested objects become dotted keys: `{ paging: { limit: 10 } }` → `paging.limit=10`;
 * - arrays of scalars become repeated keys: `{ fieldsets: ['PUBLIC', 'FULL'] }` → `fieldsets=PUBLIC&fieldsets=FULL`;
 * - arrays of objects get an index: `{ sort: [{ fieldName: 'a' }] }` → `sort[0].fieldName=a`;
 * - dates become ISO strings, booleans `true`/`false`; `undefined` and `null` are left out.
 *
 * @example
 * toQueryString({ paging: { limit: 10, offset: 0 }, fieldsets: ['FULL'] });
 * // 'paging.limit=10&paging.offset=0&fieldsets=FULL'
 */
export function toQueryString(params: QueryParams | undefined): string {
  const out = new URLSearchParams();
  if (params) for (const key of Object.keys(params)) append(out, key, params[key]);
  return out.toString();
}

function append(out: URLSearchParams, key: string, value: QueryValue): void {
  if (value === undefined || value === null) return;
  if (value instanceof Date) {
    out.append(key, value.toISOString());
  } else if (Array.isArray(value)) {
    value.forEach((item, i) =>
      append(out, item !== null && typeof item === 'object' && !(item instanceof Date) ? `${key}[${i}]` : key, item),
    );
  } else if (typeof value === 'object') {
    for (const k of Object.keys(value)) append(out, `${key}.${k}`, value[k]);
  } else {
    out.append(key, String(value));
  }
}

/**
 * True when a GET with this query string must use its fallback request instead (longer than 4000 characters).
 *
 * @example
 * needsFallback('a=1'); // false
 * needsFallback('q=' + 'x'.repeat(4000)); // true
 */
export function needsFallback(queryString: string): boolean {
  return queryString.length > MAX_GET_QUERY_LENGTH;
}
