import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SitePatch } from '@plaza/contracts';
import { siteQueries, usePlaza } from '@plaza/react';

/** PATCH /site/v1/site with the changed paths only; the cached site is replaced by the answer. */
export function useUpdateSite() {
  const client = usePlaza();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ patch, paths }: { patch: SitePatch; paths: string[] }) => client.site.updateSite(patch, paths),
    onSuccess: ({ site }) => queryClient.setQueryData(siteQueries.all(), site),
  });
}
