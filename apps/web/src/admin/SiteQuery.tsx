import type { ReactNode } from 'react';
import type { Site } from '@plaza/contracts';
import { useSite } from '@plaza/react';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { Skeleton } from '../ui/Skeleton.js';

// Pages import their header from here with the site's query states.
export { PageHeader } from './ui/PageHeader.js';

/** Loading, error and data states of the site query, shared by the dashboard screens. */
export function SiteQuery({ children }: { children: (site: Site) => ReactNode }) {
  const { data: site, error, refetch, isFetching, isPending } = useSite();
  if (isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the site settings" className="grid gap-4 lg:grid-cols-2">
        {[0, 1].map((i) => (
          <div key={i} className="space-y-3 rounded-lg border border-neutral-200 bg-white p-5">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ))}
      </div>
    );
  }
  if (error) return <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  return <>{children(site)}</>;
}

export function Facts({ rows }: { rows: Array<[label: string, value: ReactNode]> }) {
  return (
    <dl className="divide-y divide-neutral-100">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 py-2.5 text-sm sm:grid-cols-[11rem_1fr] sm:gap-4">
          <dt className="text-neutral-600">{label}</dt>
          <dd className="min-w-0 font-medium break-words text-neutral-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
