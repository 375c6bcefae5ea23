import { useQuery } from '@tanstack/react-query';
import type { Address } from '@plaza/contracts';
import { shopOrderQueries, useMyMember, usePlaza } from '@plaza/react';
import type { Person } from '../../../ui/AddressFields.js';

/** An address a signed-in member has used or kept, offered at checkout. */
export interface SavedAddress {
  key: string;
  /** One line, as the shopper reads it: "1 Main St, San Francisco, 94105, US". */
  label: string;
  address: Address;
  person: Person;
}

const keyOf = (a: Address) =>
  [a.addressLine, a.addressLine2, a.city, a.postalCode, a.subdivision, a.country]
    .map((x) => (x ?? '').trim().toLowerCase())
    .join('|');

const labelOf = (a: Address) =>
  [a.addressLine, a.addressLine2, a.city, a.postalCode, a.country].filter((x) => x && x.trim()).join(', ');

/** Only addresses one can ship to: a street, a city and a country. */
const usable = (a: Address | undefined): a is Address => !!(a?.addressLine?.trim() && a.city?.trim() && a.country);

/**
 * The member's addresses: where their last order went first (the likeliest), then the addresses of their profile
 * (Account → Profile), without repeats. Visitors have none (no request is made for them).
 */
export function useSavedAddresses(): SavedAddress[] {
  const me = useMyMember().data;
  const last = useQuery(shopOrderQueries.lastShippingAddress(usePlaza(), me?.id));
  if (!me) return [];
  const contact = me.contact ?? {};
  const own: Person = {
    firstName: contact.firstName ?? '',
    lastName: contact.lastName ?? '',
    phone: contact.phones?.[0]?.phone ?? '',
  };
  const found: SavedAddress[] = [];
  const add = (address: Address | undefined, person: Person) => {
    if (!usable(address) || found.some((f) => f.key === keyOf(address))) return;
    found.push({ key: keyOf(address), label: labelOf(address), address, person });
  };
  const fromOrder = last.data;
  if (fromOrder) {
    const c = fromOrder.contactDetails;
    add(fromOrder.address, {
      firstName: c?.firstName ?? own.firstName,
      lastName: c?.lastName ?? own.lastName,
      phone: c?.phone ?? own.phone,
    });
  }
  for (const a of contact.addresses ?? []) add(a.address, own);
  return found;
}

export const sameAddress = (a: Address, b: Address) => keyOf(a) === keyOf(b);
