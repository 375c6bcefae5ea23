import { abandonedCheckoutJobHandlers } from './store/abandoned-checkouts/index.js';
import { downloadJobHandlers } from './store/orders/index.js';
import {
  authorizationSweepJobHandlers,
  paymentOperationJobHandlers,
  scheduledPaymentJobHandlers,
  stripeSessionJobHandlers,
} from './store/payments/index.js';
import { subscriptionJobHandlers } from './store/subscriptions/index.js';
import { backInStockJobHandlers } from './store/back-in-stock/index.js';
import { memberJobHandlers } from './platform/members/index.js';
import { reviewJobHandlers } from './platform/reviews/index.js';
import { mediaJobHandlers } from './platform/media/index.js';
import type { JobHandlers } from './platform/jobs/index.js';

/** Every job kind's handler, by domain: the composition root hands them to the worker, so jobs/ imports no module. */
export const jobHandlers: JobHandlers = {
  ...memberJobHandlers,
  ...reviewJobHandlers,
  ...backInStockJobHandlers,
  ...abandonedCheckoutJobHandlers,
  ...scheduledPaymentJobHandlers,
  ...authorizationSweepJobHandlers,
  ...paymentOperationJobHandlers,
  ...stripeSessionJobHandlers,
  ...downloadJobHandlers,
  ...subscriptionJobHandlers,
  ...mediaJobHandlers,
};
