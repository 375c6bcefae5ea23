export { ApiKeyStrategy } from './api-key.js';
export { oauthError, parseFromUrl, type OAuthFlowError } from './authorization-response.js';
export { shareAcrossTabs, type CrossTabEnv } from './cross-tab.js';
// The member sign-in code is loaded by OAuthStrategy on first use; only its types are exported here, so that
// importing this index does not pull that code into a page's first chunk.
export type {
  CaptchaSettings,
  CaptchaTokens,
  FactorType,
  LoginErrorCode,
  LoginIdentity,
  LoginParams,
  LoginResponseBody,
  LoginState,
  LoginStateResult,
  RegisterParams,
} from './login-state.js';
export type { VerifyFactorParams } from './member-login.js';
export type { AuthUrlOptions } from './redirect-login.js';
export { OAuthStrategy, type OAuthStrategyOptions } from './oauth.js';
export type { OAuthData } from './pkce.js';
export { localStorageAdapter, memoryStorage, type TokenStorage } from './storage.js';
export { isRejection, requestTokens, withRetry } from './token-endpoint.js';
export {
  emptyTokens,
  hasValidAccessToken,
  isExpired,
  nowSeconds,
  tokensFromResponse,
  type AccessToken,
  type RefreshToken,
  type TokenRole,
  type Tokens,
} from './tokens.js';
