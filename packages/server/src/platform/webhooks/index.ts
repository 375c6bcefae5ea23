// Webhooks: subscriptions to domain events, delivered signed with retries; the signing key also signs app calls.
export { nudgeDeliveries } from './nudge.js';
export { webhookRoutes } from './routes.js';
export { allowPrivateTargets } from './settings.js';
export { ensureWebhookKey, signAppJwt } from './signing.js';
export { checkTarget } from './targets.js';
export { startDeliveryWorker, type DeliveryWorker } from './worker.js';
export { webhookMetrics, type WebhookMetrics } from './metrics.js';
