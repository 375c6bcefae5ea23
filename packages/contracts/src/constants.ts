/**
 * The contracts' plain values, with no schemas: `import { REVIEW_LIMITS } from '@plaza/contracts/constants'`.
 * Importing a value from the package root would bring every TypeBox schema into a browser bundle (their top-level
 * `Type.Object(...)` calls can't be tree-shaken); types can come from the root, they are erased.
 * Limits and patterns live here so the server's schemas and the web app's form checks use the same numbers.
 */
export * from './common/patterns.js';
export * from './identity/tags.js';
export * from './identity/limits.js';
export * from './site/limits.js';
export * from './members/limits.js';
export * from './sso/limits.js';
export * from './apps/limits.js';
export * from './reviews/limits.js';
export * from './members/report-reasons.js';
export * from './events/types.js';
export * from './webhooks/limits.js';
export * from './service-plugins/limits.js';
export * from './ecom/event-types.js';
export * from './catalog/limits.js';
export * from './media/constants.js';
export * from './media/event-types.js';
export * from './common/address-lines.js';
export * from './ecom/line-words.js';
export * from './ecom/invoice-words.js';
export * from './plans/limits.js';
export * from './plans/event-types.js';
