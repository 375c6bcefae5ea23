import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../kernel/errors.js';

/**
 * Fastify answers a known path with the wrong method as 404. This keeps a second router of every route's
 * path so such requests get 405 with `Allow`, as HTTP asks.
 */
export class RouteIndex {
  #router = FindMyWay({ ignoreTrailingSlash: true });
  #methods = new Set<HTTPMethod>();

  add(method: string | string[], url: string): void {
    for (const m of Array.isArray(method) ? method : [method]) {
      if (m === 'HEAD' || m === 'OPTIONS') continue;
      this.#methods.add(m as HTTPMethod);
      // Duplicate registrations (same path, other plugin) are fine to skip.
      if (!this.#router.find(m as HTTPMethod, url)) this.#router.on(m as HTTPMethod, url, () => {});
    }
  }

  allowedMethods(path: string): string[] {
    return [...this.#methods].filter((m) => this.#router.find(m, path) !== null);
  }
}

export function notFoundHandler(index: RouteIndex) {
  return (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '/';
    const allowed = index.allowedMethods(path);
    if (allowed.length) {
      reply.header('allow', allowed.join(', '));
      throw new AppError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${path}; use ${allowed.join(', ')}`, {
        applicationCode: 'METHOD_NOT_ALLOWED',
      });
    }
    throw new AppError('NOT_FOUND', `No route for ${req.method} ${path.slice(0, 200)}`, {
      applicationCode: 'NOT_FOUND',
    });
  };
}
