import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GetSiteResponse } from '@plaza/contracts';
import { moduleOf, usePlaza } from './context.js';

/** The part of an SDK client these queries need: a client created with `modules: { site }`. */
export interface SiteClient {
  site: { getSite(): Promise<GetSiteResponse> };
}

export const siteQueries = {
  all: () => ['plaza', 'site'] as const,
  site: (client: SiteClient) =>
    queryOptions({
      queryKey: siteQueries.all(),
      queryFn: () =>
        moduleOf(client, 'site')
          .getSite()
          .then((r) => r.site),
    }),
};

/** The site's public settings (name, currency, locale, time zone, sign-in policy). */
export function useSite() {
  return useQuery(siteQueries.site(usePlaza<SiteClient>()));
}
