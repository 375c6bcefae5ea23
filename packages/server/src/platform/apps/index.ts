// The site's apps: API keys and OAuth client administration. Root files reach it here.
export { API_KEY_PREFIX, authenticateApiKey, createApiKey } from './api-keys.service.js';
export { apiKeyRoutes } from './api-keys.routes.js';
export { oauthClientRoutes } from './oauth-clients.routes.js';
