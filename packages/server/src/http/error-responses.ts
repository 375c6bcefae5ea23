import { ErrorBody } from '@plaza/contracts';

type ExtraStatus = 404 | 409 | 429;

/**
 * A route's error answers for its response schema, `response: { 200: X, ...errors }`: every route can refuse bad
 * input (400) and the wrong caller (401/403); name the others it can give (not found, conflict, rate limited).
 */
export function errorResponses<E extends ExtraStatus = never>(
  ...extra: E[]
): Record<400 | 401 | 403 | E, typeof ErrorBody> {
  const answers: Partial<Record<number, typeof ErrorBody>> = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
  for (const status of extra) answers[status] = ErrorBody;
  return answers as Record<400 | 401 | 403 | E, typeof ErrorBody>;
}
