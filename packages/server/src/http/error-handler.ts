import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@plaza/contracts';
import { AppError } from './errors.js';
import { toFieldViolations } from './validation.js';

/** Fastify's own errors that are the caller's fault, mapped to our shape. */
function fromFastifyError(err: FastifyError): AppError | undefined {
  if (err.validation) {
    const violations = toFieldViolations(err.validation, err.validationContext ?? 'body');
    const first = violations[0];
    return new AppError('VALIDATION', first ? `Invalid request: ${first.description}` : 'Invalid request', {
      violations,
    });
  }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('VALIDATION', 'The request body is not valid JSON', { applicationCode: 'MALFORMED_JSON' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large', {
        applicationCode: 'PAYLOAD_TOO_LARGE',
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Content-Type; send application/json', {
        applicationCode: 'UNSUPPORTED_MEDIA_TYPE',
      });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('VALIDATION', 'Content-Length does not match the body', {
        applicationCode: 'BAD_CONTENT_LENGTH',
      });
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return new AppError('VALIDATION', err.message, { applicationCode: err.code ?? 'BAD_REQUEST' });
  }
  return undefined;
}

/**
 * Every error leaves as `{ message, details }`. Unknown failures become a generic 500: the cause is logged
 * with the request id and never sent to the caller.
 */
export function errorHandler(err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = err instanceof AppError ? err : fromFastifyError(err as FastifyError);
  if (!appError) {
    req.log.error({ err }, 'unhandled error');
    const body: ErrorBody = {
      message: 'Internal server error',
      details: { applicationError: { code: 'INTERNAL', description: `Something went wrong; request id ${req.id}` } },
    };
    return reply.status(500).send(body);
  }
  if (appError.status >= 500) req.log.error({ err }, appError.message);
  for (const [k, v] of Object.entries(appError.options.headers ?? {})) reply.header(k, v);
  return reply.status(appError.status).send(appError.toBody());
}
