import { createClient, localStorageAdapter, OAuthStrategy } from '@plaza/sdk';
import { members } from '@plaza/sdk/members';
import { reviews } from '@plaza/sdk/reviews';
import { site } from '@plaza/sdk/site';
import type { PlazaConfig } from './config.js';

/**
 * The app's one SDK client. Tokens live in localStorage, so a visitor or member keeps their session across reloads,
 * and the tabs of a browser share them (one refresh for all tabs). Add modules here as screens need them.
 */
export function createPlazaClient(config: PlazaConfig) {
  return createClient({
    baseUrl: config.baseUrl,
    auth: OAuthStrategy({
      clientId: config.clientId,
      storage: localStorageAdapter(),
      // The web app's registered redirect URI for the flows that stay on the page (direct and silent login).
      redirectUri: `${window.location.origin}/auth/callback`,
    }),
    modules: { site, members, reviews },
  });
}

export type PlazaClient = ReturnType<typeof createPlazaClient>;

// Lets usePlaza() return the typed client without a type argument.
declare module '@plaza/react' {
  interface Register {
    client: PlazaClient;
  }
}
