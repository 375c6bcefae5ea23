import { useSite } from '@plaza/react';
import { formatDate, formatDay } from '../lib/format.js';

export { formatDay };

/** The day ("Nov 27, 2026") in the site's locale and time zone; the browser's until the site is loaded. */
export function useDayFormat(): (iso: string) => string {
  const { data: site } = useSite();
  return (iso) => formatDay(iso, site);
}

/** Any other date shape (a delivery slot's weekday and time), still in the site's locale and time zone. */
export function useDateFormat(options: Intl.DateTimeFormatOptions): (iso: string) => string {
  const { data: site } = useSite();
  return (iso) => formatDate(iso, site, options);
}
