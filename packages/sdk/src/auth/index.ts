export { ApiKeyStrategy } from './api-key.js';
export { OAuthStrategy, type OAuthStrategyOptions } from './oauth.js';
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
