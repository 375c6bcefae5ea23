import { useEffect, type ReactNode } from 'react';
import { useSite } from '@plaza/react';

/** The tab's title of a dashboard page: "Members · Dashboard · My shop". */
export function dashboardTitle(page: string, siteName: string | undefined): string {
  return [page, 'Dashboard', siteName || 'Plaza'].join(' · ');
}

/**
 * A dashboard page's heading: title, one line on what the page is for, and the page's main actions on the right
 * (below the title on phones). It also names the browser tab after the page.
 */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const siteName = useSite().data?.name;
  useEffect(() => {
    document.title = dashboardTitle(title, siteName);
  }, [title, siteName]);
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description && <p className="mt-1 text-sm text-neutral-600">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
