import type { ErrorBody } from '@plaza/contracts';

const BRAND = Symbol.for('plaza.error');

/** The `details` object of a Plaza error body: an application error or a list of field violations. */
export type PlazaErrorDetails = ErrorBody['details'];

/**
 * The error every failed Plaza call throws: the HTTP `status`, the server's `message` and `details`
 * (`applicationError` or `validationError`) and the `requestId` from the `x-request-id` response header.
 * Module calls also attach the call's `argumentNames`.
 *
 * @example
 * try {
 *   await client.site.updateSite({ currency: 'euro' }, ['currency']);
 * } catch (e) {
 *   if (isPlazaError(e)) console.log(e.status, e.details.validationError?.fieldViolations, e.requestId);
 * }
 */
export class PlazaError extends Error {
  /** HTTP status of the response, or 0 when there was no response. */
  readonly status: number;
  /** The server's error details; an empty object when the body had none. */
  readonly details: PlazaErrorDetails;
  /** The `x-request-id` response header, or '' when the response had none. */
  readonly requestId: string;
  /** Names of the arguments of the module call that failed (set by the client). */
  argumentNames?: string[];
  readonly [BRAND] = true;

  /**
   * @example
   * throw new PlazaError('Not found', 404, {}, 'req-1');
   */
  constructor(message: string, status: number, details: PlazaErrorDetails = {}, requestId = '') {
    super(message);
    this.name = 'PlazaError';
    this.status = status;
    this.details = details;
    this.requestId = requestId;
  }
}

/**
 * True when `e` is a {@link PlazaError}, also across copies of the SDK bundled twice.
 *
 * @example
 * catch (e) { if (isPlazaError(e) && e.status === 404) showNotFound(); }
 */
export function isPlazaError(e: unknown): e is PlazaError {
  return typeof e === 'object' && e !== null && (e as { [BRAND]?: boolean })[BRAND] === true;
}

/**
 * Reads the request id of a response (`x-request-id`), or '' when absent.
 *
 * @example
 * const id = requestIdOf(await fetch(url));
 */
export function requestIdOf(res: Response): string {
  return res.headers.get('x-request-id') ?? '';
}

/**
 * Parses an error body text as `{ message, details }`; anything else gives `undefined`.
 *
 * @example
 * parseErrorBody('{"message":"Not found","details":{}}'); // { message: 'Not found', details: {} }
 */
export function parseErrorBody(text: string): Partial<ErrorBody> | undefined {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Builds a {@link PlazaError} from a non-2xx response: `{ message, details }` from a JSON body,
 * otherwise the status text. `message` overrides the body's message when given.
 *
 * @example
 * if (!res.ok) throw await errorFromResponse(res);
 */
export async function errorFromResponse(res: Response, message?: string, text?: string): Promise<PlazaError> {
  const bodyText = text ?? (await res.text().catch(() => ''));
  const body = parseErrorBody(bodyText);
  const details = body?.details && typeof body.details === 'object' ? body.details : {};
  const serverMessage = typeof body?.message === 'string' && body.message ? body.message : res.statusText;
  return new PlazaError(
    message ?? (serverMessage || `Request failed with status ${res.status}`),
    res.status,
    details,
    requestIdOf(res),
  );
}
