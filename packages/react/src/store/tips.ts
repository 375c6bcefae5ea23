import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { UpdateTipSettingsRequest } from '@plaza/contracts';
import { getTipSettings, updateTipSettings } from '@plaza/sdk/ecom';
import { call, invalidating, type FetchClient } from '../call.js';
import { shopQueries, storeQueries } from './roots.js';

export const tipQueries = {
  all: () => [...storeQueries.all(), 'tips'] as const,
  /** The owner's tip settings, staff included. */
  settings: (client: FetchClient) =>
    queryOptions({
      queryKey: tipQueries.all(),
      queryFn: () => call(client, getTipSettings).then((r) => r.tipSettings),
    }),
  /**
   * The presets a buyer may choose at checkout: a minute fresh, and not asked twice (without them the checkout
   * simply offers no tip).
   */
  shopSettings: (client: FetchClient) =>
    queryOptions({
      queryKey: [...shopQueries.all(), 'tip-settings'] as const,
      queryFn: () => call(client, getTipSettings).then((r) => r.tipSettings),
      staleTime: 60_000,
      retry: false,
    }),
};

export const tipMutations = {
  /** `tipSettings` holds only the changed settings: they become the field mask. */
  update: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, tipQueries.all(), (tipSettings: UpdateTipSettingsRequest['tipSettings']) =>
      call(client, updateTipSettings, tipSettings, Object.keys(tipSettings)),
    ),
};
