import type { App } from './http/types.js';
import { apiKeyRoutes } from './modules/apps/api-keys.routes.js';
import { oauthClientRoutes } from './modules/apps/oauth-clients.routes.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { captchaRoutes } from './modules/captcha/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { jobRoutes } from './modules/jobs/routes.js';
import { identityAdminRoutes } from './modules/identity/admin.routes.js';
import { authRoutes } from './modules/identity/auth.routes.js';
import { mfaRoutes } from './modules/identity/mfa.routes.js';
import { mailRoutes } from './modules/mail/routes.js';
import { membersRoutes } from './modules/members/routes.js';
import { authorizeRoutes } from './modules/oauth/authorize.routes.js';
import { discoveryRoutes } from './modules/oauth/discovery.routes.js';
import { oauthRoutes } from './modules/oauth/routes.js';
import { redirectRoutes } from './modules/redirects/routes.js';
import { reviewRoutes } from './modules/reviews/routes.js';
import { servicePluginRoutes } from './modules/service-plugins/routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { ssoRoutes } from './modules/sso/routes.js';
import { webConfigRoutes } from './modules/web/routes.js';
import { webhookRoutes } from './modules/webhooks/routes.js';

/** Every domain's routes. Add a domain here and its routes, schemas and docs come with it. */
export async function registerRoutes(app: App): Promise<void> {
  healthRoutes(app);
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
}
