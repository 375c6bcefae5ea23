import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  createCheckoutTemplate,
  deleteCheckoutTemplate,
  getCheckoutSettings,
  listCheckoutTemplates,
  updateCheckoutSettings,
  updateCheckoutTemplate,
  type CheckoutSettings,
  type UpdateCheckoutSettingsRequest,
} from '@plaza/sdk/ecom';
import { call, invalidating, type FetchClient } from '../call.js';
import { fieldQuery, invalidatingCall } from '../factories.js';
import { storeQueries } from './roots.js';

export const checkoutSettingsQueries = {
  settingsKey: () => [...storeQueries.all(), 'checkout-settings'] as const,
  templatesKey: () => [...storeQueries.all(), 'checkout-templates'] as const,
  settings: (client: FetchClient) =>
    fieldQuery(client, checkoutSettingsQueries.settingsKey(), getCheckoutSettings, 'checkoutSettings'),
  templates: (client: FetchClient) =>
    queryOptions({
      queryKey: checkoutSettingsQueries.templatesKey(),
      queryFn: () => call(client, listCheckoutTemplates, { limit: 100 }),
    }),
};

/**
 * Whether canceling or refunding puts the items back in stock unless the owner says otherwise: the checkout
 * setting "Restock action" (RESTOCK, the default, or DECREASE), as the server applies it (order.restock-default).
 */
export const restocksByDefault = (settings: Pick<CheckoutSettings, 'restockAction'> | undefined): boolean =>
  settings?.restockAction !== 'DECREASE';

export const checkoutSettingsMutations = {
  /** `changes` hold only the changed settings: they become the field mask. */
  update: (client: FetchClient, qc: QueryClient) =>
    invalidating(
      qc,
      checkoutSettingsQueries.settingsKey(),
      (changes: UpdateCheckoutSettingsRequest['checkoutSettings']) =>
        call(client, updateCheckoutSettings, { checkoutSettings: changes, fieldMask: { paths: Object.keys(changes) } }),
    ),
  createTemplate: invalidatingCall(checkoutSettingsQueries.templatesKey(), createCheckoutTemplate),
  setTemplateActive: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, checkoutSettingsQueries.templatesKey(), (v: { id: string; active: boolean }) =>
      call(client, updateCheckoutTemplate, v.id, {
        checkoutTemplate: { status: v.active ? 'ACTIVE' : 'INACTIVE' },
        fieldMask: { paths: ['status'] },
      }),
    ),
  deleteTemplate: invalidatingCall(checkoutSettingsQueries.templatesKey(), deleteCheckoutTemplate),
};
