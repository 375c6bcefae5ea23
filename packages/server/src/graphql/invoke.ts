import type { FastifyRequest } from 'fastify';
import { checkAccess } from '../kernel/caller.js';
import { AppError } from '../kernel/errors.js';
import { requestValidator } from '../http/schema-compilers.js';
import { checkRequestText, toFieldViolations } from '../http/validation.js';
import { afterSuccessfulWrite } from '../write-effects.js';
import type { Operation } from './operations.js';

type Validate = ReturnType<typeof requestValidator>;
type Part = 'params' | 'querystring' | 'body' | 'headers';

/** What a handler may do with its reply, kept so the field can answer with it. */
class CapturedReply {
  statusCode = 200;
  sent = false;
  payload: unknown;
  readonly headers: Record<string, string | string[]> = {};
  constructor(readonly request: unknown) {}
  code(status: number) {
    this.statusCode = status;
    return this;
  }
  status(status: number) {
    return this.code(status);
  }
  header(name: string, value: string) {
    const key = name.toLowerCase();
    const had = this.headers[key];
    this.headers[key] = key === 'set-cookie' && had ? [had, value].flat() : value;
    return this;
  }
  getHeader(name: string) {
    return this.headers[name.toLowerCase()];
  }
  hasHeader(name: string) {
    return name.toLowerCase() in this.headers;
  }
  send(payload?: unknown) {
    this.payload = payload;
    this.sent = true;
    return this;
  }
}

/** A route's request parts, as its handler would find them after Fastify parsed and validated them. */
export interface CallParts {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/**
 * Calls one REST route's handler for a GraphQL field, in process: the route's access check, the text check every
 * route gets, its own schema validation (Ajv, the same options and the same field violations), its preValidation
 * hooks, then its handler with the GraphQL request's context. Errors are thrown as the route would answer them.
 */
export class RouteCaller {
  private readonly validators = new Map<Part, Validate>();

  constructor(private readonly op: Operation) {}

  private validate(part: Part, data: unknown): void {
    const schema = part === 'querystring' ? this.op.querystring : this.op[part];
    if (!schema) return;
    let validate = this.validators.get(part);
    if (!validate) this.validators.set(part, (validate = requestValidator(schema, part)));
    if (validate(data, { parentData: {}, parentDataProperty: '', rootData: data, instancePath: '' })) return;
    const violations = toFieldViolations((validate.errors ?? []) as never, part);
    const first = violations[0];
    throw new AppError('VALIDATION', first ? `Invalid request: ${first.description}` : 'Invalid request', {
      violations,
    });
  }

  /** Runs the route; `outer` is the GraphQL HTTP request (its caller, headers and log). */
  async call(outer: FastifyRequest, parts: CallParts): Promise<{ payload: unknown; cookies?: string | string[] }> {
    checkAccess(this.op.access, outer.ctx.caller);
    const bad = checkRequestText({ params: parts.params, query: parts.query, body: parts.body });
    if (bad) throw new AppError('VALIDATION', `Invalid request: ${bad.description}`, { violations: [bad] });
    const req = {
      ctx: { ...outer.ctx },
      params: parts.params,
      query: parts.query,
      body: parts.body,
      headers: outer.headers,
      id: outer.id,
      log: outer.log,
      ip: outer.ip,
      method: this.op.method,
      url: this.op.url,
      server: outer.server,
      raw: outer.raw,
      routeOptions: { url: this.op.url, method: this.op.method, config: { access: this.op.access } },
    };
    this.validate('params', req.params);
    this.validate('querystring', req.query);
    this.validate('headers', req.headers);
    this.validate('body', req.body);
    const reply = new CapturedReply(req);
    for (const hook of this.op.preValidation) await hook(req, reply);
    const returned = await this.op.handler.call(outer.server, req, reply);
    const payload = reply.sent ? reply.payload : returned;
    if (reply.statusCode >= 400) throw new AppError('INTERNAL', 'The route answered an error without throwing');
    afterSuccessfulWrite(this.op.method, this.op.url);
    const cookies = reply.headers['set-cookie'];
    return { payload: payload ?? {}, ...(cookies ? { cookies } : {}) };
  }
}
