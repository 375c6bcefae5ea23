import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Ctx } from '../kernel/context.js';
import type { Access, Caller } from '../kernel/caller.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Built by the auth hook before the handler runs. */
    ctx: Ctx;
  }
  interface FastifyContextConfig {
    /** Who may call this route; required on every route (checked when the route is added). */
    access?: Access;
  }
  interface FastifyInstance {
    /** The caller an `Authorization` header names at `now` (app.ts supplies the modules' credential checks). */
    resolveCaller(header: string | undefined, now: Date): Promise<Caller>;
  }
}

/** The Fastify instance routes are registered on: TypeBox schemas type the handlers. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
