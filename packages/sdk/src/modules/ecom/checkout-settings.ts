import type { CheckoutSettingsResponse, UpdateCheckoutSettingsRequest } from '@plaza/contracts';
import { defineMethod } from '../../core/method.js';
import { listMethod } from '../../core/crud.js';

export type { CheckoutSettings, CheckoutSettingsResponse, UpdateCheckoutSettingsRequest } from '@plaza/contracts';

const PATH = '/ecom/v1/checkout-settings';

/**
 * The checkout and order settings (anyone may read them: the hosted checkout shows the logo, policies and custom
 * fields).
 *
 * @example
 * const { checkoutSettings } = await client.checkoutSettings.getCheckoutSettings();
 * if (checkoutSettings.status === 'INACTIVE') showClosedNotice();
 */
export const getCheckoutSettings = listMethod<CheckoutSettingsResponse>(PATH);

/**
 * Changes the paths in `fieldMask.paths` (owner or `ecom` API key).
 *
 * @example
 * await client.checkoutSettings.updateCheckoutSettings({
 *   checkoutSettings: { logo: { url: 'https://example.com/logo.png', size: 'SMALL', alignment: 'CENTER' } },
 *   fieldMask: { paths: ['logo'] },
 * });
 */
export const updateCheckoutSettings = defineMethod<[request: UpdateCheckoutSettingsRequest], CheckoutSettingsResponse>({
  argumentNames: ['request'],
  request: (body) => ({ method: 'PATCH', path: PATH, body }),
});

/**
 * The checkout settings module: `import { checkoutSettings } from '@plaza/sdk/ecom'`.
 *
 * @example
 * const client = createClient({ baseUrl, auth, modules: { checkoutSettings } });
 */
export const checkoutSettings = { getCheckoutSettings, updateCheckoutSettings };
