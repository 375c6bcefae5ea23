export * from './common/errors.js';
export * from './common/schema.js';
export * from './common/paths.js';
export * from './site/site.js';
export * from './oauth/token.js';
export * from './apps/api-keys.js';
export * from './apps/oauth-clients.js';
export * from './identity/identity.js';
export * from './identity/auth.js';
export * from './identity/admin.js';
export * from './identity/captcha.js';
export * from './identity/mfa.js';
export * from './mail/mailbox.js';

/** Response header carrying the request id. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** Response header of writes; the SDK echoes the last value so reads see the caller's own writes. */
export const CONSISTENCY_HEADER = 'x-plaza-consistency';
export * from './redirects/redirect-session.js';
export * from './sso/connections.js';
export * from './members/member.js';
export * from './members/bulk.js';
export * from './members/reports.js';
export * from './reviews/review.js';
export * from './reviews/requests.js';
export * from './jobs/job.js';
export * from './service-plugins/spis.js';
export * from './service-plugins/implementations.js';
export * from './events/types.js';
export * from './events/envelope.js';
export * from './events/catalogue.js';
export * from './webhooks/subscriptions.js';
export * from './webhooks/deliveries.js';
export * from './catalog/product.js';
export * from './catalog/collection.js';
export * from './ecom/index.js';
export * from './media/index.js';
export * from './graphql/request.js';
