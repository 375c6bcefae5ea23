import { createClient, OAuthStrategy } from '@plaza/sdk';
import { site } from '@plaza/sdk/site';
import type { PlazaConfig } from './config.js';

/** The app's one SDK client. Add modules here as screens need them; each is its own import. */
export function createPlazaClient(config: PlazaConfig) {
  return createClient({
    baseUrl: config.baseUrl,
    auth: OAuthStrategy({ clientId: config.clientId }),
    modules: { site },
  });
}

export type PlazaClient = ReturnType<typeof createPlazaClient>;

// Lets usePlaza() return the typed client without a type argument.
declare module '@plaza/react' {
  interface Register {
    client: PlazaClient;
  }
}
