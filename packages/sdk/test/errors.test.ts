import { describe, expect, it } from 'vitest';
import { errorFromResponse, isPlazaError, parseErrorBody, PlazaError } from '../src/core/errors.js';

describe('PlazaError', () => {
  it('is an Error with status, message, details and requestId', () => {
    const e = new PlazaError('Nope', 403, { applicationError: { code: 'FORBIDDEN', description: 'no' } }, 'r1');
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('PlazaError');
    expect([e.status, e.message, e.requestId]).toEqual([403, 'Nope', 'r1']);
    expect(e.details.applicationError?.code).toBe('FORBIDDEN');
    expect(new PlazaError('x', 500).details).toEqual({});
  });

  it('isPlazaError tells PlazaErrors from other values, also across bundled copies', () => {
    expect(isPlazaError(new PlazaError('x', 400))).toBe(true);
    expect(isPlazaError(new Error('x'))).toBe(false);
    expect(isPlazaError({ status: 400, message: 'x' })).toBe(false);
    expect(isPlazaError(null)).toBe(false);
    expect(isPlazaError('x')).toBe(false);
    // A copy of the class from another bundle carries the same global brand.
    expect(isPlazaError({ [Symbol.for('plaza.error')]: true })).toBe(true);
  });
});

describe('errorFromResponse', () => {
  it('takes message and details from a JSON error body and the request id from the header', async () => {
    const body = {
      message: 'Invalid site',
      details: {
        validationError: { fieldViolations: [{ field: 'site.currency', description: 'bad', violatedRule: 'FORMAT' }] },
      },
    };
    const res = new Response(JSON.stringify(body), {
      status: 400,
      statusText: 'Bad Request',
      headers: { 'x-request-id': 'abc' },
    });
    const e = await errorFromResponse(res);
    expect([e.status, e.message, e.requestId]).toEqual([400, 'Invalid site', 'abc']);
    expect(e.details).toEqual(body.details);
  });

  it('falls back to the status text when the body is not JSON', async () => {
    const e = await errorFromResponse(new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    expect([e.status, e.message, e.requestId]).toEqual([502, 'Bad Gateway', '']);
    expect(e.details).toEqual({});
  });

  it('still has a message without body or status text', async () => {
    const e = await errorFromResponse(new Response(null, { status: 503 }));
    expect(e.message).toBe('Request failed with status 503');
  });

  it('parseErrorBody accepts only JSON objects', () => {
    expect(parseErrorBody('{"message":"m"}')).toEqual({ message: 'm' });
    expect(parseErrorBody('[1]')).toBeUndefined();
    expect(parseErrorBody('nope')).toBeUndefined();
  });
});
