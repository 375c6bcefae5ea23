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
// Auth hooks (useAuth, sign-in/out mutations) arrive with the sign-in issue, in ./auth.ts.
