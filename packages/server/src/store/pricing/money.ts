import type { Money } from '@plaza/contracts';
import { violation } from '../../kernel/errors.js';

// Building an Intl.NumberFormat costs far more than using one (tens of µs): one per locale and currency, kept.
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.NumberFormat(locale, { style: 'currency', currency })));
  return f;
}

/** How many decimals a currency has (USD 2, JPY 0, KWD 3), from ISO 4217 data in Intl. */
const decimalsByCurrency = new Map<string, number>();
export function currencyDecimals(currency: string): number {
  let d = decimalsByCurrency.get(currency);
  if (d === undefined) {
    d = formatter('en', currency).resolvedOptions().maximumFractionDigits ?? 2;
    decimalsByCurrency.set(currency, d);
  }
  return d;
}

/**
 * "19.99" in USD → 1999n. More decimals than the currency has is a 400 naming `field` (DECIMAL_MAX_SCALE): money is
 * never rounded silently.
 */
export function parseAmount(amount: string, currency: string, field: string): bigint {
  const decimals = currencyDecimals(currency);
  const [whole = '0', fraction = ''] = amount.split('.');
  if (fraction.length > decimals) {
    throw violation(
      field,
      'DECIMAL_MAX_SCALE',
      `${field} "${amount}" has more decimals than ${currency} allows (${decimals})`,
    );
  }
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}

/** 1999n in USD → "19.99". */
export function formatAmount(minor: bigint, currency: string): string {
  const decimals = currencyDecimals(currency);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** The wire shape: the exact decimal string plus the amount as the site's locale writes it. */
export function toMoney(minor: bigint, currency: string, locale: string): Money {
  const amount = formatAmount(minor, currency);
  // Intl formats from a decimal string exactly (no float rounding) when given the string itself.
  const formattedAmount = formatter(locale, currency).format(amount as unknown as number);
  return { amount, formattedAmount };
}
