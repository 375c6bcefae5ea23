import type { Config } from '../config/index.js';

/** What building a web URL needs: the config only, so a request's ctx, a transaction and a bare config all serve. */
type WithUrls = { config: Pick<Config, 'publicUrl' | 'devWebOrigin'> };

/**
 * The web app's origin: the storefront, the hosted checkout and login, product and order pages live there. In
 * `npm run dev` that is the Vite server (`devWebOrigin`); otherwise the public URL the API is served at.
 */
export const webBase = (ctx: WithUrls): string => ctx.config.devWebOrigin ?? ctx.config.publicUrl;
