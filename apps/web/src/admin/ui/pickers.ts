import type { ComboboxOption } from './Combobox.js';

// Option lists for the settings pickers, from the browser's own Intl data (names in the reader's language).

const names = (type: 'currency' | 'language') => {
  try {
    return new Intl.DisplayNames(undefined, { type });
  } catch {
    return undefined;
  }
};

let currencies: ComboboxOption[] | undefined;
/** Every ISO 4217 currency the browser knows: "Euro" with "EUR". */
export function currencyOptions(): ComboboxOption[] {
  const display = names('currency');
  currencies ??= Intl.supportedValuesOf('currency')
    .map((code) => ({ value: code, label: display?.of(code) ?? code, detail: code }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return currencies;
}

let zones: ComboboxOption[] | undefined;
/** Every IANA time zone: "Europe / Berlin" with its offset now ("GMT+1"). */
export function timeZoneOptions(now = new Date()): ComboboxOption[] {
  zones ??= Intl.supportedValuesOf('timeZone').map((zone) => ({
    value: zone,
    label: zone.replaceAll('_', ' ').replaceAll('/', ' / '),
    detail: offsetOf(zone, now),
  }));
  // UTC is not in every browser's list, yet it is a common choice.
  if (!zones.some((z) => z.value === 'UTC')) zones.unshift({ value: 'UTC', label: 'UTC', detail: 'GMT' });
  return zones;
}

function offsetOf(timeZone: string, now: Date): string {
  try {
    const parts = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(now);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

// There is no Intl list of locales: these are the language-and-region pairs stores use most.
const LOCALES = [
  'ar-EG',
  'ar-SA',
  'bg-BG',
  'bn-BD',
  'ca-ES',
  'cs-CZ',
  'da-DK',
  'de-AT',
  'de-CH',
  'de-DE',
  'el-GR',
  'en-AU',
  'en-CA',
  'en-GB',
  'en-IE',
  'en-IN',
  'en-NZ',
  'en-SG',
  'en-US',
  'en-ZA',
  'es-AR',
  'es-CL',
  'es-CO',
  'es-ES',
  'es-MX',
  'es-US',
  'et-EE',
  'fa-IR',
  'fi-FI',
  'fil-PH',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'fr-FR',
  'he-IL',
  'hi-IN',
  'hr-HR',
  'hu-HU',
  'id-ID',
  'is-IS',
  'it-CH',
  'it-IT',
  'ja-JP',
  'ko-KR',
  'lt-LT',
  'lv-LV',
  'ms-MY',
  'nb-NO',
  'nl-BE',
  'nl-NL',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'sk-SK',
  'sl-SI',
  'sr-RS',
  'sv-SE',
  'sw-KE',
  'th-TH',
  'tr-TR',
  'uk-UA',
  'ur-PK',
  'vi-VN',
  'zh-CN',
  'zh-HK',
  'zh-TW',
];

/** Language-and-region choices named in words: "German (Germany)" with "de-DE"; the current one is always in. */
export function localeOptions(current?: string): ComboboxOption[] {
  const display = names('language');
  const tags = current && !LOCALES.includes(current) ? [current, ...LOCALES] : LOCALES;
  return tags
    .map((tag) => ({ value: tag, label: display?.of(tag) ?? tag, detail: tag }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
