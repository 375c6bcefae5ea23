import { queryOptions } from '@tanstack/react-query';
import { getTipSettings, updateTipSettings } from '@plaza/sdk/ecom';
import { call, type FetchClient } from '../call.js';
import { fieldQuery, patchingSettings } from '../factories.js';
import { shopQueries, storeQueries } from './roots.js';

export const tipQueries = {
  all: () => [...storeQueries.all(), 'tips'] as const,
  /** The owner's tip settings, staff included. */
  settings: (client: FetchClient) => fieldQuery(client, tipQueries.all(), getTipSettings, 'tipSettings'),
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
  update: patchingSettings(tipQueries.all(), updateTipSettings),
};
