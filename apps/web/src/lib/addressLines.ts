import { useEffect, useState } from 'react';
import type { Address } from '@plaza/contracts';
import { addressLinesWith } from '@plaza/contracts/constants';
import type * as AddressFormatter from '@fragaria/address-formatter';

/**
 * An address as the lines its country writes it ("New York, NY 10001", "10115 Berlin"), by the maintained
 * formatter the server's invoices use too. The formatter (its templates for every country) is its own chunk, loaded
 * by the first screen that prints an address, so the storefront's first page never carries it.
 */
type Formatter = typeof AddressFormatter.format;
let formatter: Formatter | undefined;
let loading: Promise<Formatter> | undefined;
const load = () =>
  (loading ??= import('@fragaria/address-formatter').then((m) => {
    const mod = m as unknown as { default?: { format: Formatter }; format: Formatter };
    formatter = mod.default?.format ?? mod.format;
    return formatter;
  }));

/** Formats addresses into lines once the formatter is loaded (`undefined` for that first moment). */
export function useAddressFormat(): ((a: Address | undefined) => string[]) | undefined {
  const [ready, setReady] = useState(Boolean(formatter));
  useEffect(() => {
    if (!ready) void load().then(() => setReady(true));
  }, [ready]);
  const format = formatter;
  return format ? (a) => addressLinesWith(format, a) : undefined;
}

/** One address's lines; `undefined` for the moment the formatter takes to load the first time. */
export const useAddressLines = (a: Address | undefined) => useAddressFormat()?.(a);

/** Loads the formatter ahead (tests, or a screen about to print addresses). */
export const loadAddressFormatter = load;
