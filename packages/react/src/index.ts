export {
  PlazaProvider,
  usePlaza,
  createPlazaQueryClient,
  shouldRetry,
  type PlazaProviderProps,
  type Register,
  type RegisteredClient,
} from './context.js';
export { siteQueries, useSite, type SiteClient } from './site.js';
export { authStore, claimsOf, useAuth, type AuthClient, type AuthLike, type AuthMember, type UseAuth } from './auth.js';
