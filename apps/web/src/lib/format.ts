import type { Site } from '@plaza/contracts';

// A locale from the server is validated, but a browser may still lack it; fall back rather than crash.
function safe<T>(make: (locale: string) => T, locale: string): T {
  try {
    return make(locale);
  } catch {
    return make('en-US');
  }
}

export function moneyFormat(site: Pick<Site, 'locale' | 'currency'>): Intl.NumberFormat {
  return safe((l) => new Intl.NumberFormat(l, { style: 'currency', currency: site.currency }), site.locale);
}

export interface CurrencyInfo {
  code: string;
  /** e.g. "US Dollar" */
  name: string;
  /** e.g. "$" */
  symbol: string;
  /** A sample amount, e.g. "$19.99" */
  example: string;
}

export function currencyInfo(site: Pick<Site, 'locale' | 'currency'>): CurrencyInfo {
  const fmt = moneyFormat(site);
  const symbol = fmt.formatToParts(0).find((p) => p.type === 'currency')?.value ?? site.currency;
  const name =
    safe((l) => new Intl.DisplayNames(l, { type: 'currency' }), site.locale).of(site.currency) ?? site.currency;
  return { code: site.currency, name, symbol, example: fmt.format(19.99) };
}

/** Date and time in the site's own time zone, so the owner sees what their customers see. */
export function formatDateTime(iso: string, site: Pick<Site, 'locale' | 'timeZone'>): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: site.timeZone };
  try {
    return safe((l) => new Intl.DateTimeFormat(l, options), site.locale).format(date);
  } catch {
    // An unknown time zone: show the browser's local time rather than nothing.
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
}

/** The locale's language, named in the viewer's own language (the dashboard reader, not the store's visitors). */
export function languageName(locale: string): string {
  try {
    return new Intl.DisplayNames(undefined, { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}
