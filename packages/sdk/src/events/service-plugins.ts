import type {
  ServicePluginMethodOf,
  ServicePluginRequest,
  ServicePluginResponse,
  ServicePluginType,
} from '@plaza/contracts';
import { verifyJwt, type KeyOptions } from './jwt.js';

/** What Plaza tells the app about a call besides the request. */
export interface ServicePluginMetadata {
  requestId: string;
  implementationId: string;
}

/** An implementation of a plugin type: one function per method of the type. */
export type ServicePluginImplementation<T extends ServicePluginType> = {
  [M in ServicePluginMethodOf<T>]?: (
    request: ServicePluginRequest<M>,
    metadata: ServicePluginMetadata,
  ) => ServicePluginResponse<M> | Promise<ServicePluginResponse<M>>;
};

/**
 * Throw this from an implementation to answer with an application error: Plaza shows `description` to the shopper or
 * owner (as an error, or as a violation for VALIDATIONS) and keeps `code` and `status`.
 */
export class ServicePluginError extends Error {
  constructor(
    readonly code: string,
    readonly status = 400,
    description?: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(description ?? code);
    this.name = 'ServicePluginError';
  }
}

/** The answer to send back: `status` and a JSON `body`. */
export interface ServicePluginAnswer {
  status: number;
  body: unknown;
}

export interface ServicePlugins {
  /** Registers the implementation of a plugin type. A second one for the same type throws. */
  define<T extends ServicePluginType>(type: T, implementation: ServicePluginImplementation<T>): ServicePlugins;
  /**
   * Verifies Plaza's request (the JWT body), runs the implementation's method and returns the answer to send.
   * Throws `JWT is not valid`, or `no service plugin implementation found` for a type or method not defined here.
   */
  process(jwt: string, keys: KeyOptions): Promise<ServicePluginAnswer>;
}

interface CallClaims {
  pluginType: ServicePluginType;
  method: string;
  request: unknown;
  metadata: ServicePluginMetadata;
}

/** A fresh registry of implementations (use one per app; `servicePlugins` is a ready-made one). */
export function createServicePlugins(): ServicePlugins {
  const impls = new Map<string, Record<string, (request: unknown, metadata: ServicePluginMetadata) => unknown>>();
  const self: ServicePlugins = {
    define(type, implementation) {
      if (impls.has(type)) throw new Error('multiple implementations are unsupported');
      impls.set(type, implementation as never);
      return self;
    },
    async process(jwt, keys) {
      const call = await verifyJwt<CallClaims>(jwt, keys);
      const impl = impls.get(call.pluginType);
      // Own methods only: a method name such as `toString` must not reach Object.prototype.
      const fn = impl && Object.hasOwn(impl, call.method) ? impl[call.method] : undefined;
      if (typeof fn !== 'function') throw new Error('no service plugin implementation found');
      try {
        return { status: 200, body: await fn(call.request, call.metadata) };
      } catch (err) {
        if (!(err instanceof ServicePluginError)) throw err;
        const applicationError = { code: err.code, description: err.message, ...(err.data ? { data: err.data } : {}) };
        return { status: err.status, body: { message: err.message, details: { applicationError } } };
      }
    },
  };
  return self;
}
