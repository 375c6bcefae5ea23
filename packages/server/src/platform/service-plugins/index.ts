// Service plugins: apps that answer the store's questions (tax, shipping, validations) over signed HTTP calls.
export { callServicePlugin, type ServicePluginResult } from './call.js';
export { responseOrFallback, taxOrFallback } from './fallbacks.js';
export { servicePluginRoutes } from './routes.js';
