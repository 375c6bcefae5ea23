import addressFormatter from '@fragaria/address-formatter';
import type { Address } from '@plaza/contracts';
import { addressLinesWith } from '@plaza/contracts/constants';

/**
 * An address as the lines its country writes it ("New York, NY 10001" in the US, "10115 Berlin" in Germany), from a
 * maintained formatter (OpenCage's per-country templates) rather than rules of our own. The second address line
 * (apartment, suite) follows the street; the country is named last, in English.
 */
export const addressLines = (a: Address | undefined): string[] => addressLinesWith(addressFormatter.format, a);
