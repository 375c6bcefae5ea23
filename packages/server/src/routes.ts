import type { App } from './http/types.js';
import { apiKeyRoutes, oauthClientRoutes } from './platform/apps/index.js';
import { catalogRoutes } from './store/catalog/index.js';
import { cartRoutes } from './store/cart/index.js';
import { discountsRoutes } from './store/discounts/index.js';
import { shippingRoutes } from './store/shipping/index.js';
import { taxRoutes } from './store/tax/index.js';
import { giftCardsRoutes } from './store/gift-cards/index.js';
import { tipsRoutes } from './store/tips/index.js';
import { abandonedCheckoutRoutes } from './store/abandoned-checkouts/index.js';
import { fulfillmentRoutes, orderEditRoutes, orderMetrics, orderRoutes } from './store/orders/index.js';
import { subscriptionRoutes } from './store/subscriptions/index.js';
import { membershipActionRoutes, planRoutes } from './store/plans/index.js';
import { paymentRequestRoutes } from './store/payment-requests/index.js';
import { invoiceRoutes, orderInvoicePdf } from './store/invoices/index.js';
import { collectorRoutes, getOrderTransactions, stripeRoutes, tokenizeTestCard } from './store/payments/index.js';
import { checkoutRoutes, createCheckoutFromCart } from './store/checkout/index.js';
import { backInStockRoutes } from './store/back-in-stock/index.js';
import {
  enterpriseMediaRoutes,
  mediaFileRoutes,
  mediaFolderRoutes,
  mediaUploadRoutes,
} from './platform/media/index.js';
import { recommendationsRoutes } from './store/recommendations/index.js';
import { captchaRoutes } from './platform/captcha/index.js';
import { healthRoutes, readyRoutes } from './platform/health/index.js';
import { metricsRoutes } from './platform/metrics/index.js';
import { jobMetrics, jobRoutes } from './platform/jobs/index.js';
import { authRoutes, identityAdminRoutes, mfaRoutes } from './platform/identity/index.js';
import { mailRoutes } from './platform/mail/index.js';
import { membersRoutes } from './platform/members/index.js';
import { authorizeRoutes, discoveryRoutes, oauthRoutes } from './platform/oauth/index.js';
import { redirectRoutes } from './platform/redirects/index.js';
import { reviewRoutes } from './platform/reviews/index.js';
import { servicePluginRoutes } from './platform/service-plugins/index.js';
import { siteRoutes } from './platform/site/index.js';
import { ssoRoutes } from './platform/sso/index.js';
import { webConfigRoutes } from './platform/web/index.js';
import { webhookMetrics, webhookRoutes } from './platform/webhooks/index.js';

/** Every domain's routes. Add a domain here and its routes, schemas and docs come with it. */
export async function registerRoutes(app: App): Promise<void> {
  healthRoutes(app);
  readyRoutes(app);
  metricsRoutes(app, { jobs: jobMetrics, webhooks: webhookMetrics, orders: orderMetrics });
  oauthRoutes(app);
  authorizeRoutes(app);
  discoveryRoutes(app);
  redirectRoutes(app);
  ssoRoutes(app);
  siteRoutes(app);
  apiKeyRoutes(app);
  oauthClientRoutes(app);
  webConfigRoutes(app);
  authRoutes(app);
  mfaRoutes(app);
  identityAdminRoutes(app);
  captchaRoutes(app);
  mailRoutes(app);
  jobRoutes(app);
  membersRoutes(app);
  reviewRoutes(app);
  servicePluginRoutes(app);
  webhookRoutes(app);
  catalogRoutes(app);
  cartRoutes(app, { createCheckoutFromCart });
  discountsRoutes(app);
  shippingRoutes(app);
  taxRoutes(app);
  giftCardsRoutes(app);
  tipsRoutes(app);
  checkoutRoutes(app);
  backInStockRoutes(app);
  abandonedCheckoutRoutes(app);
  // Order routes that answer from payments and invoices get those answers here (orders imports neither).
  orderRoutes(app, { tokenizeTestCard, orderInvoicePdf, getOrderTransactions });
  orderEditRoutes(app);
  subscriptionRoutes(app);
  planRoutes(app);
  membershipActionRoutes(app);
  paymentRequestRoutes(app);
  invoiceRoutes(app);
  fulfillmentRoutes(app);
  collectorRoutes(app);
  await stripeRoutes(app);
  recommendationsRoutes(app);
  mediaFileRoutes(app);
  mediaFolderRoutes(app);
  enterpriseMediaRoutes(app);
  await mediaUploadRoutes(app);
}
