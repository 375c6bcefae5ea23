import addressFormatter from '@fragaria/address-formatter';
import type { Address } from '@plaza/contracts';

/**
 * An address as the lines its country writes it ("New York, NY 10001" in the US, "10115 Berlin" in Germany), from a
 * maintained formatter (OpenCage's per-country templates) rather than rules of our own. The second address line
 * (apartment, suite) follows the street; the country is named last, in English.
 */
export function addressLines(a: Address | undefined): string[] {
  if (!a) return [];
  const lines = addressFormatter.format(
    {
      ...(a.addressLine ? { road: a.addressLine } : {}),
      ...(a.city ? { city: a.city } : {}),
      ...(a.postalCode ? { postcode: a.postalCode } : {}),
      ...(a.subdivision ? { stateCode: a.subdivision.split('-')[1] } : {}),
      ...(a.country ? { countryCode: a.country } : {}),
    },
    { output: 'array', appendCountry: Boolean(a.country) },
  );
  if (!a.addressLine2) return lines;
  const street = a.addressLine ? lines.findIndex((l) => l.includes(a.addressLine!)) : -1;
  lines.splice(street + 1, 0, a.addressLine2);
  return lines;
}
