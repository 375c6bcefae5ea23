// OAuth 2.0 / OIDC: clients, signing keys, authorization codes and tokens. Other modules and root files reach it here.
export { authorizeRoutes, isRegisteredReturn } from './authorize.routes.js';
export { canSignIn, checkAuthorizeRequest, redirectUriProblem, type AuthorizeParams } from './authorize.service.js';
export {
  allClientOrigins,
  createOAuthClient,
  deleteOAuthClient,
  listOAuthClients,
  redirectUriMatches,
  requireOAuthClient,
  updateOAuthClient,
} from './clients.service.js';
export { discoveryRoutes } from './discovery.routes.js';
export { KeyStore } from './keys.js';
export { sendErrorPage, sendHostedPage } from './respond.js';
export {
  identitiesHoldingTokens,
  isClientOrigin,
  revokeIdentityTokens,
  revokeSessionTokens,
} from './session-tokens.js';
export { insertRedirectSession, loginSessionReturn } from './redirect-sessions.js';
export { oauthRoutes } from './routes.js';
export { isVisitorRevoked } from './visitor-revocation.js';
export { onVisitorSignedIn } from './visitor-sign-in.js';
export { ensureWebClient, WEB_CLIENT_ID, webClientUris } from './web-client.js';
