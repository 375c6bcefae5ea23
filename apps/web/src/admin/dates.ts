import { useSite } from '@plaza/react';
import { formatDateTime, formatDay } from '../lib/format.js';

/** Formats ISO dates with their time in the site's locale and time zone (the browser's until the site is loaded). */
export function useDateFormat(): (iso: string | null | undefined) => string {
  const { data: site } = useSite();
  return (iso) => (iso ? formatDateTime(iso, site) : '—');
}

/** The day only ("Mar 1, 2025") for narrow table columns; the full date and time go in a tooltip. */
export function useShortDate(): (iso: string) => string {
  const { data: site } = useSite();
  return (iso) => formatDay(iso, site);
}
