import { useQuery } from '@tanstack/react-query';
import {
  createCheckoutTemplate,
  deleteCheckoutTemplate,
  getCheckoutSettings,
  listCheckoutTemplates,
  updateCheckoutSettings,
  updateCheckoutTemplate,
  type CheckoutTemplateInput,
  type UpdateCheckoutSettingsRequest,
} from '@plaza/sdk/ecom';

import { callMethod, storeKeys, usePlazaClient, useStoreChange } from '../api.js';

const settingsKey = () => [...storeKeys.all(), 'checkout-settings'] as const;

export function useCheckoutSettings() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: settingsKey(),
    queryFn: () => callMethod(plaza, getCheckoutSettings).then((r) => r.checkoutSettings),
  });
}

/**
 * Whether canceling or refunding puts the items back in stock unless the owner says otherwise: the checkout
 * setting "Restock action" (RESTOCK, the default, or DECREASE), as the server applies it (order.restock-default).
 */
export function useRestockByDefault(): boolean {
  return useCheckoutSettings().data?.restockAction !== 'DECREASE';
}

export const useUpdateCheckoutSettings = () =>
  useStoreChange(settingsKey(), (plaza, changes: UpdateCheckoutSettingsRequest['checkoutSettings']) =>
    callMethod(plaza, updateCheckoutSettings, {
      checkoutSettings: changes,
      fieldMask: { paths: Object.keys(changes) },
    }),
  );

const templatesKey = () => [...storeKeys.all(), 'checkout-templates'] as const;

export function useCheckoutTemplates() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: templatesKey(),
    queryFn: () => callMethod(plaza, listCheckoutTemplates, { limit: 100 }),
  });
}

export const useCreateTemplate = () =>
  useStoreChange(templatesKey(), (plaza, template: CheckoutTemplateInput) =>
    callMethod(plaza, createCheckoutTemplate, template),
  );

export const useSetTemplateActive = () =>
  useStoreChange(templatesKey(), (plaza, v: { id: string; active: boolean }) =>
    callMethod(plaza, updateCheckoutTemplate, v.id, {
      checkoutTemplate: { status: v.active ? 'ACTIVE' : 'INACTIVE' },
      fieldMask: { paths: ['status'] },
    }),
  );

export const useDeleteTemplate = () =>
  useStoreChange(templatesKey(), (plaza, id: string) => callMethod(plaza, deleteCheckoutTemplate, id));
