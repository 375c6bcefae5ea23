import { ErrorBody, GetSiteResponse, UpdateSiteRequest } from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { getSite, updateSite } from './service.js';

export function siteRoutes(app: App): void {
  app.get(
    '/site/v1/site',
    {
      schema: {
        tags: ['site'],
        summary: "The site's settings",
        description: 'Name, currency, locale, time zone and sign-in policies. Any caller may read them.',
        response: { 200: GetSiteResponse, 401: ErrorBody },
      },
      config: { access: { visitor: true, member: true, admin: ['OWNER', 'CONTRIBUTOR'], scope: 'any' } },
    },
    async (req) => ({ site: await getSite(req.ctx) }),
  );

  app.patch(
    '/site/v1/site',
    {
      schema: {
        tags: ['site'],
        summary: "Update the site's settings",
        description: 'Only the paths in `fieldMask.paths` change. For the owner and API keys with `site.manage`.',
        body: UpdateSiteRequest,
        response: { 200: GetSiteResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: { admin: ['OWNER'], scope: 'site.manage' } },
    },
    async (req) => ({ site: await updateSite(req.ctx, req.body) }),
  );
}
