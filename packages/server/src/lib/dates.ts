/** The fields of the site that decide how a date reads. */
export interface DateSite {
  locale: string;
  timeZone?: string | null;
}

/**
 * A day as every screen, e-mail and document of the store writes it: the site's locale and time zone, medium style
 * ("Nov 27, 2026" in en-US), the same as the web app's `formatDay`. Falls back to en-US and UTC when the runtime does
 * not know the locale or zone.
 */
export function siteDay(date: Date | string, site: DateSite): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  try {
    return new Intl.DateTimeFormat(site.locale, { dateStyle: 'medium', timeZone: site.timeZone ?? 'UTC' }).format(d);
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
  }
}
