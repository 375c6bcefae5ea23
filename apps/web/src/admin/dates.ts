import { useSite } from '@plaza/react';
import { formatDateTime } from '../lib/format.js';

/** Formats ISO dates in the site's locale and time zone (the browser's until the site is loaded). */
export function useDateFormat(): (iso: string | null | undefined) => string {
  const { data: site } = useSite();
  return (iso) => {
    if (!iso) return '—';
    if (site) return formatDateTime(iso, site);
    const d = new Date(iso);
    return Number.isNaN(d.getTime())
      ? iso
      : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
  };
}

/** The day only ("Mar 1, 2025") for narrow table columns; the full date and time go in a tooltip. */
export function useShortDate(): (iso: string) => string {
  const { data: site } = useSite();
  return (iso) => {
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return iso;
    try {
      return new Intl.DateTimeFormat(site?.locale, { dateStyle: 'medium', timeZone: site?.timeZone }).format(d);
    } catch {
      return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(d);
    }
  };
}
