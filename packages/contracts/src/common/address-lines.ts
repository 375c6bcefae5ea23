import type { Address } from '../ecom/common.js';

/** The part of `@fragaria/address-formatter`'s `format` this needs; passed in so contracts stay dependency-free. */
export type AddressFormat = (
  input: Record<string, string>,
  options: { output: 'array'; appendCountry: boolean },
) => string[];

/**
 * An address as the lines its country writes it ("New York, NY 10001" in the US, "10115 Berlin" in Germany), by the
 * maintained per-country formatter the caller hands in (the server imports it; the web app loads it lazily). The
 * second address line (apartment, suite) follows the street; the country is named last, in English.
 */
export function addressLinesWith(format: AddressFormat, a: Address | undefined): string[] {
  if (!a) return [];
  const lines = format(
    {
      ...(a.addressLine ? { road: a.addressLine } : {}),
      ...(a.city ? { city: a.city } : {}),
      ...(a.postalCode ? { postcode: a.postalCode } : {}),
      ...(a.subdivision ? { stateCode: a.subdivision.split('-')[1]! } : {}),
      ...(a.country ? { countryCode: a.country } : {}),
    },
    { output: 'array', appendCountry: Boolean(a.country) },
  );
  if (!a.addressLine2) return lines;
  const street = a.addressLine ? lines.findIndex((l) => l.includes(a.addressLine!)) : -1;
  lines.splice(street + 1, 0, a.addressLine2);
  return lines;
}
