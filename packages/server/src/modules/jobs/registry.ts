import { abandonedCheckoutJobHandlers } from '../abandoned-checkouts/reminder.jobs.js';
import { downloadJobHandlers } from '../orders/downloads.js';
import { authorizationSweepJobHandlers } from '../payments/authorization-guard.js';
import { paymentOperationJobHandlers } from '../payments/operations.js';
import { scheduledPaymentJobHandlers } from '../payments/scheduled.jobs.js';
import { subscriptionJobHandlers } from '../subscriptions/renewal.jobs.js';
import { backInStockJobHandlers } from '../back-in-stock/notify.jobs.js';
import { memberJobHandlers } from '../members/bulk.jobs.js';
import { reviewJobHandlers } from '../reviews/requests.jobs.js';
import { mediaJobHandlers } from '../media/process.jobs.js';
import type { JobHandlers } from './worker.js';

/** Every job kind's handler, by domain. */
export const jobHandlers: JobHandlers = {
  ...memberJobHandlers,
  ...reviewJobHandlers,
  ...backInStockJobHandlers,
  ...abandonedCheckoutJobHandlers,
  ...scheduledPaymentJobHandlers,
  ...authorizationSweepJobHandlers,
  ...paymentOperationJobHandlers,
  ...downloadJobHandlers,
  ...subscriptionJobHandlers,
  ...mediaJobHandlers,
};
