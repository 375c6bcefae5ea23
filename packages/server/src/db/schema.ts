// Every table, for Drizzle and drizzle-kit. Each domain owns its tables file.
export * from '../modules/site/tables.js';
export * from '../modules/oauth/tables.js';
export * from '../modules/apps/tables.js';
export * from '../modules/identity/tables.js';
export * from '../modules/mail/tables.js';
export * from '../modules/sso/tables.js';
export * from '../modules/members/tables.js';
export * from '../modules/reviews/tables.js';
export * from '../modules/jobs/tables.js';
export * from '../modules/events/tables.js';
export * from '../modules/webhooks/tables.js';
export * from '../modules/service-plugins/tables.js';
export * from '../modules/catalog/tables.js';
