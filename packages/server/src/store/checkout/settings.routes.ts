import { CheckoutSettingsResponse, UpdateCheckoutSettingsRequest } from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { getCheckoutSettings, updateCheckoutSettings } from './settings.service.js';
import { errorResponses } from '../../http/error-responses.js';

const tags = ['checkout settings'];
const errors = errorResponses();

export function settingsRoutes(app: App): void {
  app.get(
    '/ecom/v1/checkout-settings',
    {
      schema: {
        tags,
        summary: 'Get checkout and order settings',
        description:
          'Anyone may read them: the hosted checkout page shows the logo, policies and custom fields from here.',
        response: { 200: CheckoutSettingsResponse },
      },
      config: { access: 'public' },
    },
    async (req) => ({ checkoutSettings: await getCheckoutSettings(req.ctx) }),
  );

  app.patch(
    '/ecom/v1/checkout-settings',
    {
      schema: {
        tags,
        summary: 'Update checkout and order settings',
        description:
          'Owner or `ecom` API keys. Only the paths in `fieldMask.paths` change. INACTIVE refuses new checkouts ' +
          '(409 CHECKOUT_INACTIVE); custom field keys must be unique.',
        body: UpdateCheckoutSettingsRequest,
        response: { 200: CheckoutSettingsResponse, ...errors },
      },
      config: { access: { admin: ['OWNER'], scope: 'ecom' } },
    },
    async (req) => ({ checkoutSettings: await updateCheckoutSettings(req.ctx, req.body) }),
  );
}
