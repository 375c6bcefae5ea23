import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER, type ErrorBody } from '@plaza/contracts';
import { AppError } from '../kernel/errors.js';
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
    case 'FST_ERR_BAD_URL':
      return new AppError('VALIDATION', 'The address is not valid: it has a broken %-escape', {
        applicationCode: 'BAD_URL',
      });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('VALIDATION', 'The address is too long: one of its parts exceeds the limit', {
        applicationCode: 'URI_TOO_LONG',
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
  const appError = err instanceof AppError ? err : fromFastifyError(err);
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
  // The framework's refusals keep their own 4xx (414, 413, 415…); the body is ours either way.
  const frameworkStatus = err instanceof AppError ? undefined : err.statusCode;
  const status = frameworkStatus && frameworkStatus >= 400 && frameworkStatus < 500 ? frameworkStatus : appError.status;
  return reply.status(status).send(appError.toBody());
}

/**
 * Refusals Fastify makes before routing (bad %-encoding, an over-long path parameter). They skip the onSend hook,
 * so the request id is set here.
 */
export function frameworkErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  reply.header(REQUEST_ID_HEADER, req.id);
  errorHandler(err, req, reply);
}

const CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    message: 'The request headers or address are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive' },
};

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers or URL over the size limit, malformed
 * HTTP). The answer is written on the socket directly, still in the error shape and with a request id.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: NodeJS.ErrnoException & { code?: string },
  socket: Socket,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[err.code ?? ''] ?? {
    status: 400,
    code: 'MALFORMED_REQUEST',
    message: 'The request is not valid HTTP',
  };
  const requestId = randomUUID();
  const body: ErrorBody = {
    message: known.message,
    details: { applicationError: { code: known.code, description: known.message } },
  };
  const json = JSON.stringify(body);
  this.log.debug({ err, requestId }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\n` +
        `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(json)}\r\n` +
        `${REQUEST_ID_HEADER}: ${requestId}\r\nconnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(err);
}
