// Abandoned checkouts: found by the sweep, reminded by mail, recovered by the order that follows.
export { recoveredOnPlacement } from './on-placement.js';
export { hadReminderOut } from './recovery.sql.js';
export { abandonedCheckoutJobHandlers } from './reminder.jobs.js';
export { abandonedCheckoutRoutes } from './routes.js';
export { startAbandonedCheckoutSweeper } from './sweep.js';
