/**
 * `@plaza/sdk/events`: for an app's own server. Verify and handle Plaza's webhooks, and implement service plugins.
 * Zero dependencies, Web Crypto only (Node 20+, Deno, Bun, edge runtimes).
 */
import { createServicePlugins } from './service-plugins.js';
import { createWebhooks } from './webhooks.js';

export { JWT_NOT_VALID, verifyJwt, type KeyOptions, type PublicKeyInput } from './jwt.js';
export { createWebhooks, type Webhooks, type WebhookEvent, type WebhookEventType } from './webhooks.js';
export {
  createServicePlugins,
  ServicePluginError,
  type ServicePluginAnswer,
  type ServicePluginImplementation,
  type ServicePluginMetadata,
  type ServicePlugins,
} from './service-plugins.js';

/** The app's webhook handlers. */
export const webhooks = /* @__PURE__ */ createWebhooks();
/** The app's service plugin implementations. */
export const servicePlugins = /* @__PURE__ */ createServicePlugins();
