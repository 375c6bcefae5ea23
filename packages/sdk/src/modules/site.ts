import type { GetSiteResponse, Site, SitePatch } from '@plaza/contracts';
import { defineMethod } from '../core/method.js';

export type { GetSiteResponse, Site, SitePatch };

/**
 * Reads the site's settings (name, currency, locale, time zone, sign-in policy). Any caller may read them.
 *
 * @example
 * const { site } = await client.site.getSite();
 */
export const getSite = defineMethod<[], GetSiteResponse>({
  argumentNames: [],
  request: () => ({ method: 'GET', path: '/site/v1/site' }),
});

/**
 * Changes the site fields named in `fieldMask` (paths such as `name` or `signInPolicy.captchaMode`); needs the
 * `site.manage` scope or an owner. An unknown path is a `FIELD_NOT_ALLOWED` violation.
 *
 * @example
 * const { site } = await admin.site.updateSite({ currency: 'EUR' }, ['currency']);
 */
export const updateSite = defineMethod<[site: SitePatch, fieldMask: string[]], GetSiteResponse>({
  argumentNames: ['site', 'fieldMask'],
  request: (site, fieldMask) => ({
    method: 'PATCH',
    path: '/site/v1/site',
    body: { site, fieldMask: { paths: fieldMask } },
  }),
});

/**
 * The site module: `import { site } from '@plaza/sdk/site'`, then `createClient({ ..., modules: { site } })`.
 *
 * @example
 * const client = createClient({ baseUrl, auth, modules: { site } });
 */
export const site = { getSite, updateSite };
