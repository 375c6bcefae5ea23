import type { MethodDescriptor } from '@plaza/sdk';
import type { PlazaClient } from '../plaza.js';

/**
 * Runs one SDK method through the app's client. Screens use the SDK's own method definitions (paths, bodies and
 * types live there), sent with `client.fetch`, so the storefront's client stays free of back-office modules.
 */
export function callMethod<A extends unknown[], R>(plaza: PlazaClient, method: MethodDescriptor<A, R>, ...args: A) {
  const { path, ...init } = method.request(...args);
  return plaza.fetch<R>(path, init);
}
