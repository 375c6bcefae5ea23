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

type DateSite = Pick<Site, 'locale' | 'timeZone'>;

/**
 * The one place dates become text: in the site's locale and time zone, so every screen and every visitor sees the
 * store's dates the same way ("Nov 27, 2026" in en-US). Falls back to the browser's locale when the site is not
 * loaded yet or a locale or time zone is unknown to this browser, and to the raw text when it is not a date.
 */
export function formatDate(iso: string, site: DateSite | undefined, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  for (const [locale, timeZone] of [
    [site?.locale, site?.timeZone],
    [site?.locale, undefined],
    [undefined, undefined],
  ] as const) {
    try {
      return new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) }).format(date);
    } catch {
      // An unknown locale or time zone: try the next.
    }
  }
  return iso;
}

/** The day ("Nov 27, 2026"): lists, orders, reviews, subscriptions. */
export const formatDay = (iso: string, site?: DateSite) => formatDate(iso, site, { dateStyle: 'medium' });

/** Date and time ("Nov 27, 2026, 3:04 PM") in the site's own time zone, so the owner sees what customers see. */
export const formatDateTime = (iso: string, site?: DateSite) =>
  formatDate(iso, site, { dateStyle: 'medium', timeStyle: 'short' });

/** The locale's language, named in the viewer's own language (the dashboard reader, not the store's visitors). */
export function languageName(locale: string): string {
  try {
    return new Intl.DisplayNames(undefined, { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}
