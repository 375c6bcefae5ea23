import { useSite } from '@plaza/react';

/**
 * Formats an ISO date as a calendar date ("12 Mar 2026") in the site's locale and time zone, so every visitor sees
 * the store's dates the same way; the browser's until the site is loaded, the raw text if it is not a date.
 */
export function formatDay(iso: string, site?: { locale: string; timeZone: string }): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  for (const [locale, timeZone] of [
    [site?.locale, site?.timeZone],
    [undefined, undefined],
  ] as const) {
    try {
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(date);
    } catch {
      // An unknown locale or time zone: fall back to the browser's.
    }
  }
  return iso;
}

export function useDayFormat(): (iso: string) => string {
  const { data: site } = useSite();
  return (iso) => formatDay(iso, site);
}
