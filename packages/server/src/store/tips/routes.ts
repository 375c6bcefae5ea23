import { TipSettingsResponse, UpdateTipSettingsRequest } from '@plaza/contracts';
import { hasScope, type Access } from '../../kernel/caller.js';
import type { App } from '../../http/types.js';
import { getTipSettings, updateTipSettings } from './service.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers, routeOptions } from '../../http/route-options.js';

/**
 * Reading: anyone (the checkout page shows the presets; staff only to managers). Changing: the owner and `ecom` keys.
 */
const readers: Access = { visitor: true, member: true, scope: 'any' };

const route = routeOptions({ tags: ['tips'], errors: errorResponses(404), access: ecomManagers });

export function tipsRoutes(app: App): void {
  app.get(
    '/ecom/v1/tip-settings',
    route({
      summary: 'Get the tip settings',
      description: 'Whether tips are on, the presets (one may be the default), custom tips, and the staff split.',
      response: TipSettingsResponse,
      access: readers,
    }),
    async (req) => {
      const settings = await getTipSettings(req.ctx);
      const c = req.ctx.caller;
      const manager = (c.type === 'MEMBER' && c.role === 'OWNER') || hasScope(c, 'ecom');
      // Buyers see the presets; who shares the tips is the merchant's business.
      return { tipSettings: manager ? settings : { ...settings, staff: [] } };
    },
  );
  app.patch(
    '/ecom/v1/tip-settings',
    route({
      summary: 'Update the tip settings',
      description:
        'Only the paths in `fieldMask.paths` change (lists are replaced whole). Preset and staff ids are unique; ' +
        'at most one default preset; a percentage is at most 100; amounts have the site currency decimals.',
      body: UpdateTipSettingsRequest,
      response: TipSettingsResponse,
    }),
    async (req) => ({ tipSettings: await updateTipSettings(req.ctx, req.body) }),
  );
}
